import { lazy, Suspense, useState } from 'react';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { useAuth } from '../features/session/auth-store.ts';

// Mantine's toast host (with its transitions and scroll-lock class names) is a chunk of its own.
const ToastHost = lazy(async () => ({ default: (await import('./toast-host.tsx')).ToastHost }));

/**
 * Where toasts appear. `notifications.show()` only writes to Mantine's store, so the host can
 * come later: it is mounted once someone is signed in (the app shows toasts from then on, so it
 * is ready before the first) or as soon as a toast is waiting (public pages, e.g. the offer
 * page), which then appears with its enter transition. Signed out, /login never loads it.
 * Once mounted it stays, so the last toast still has its exit transition.
 */
export function NotificationsHost(props: Pick<NotificationsProps, 'position' | 'autoClose'>) {
  const { notifications, queue } = useNotifications();
  const { status } = useAuth();
  const [wanted, setWanted] = useState(false);
  if (!wanted && (status === 'authenticated' || notifications.length > 0 || queue.length > 0)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost {...props} />
    </Suspense>
  );
}
