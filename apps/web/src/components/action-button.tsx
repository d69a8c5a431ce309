import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSubmitOnce } from '../lib/submit-once.ts';
import { toastError } from '../lib/toasts.ts';

type Props = Omit<ButtonProps, 'loading' | 'onClick'> & {
  /** The request; a double click runs it once, and the button spins until it settles. */
  action: () => Promise<unknown>;
  /** The same mutation running from elsewhere: the button waits for it too. */
  pending?: boolean;
  /** Shows a failure; a toast unless given. */
  onError?: (error: unknown) => void;
  type?: 'button' | 'submit';
  'aria-label'?: string;
  children: ReactNode;
};

/** A button that starts a request: one run at a time (apps/web/src/lib/submit-once.ts), busy meanwhile. */
export function ActionButton({ action, pending = false, onError = toastError, children, ...button }: Props) {
  const acting = useSubmitOnce(() => action().catch(onError), pending);
  return (
    <Button {...button} loading={acting.busy} onClick={() => void acting.run()}>
      {children}
    </Button>
  );
}
