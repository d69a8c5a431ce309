/**
 * Helpers for the tests that a request a person starts runs once (apps/web/src/lib/submit-once.ts):
 * a promise the test settles, a double click at its fastest, and answers held while a request runs.
 */
import { expect, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';

/** A promise and the functions that settle it, for an action that waits until the test says so. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Two clicks in the same tick, before React shows anything of the first: a double click at its fastest. */
export function doubleClick(element: HTMLElement): void {
  act(() => {
    fireEvent.click(element);
    fireEvent.click(element);
  });
}

/**
 * Holds the answers to the requests `match` picks until `release()`. Each request is passed on to
 * the fetch stubbed before (the fake API of apps/web/src/app/test-helpers.tsx, which records it) at
 * once and counted in `sent`; only its answer waits, so a test sees the control while the request
 * runs. `path` is the part after `/api/v1/` without the query, as in the fake API's calls.
 */
export function holdAnswers(match: (method: string, path: string) => boolean): { readonly sent: number; release: () => void } {
  const answer = globalThis.fetch;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '').replace(/\/+$/, '');
    const held = match(init?.method ?? 'GET', path);
    if (held) sent += 1;
    const response = await answer(input, init);
    if (held) await gate;
    return response;
  });
  return {
    get sent() {
      return sent;
    },
    release: () => release(),
  };
}

/** Whether a Mantine button shows its busy state. */
export const isBusy = (button: HTMLElement): boolean => button.getAttribute('data-loading') === 'true';

/**
 * A save button clicked twice at once while its answer is held (`release`, from holdAnswers): one
 * request (`requests` counts them), the button busy until the answer, then `saved` shown, the
 * button free again, and still one request.
 */
export async function expectOneSaveForDoubleClick(
  save: HTMLElement,
  o: { requests: () => number; release: () => void; saved: string },
): Promise<void> {
  doubleClick(save);
  await waitFor(() => expect(isBusy(save)).toBe(true));
  expect(o.requests()).toBe(1);
  await act(async () => o.release());
  expect(await screen.findByText(o.saved)).toBeTruthy();
  await waitFor(() => expect(isBusy(save)).toBe(false));
  expect(o.requests()).toBe(1);
}
