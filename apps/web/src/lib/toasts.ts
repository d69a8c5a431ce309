import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { ApiError } from './api-client.ts';

/** What an error toast says, and whether it is the warning-coloured fallback (docs/product.md §8). */
export type ErrorToastContent = { message: string; warning: boolean };

export type ToastPromiseOptions<T> = {
  loading: string;
  success: string | ((value: T) => string);
  /** Shown on rejection; without it the error's own message (or the generic warning) is shown. */
  error?: string;
};

const SUCCESS_COLOR = 'teal';
const ERROR_COLOR = 'red';
const WARNING_COLOR = 'yellow';

/** ApiError and Error carry a user-facing message; anything else gets the generic warning. */
export function describeError(error: unknown): ErrorToastContent {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (message.trim() === '' || message === ERROR_TEXTS.generic) return { message: ERROR_TEXTS.generic, warning: true };
  return { message, warning: false };
}

function errorToast(error: unknown, override?: string): { message: string; color: string } {
  const content = override !== undefined && override !== '' ? { message: override, warning: false } : describeError(error);
  return { message: content.message, color: content.warning ? WARNING_COLOR : ERROR_COLOR };
}

export function toastSuccess(message: string): string {
  return notifications.show({ message, color: SUCCESS_COLOR, autoClose: TOAST_AUTO_CLOSE_MS });
}

export function toastError(error: unknown): string {
  return notifications.show({ ...errorToast(error), autoClose: TOAST_AUTO_CLOSE_MS });
}

/** The server's message for `field` goes on that field (through `show`); any other error becomes a toast. */
export function showFieldErrorOrToast(error: unknown, field: string, show: (message: string) => void): void {
  const message = error instanceof ApiError ? error.errors?.[field]?.[0] : undefined;
  if (message) show(message);
  else toastError(error);
}

/**
 * A loading toast that turns into success or error when the promise settles (docs/product.md §4).
 * Returns the same promise, so the caller still sees (and must handle) a rejection.
 */
export function toastPromise<T>(promise: Promise<T>, options: ToastPromiseOptions<T>): Promise<T> {
  const id = notifications.show({ message: options.loading, loading: true, autoClose: false, allowClose: false });
  promise.then(
    (value) => {
      const message = typeof options.success === 'function' ? options.success(value) : options.success;
      notifications.update({ id, message, color: SUCCESS_COLOR, loading: false, autoClose: TOAST_AUTO_CLOSE_MS, allowClose: true });
    },
    (error: unknown) => {
      notifications.update({ id, ...errorToast(error, options.error), loading: false, autoClose: TOAST_AUTO_CLOSE_MS, allowClose: true });
    },
  );
  return promise;
}
