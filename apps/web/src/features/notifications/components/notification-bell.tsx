import { ActionIcon, Button, Indicator, Popover, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { countUnread, markAllNotificationsRead, useNotifications } from '../../session/queries.ts';

/**
 * The header bell: the unread count of the loaded notifications and "Mark all as read".
 * The notification centre (the list itself, live updates) comes with the real-time issue.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { data, isError } = useNotifications();
  const [marking, setMarking] = useState(false);
  const unread = countUnread(data);
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

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

  return (
    // The Indicator wraps the Popover so the popover's ARIA attributes land on the button, not on the badge's div.
    <Indicator label={unread > 99 ? '99+' : unread} size={18} disabled={unread === 0} offset={4} color="red.8">
      <Popover position="bottom-end" width={280} shadow="md" withinPortal>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Notifications
            </Text>
            <Text size="sm" c="dimmed">
              {isError
                ? 'Your notifications could not be loaded.'
                : unread === 0
                  ? 'You are all caught up.'
                  : `You have ${unread} unread ${unread === 1 ? 'notification' : 'notifications'}.`}
            </Text>
            <Button size="xs" variant="light" onClick={() => void markAllRead()} loading={marking} disabled={unread === 0}>
              Mark all as read
            </Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
