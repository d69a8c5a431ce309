import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export type SubmitOnce<A extends unknown[]> = {
  /** Starts the action unless one is in flight; resolves when it settles (a rejection is the action's to show). */
  run: (...args: A) => Promise<void>;
  /** True while the action (or the mutation passed as `pending`) is in flight: the control's `loading`/`disabled`. */
  busy: boolean;
};

/**
 * Guards a mutating action against running twice at once — a double click, Ctrl+Enter pressed twice:
 * while one run is in flight, further calls are ignored. A ref decides, not state (React applies
 * state later), so two calls in the same tick cannot both start. Pass the mutation's `isPending` as
 * `pending` so the control also waits for a request started elsewhere (another button of the same
 * mutation). The action shows its own failure (toast, field error); `run` swallows the rejection so
 * that `onClick={() => void run()}` is safe.
 */
export function useSubmitOnce<A extends unknown[]>(action: (...args: A) => unknown, pending = false): SubmitOnce<A> {
  const inFlight = useRef(false);
  const latest = useRef(action);
  const pendingNow = useRef(pending);
  // The newest action and pending flag, for a run started by the next event (never read during render).
  useLayoutEffect(() => {
    latest.current = action;
    pendingNow.current = pending;
  });
  const [running, setRunning] = useState(false);

  const run = useCallback(async (...args: A) => {
    if (inFlight.current || pendingNow.current) return;
    inFlight.current = true;
    setRunning(true);
    try {
      await latest.current(...args);
    } catch {
      // Shown by the action (toast or field error); the control is usable again.
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  }, []);

  return { run, busy: running || pending };
}
