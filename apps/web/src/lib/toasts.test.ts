import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_AUTO_CLOSE_MS } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { ApiError } from './api-client';
import { describeError, toastError, toastPromise, toastSuccess } from './toasts';

const { show, update } = vi.hoisted(() => ({ show: vi.fn((_data: unknown) => 'toast-1'), update: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications: { show, update } }));

beforeEach(() => {
  show.mockClear();
  update.mockClear();
});

describe('describeError', () => {
  it.each([
    ['an ApiError with a message', new ApiError('The name is taken.', 409, 'conflict'), { message: 'The name is taken.', warning: false }],
    ['an Error with a message', new Error(ERROR_TEXTS.noBusinessSet), { message: ERROR_TEXTS.noBusinessSet, warning: false }],
    ['a non-empty string', 'Plain text', { message: 'Plain text', warning: false }],
    ['an Error without a message', new Error(''), { message: ERROR_TEXTS.generic, warning: true }],
    ['a blank message', new Error('   '), { message: ERROR_TEXTS.generic, warning: true }],
    ['the generic ApiError', new ApiError(ERROR_TEXTS.generic, 0, 'network_error'), { message: ERROR_TEXTS.generic, warning: true }],
    ['undefined', undefined, { message: ERROR_TEXTS.generic, warning: true }],
    ['null', null, { message: ERROR_TEXTS.generic, warning: true }],
    ['an object', { message: 'not an Error' }, { message: ERROR_TEXTS.generic, warning: true }],
  ])('describes %s', (_name, error, expected) => {
    expect(describeError(error)).toEqual(expected);
  });
});

describe('toastSuccess and toastError', () => {
  it('shows a success toast that closes after the standard delay', () => {
    expect(toastSuccess('Saved.')).toBe('toast-1');
    expect(show).toHaveBeenCalledWith({ message: 'Saved.', color: 'teal', autoClose: TOAST_AUTO_CLOSE_MS });
  });

  it('shows the error message in red', () => {
    toastError(new ApiError('Not found.', 404, 'not_found'));
    expect(show).toHaveBeenCalledWith({ message: 'Not found.', color: 'red', autoClose: TOAST_AUTO_CLOSE_MS });
  });

  it('shows the generic text as a warning when the error has no message', () => {
    toastError(new Error());
    expect(show).toHaveBeenCalledWith({ message: ERROR_TEXTS.generic, color: 'yellow', autoClose: TOAST_AUTO_CLOSE_MS });
  });
});

describe('toastPromise', () => {
  it('shows a loading toast that stays until the promise settles', () => {
    void toastPromise(new Promise<void>(() => undefined), { loading: 'Saving…', success: 'Saved.' });
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Saving…', loading: true, autoClose: false }));
    expect(update).not.toHaveBeenCalled();
  });

  it('turns into a success toast, with a message computed from the value', async () => {
    const promise = Promise.resolve({ name: 'Engineer' });
    await expect(toastPromise(promise, { loading: 'Saving…', success: (role) => `${role.name} saved.` })).resolves.toEqual({
      name: 'Engineer',
    });
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'toast-1', message: 'Engineer saved.', color: 'teal', loading: false, autoClose: TOAST_AUTO_CLOSE_MS }),
    );
  });

  it('turns into an error toast with the error message and returns the rejection', async () => {
    const failure = new ApiError('The given data was invalid.', 422, 'validation_failed');
    await expect(toastPromise(Promise.reject(failure), { loading: 'Saving…', success: 'Saved.' })).rejects.toBe(failure);
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'toast-1', message: 'The given data was invalid.', color: 'red', loading: false }),
    );
  });

  it('prefers the error option, and falls back to the generic warning', async () => {
    await expect(toastPromise(Promise.reject(new Error('x')), { loading: 'L', success: 'S', error: 'Could not save.' })).rejects.toThrow();
    expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ message: 'Could not save.', color: 'red' }));
    await expect(toastPromise(Promise.reject(new Error('')), { loading: 'L', success: 'S' })).rejects.toThrow();
    expect(update).toHaveBeenLastCalledWith(expect.objectContaining({ message: ERROR_TEXTS.generic, color: 'yellow' }));
  });
});
