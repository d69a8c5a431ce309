import { Notifications, type NotificationsProps } from '@mantine/notifications';

/** Mantine's toast host, its own chunk (see notifications-host.tsx). */
export function ToastHost(props: NotificationsProps) {
  return <Notifications {...props} />;
}
