import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@hireloop/contract/notifications';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../lib/dates.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useSessionActions } from '../../session/session-actions.ts';
import { describeNotification } from '../notification-text.ts';
import classes from './notification-item.module.css';

type NotificationItemProps = {
  notification: Notification;
  /** Following the link (the centre closes). */
  onFollow: () => void;
};

/** One entry of the centre: kind, time, the sentence and detail, linking to what it is about. */
export function NotificationItem({ notification, onFollow }: NotificationItemProps) {
  const { label, sentence, detail, url } = describeNotification(notification);
  const unread = notification.read_at === null;
  const follow = useFollow(notification.organisation_id, url);
  const content = (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Box className={classes.dot} data-unread={unread || undefined} aria-hidden />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
          {label} · <time dateTime={notification.created_at}>{formatDateTime(notification.created_at)}</time>
        </Text>
        <Text size="sm" fw={unread ? 600 : 400}>
          {sentence}
        </Text>
        {detail ? (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {detail}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
  return (
    <li className={classes.item}>
      {url ? (
        <UnstyledButton
          component={Link}
          to={url}
          onClick={(event: MouseEvent) => {
            onFollow();
            follow(event);
          }}
          className={classes.link}
        >
          {content}
        </UnstyledButton>
      ) : (
        <Box className={classes.link}>{content}</Box>
      )}
    </li>
  );
}

/**
 * A notification's link is a page of the organisation it came from: following one from another
 * organisation switches to that organisation first, then opens the page. A failed switch leaves the
 * user where they were, told why (as the organisation switcher does).
 */
function useFollow(organisationId: string | null, url: string | null) {
  const { currentOrganisation, organisations } = useAuth();
  const { switchOrganisation } = useSessionActions();
  const navigate = useNavigate();
  return (event: MouseEvent) => {
    if (!url || !organisationId || organisationId === currentOrganisation?.id) return;
    if (!organisations.some((o) => o.id === organisationId)) return;
    event.preventDefault();
    switchOrganisation(organisationId).then(() => navigate(url), toastError);
  };
}
