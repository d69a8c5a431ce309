import { ActionIcon, Button, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { countUnread, markAllNotificationsRead, useNotifications } from '../../session/queries.ts';
import { hasOlderNotifications, loadOlderNotifications } from '../notification-cache.ts';
import { NotificationItem } from './notification-item.tsx';

/**
 * The notification centre in the header: a bell with the unread count of the loaded list, and a
 * popover with the list (newest first, older pages on demand), each item linking to what it is
 * about, and "Mark all as read". New notifications arrive in real time (see ../realtime.ts).
 */
export function NotificationBell() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { data, isError, isPending } = useNotifications();
  const [opened, setOpened] = useState(false);
  const [marking, setMarking] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const headingId = useId();
  const unread = countUnread(data);
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;
  const items = data?.data ?? [];

  async function markAllRead() {
    if (!user) return;
    setMarking(true);
    try {
      await markAllNotificationsRead(queryClient, user.id);
      toastSuccess('All notifications marked as read');
    } catch (error) {
      toastError(error);
    } finally {
      setMarking(false);
    }
  }

  async function loadOlder() {
    if (!user) return;
    setLoadingOlder(true);
    try {
      await loadOlderNotifications(queryClient, user.id);
    } catch (error) {
      toastError(error);
    } finally {
      setLoadingOlder(false);
    }
  }

  const summary = isError
    ? 'Your notifications could not be loaded.'
    : isPending
      ? null
      : unread === 0
        ? 'You are all caught up.'
        : `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`;

  return (
    // The Indicator wraps the Popover so the popover's ARIA attributes land on the button, not on the badge's div.
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} offset={4} color="red.8">
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal returnFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            onClick={() => setOpened((open) => !open)}
            // Focus stays on the bell when it opens the list: Escape there closes it too (the dropdown handles its own).
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpened(false);
            }}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown aria-labelledby={headingId} p="xs">
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" px="xs" pt={4}>
              <Title order={2} fz="sm" id={headingId}>
                Notifications
              </Title>
              <Button size="compact-xs" variant="subtle" onClick={() => void markAllRead()} loading={marking} disabled={unread === 0}>
                Mark all as read
              </Button>
            </Group>
            {summary ? (
              <Text size="sm" c="dimmed" px="xs" aria-live="polite">
                {summary}
              </Text>
            ) : (
              <Group justify="center" py="sm">
                <Loader size="sm" aria-label="Loading notifications" />
              </Group>
            )}
            {items.length > 0 ? (
              <ScrollArea.Autosize mah={420} type="auto" offsetScrollbars>
                <Stack component="ul" gap={2} m={0} p={0} aria-label="Notifications">
                  {items.map((notification) => (
                    <NotificationItem key={notification.id} notification={notification} onFollow={() => setOpened(false)} />
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            ) : null}
            {hasOlderNotifications(data) ? (
              <Button size="xs" variant="light" onClick={() => void loadOlder()} loading={loadingOlder}>
                Show older notifications
              </Button>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
