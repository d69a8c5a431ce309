// @vitest-environment jsdom
import { renderWithProviders } from '../test/setup-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../lib/api-client';
import { ImageUploadField } from './image-upload-field';
import { deferred, doubleClick } from '../test/double-submit.ts';

const { toastError, toastSuccess } = vi.hoisted(() => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../lib/toasts', () => ({ toastError, toastSuccess }));

type Callbacks = { onUpload?: (file: File) => Promise<unknown>; onRemove?: () => Promise<unknown> };

function renderField({ currentUrl = null, ...callbacks }: Callbacks & { currentUrl?: string | null } = {}) {
  const onUpload = vi.fn(callbacks.onUpload ?? (() => Promise.resolve()));
  const onRemove = vi.fn(callbacks.onRemove ?? (() => Promise.resolve()));
  const view = renderWithProviders(
    <ImageUploadField
      label="Logo"
      description="Shown on your careers site."
      currentUrl={currentUrl}
      fallback="AC"
      noun="logo"
      radius="md"
      field="logo"
      onUpload={onUpload}
      onRemove={onRemove}
    />,
  );
  return { onUpload, onRemove, ...view };
}

const logo = new File(['png'], 'logo.png', { type: 'image/png' });

function choose(container: HTMLElement, file: File) {
  fireEvent.change(container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [file] } });
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

beforeAll(() => {
  // jsdom has no blob URLs; the preview only needs one to show.
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
});

beforeEach(() => {
  toastError.mockClear();
  toastSuccess.mockClear();
});

describe('ImageUploadField upload', () => {
  it('uploads once for a double click on save, busy with Cancel disabled until it settles', async () => {
    const pending = deferred();
    const { container, onUpload } = renderField({ onUpload: () => pending.promise });
    choose(container, logo);
    const save = button('Save logo');
    doubleClick(save);
    expect(onUpload).toHaveBeenCalledTimes(1);
    expect(onUpload).toHaveBeenCalledWith(logo);
    expect(save.disabled).toBe(true);
    expect(save.hasAttribute('data-loading')).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    fireEvent.click(save);
    expect(onUpload).toHaveBeenCalledTimes(1);

    await act(async () => pending.resolve());
    expect(toastSuccess).toHaveBeenCalledWith('Your new logo is saved.');
    expect(screen.queryByText(/Preview of logo.png/)).toBeNull();
    expect(onUpload).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s field message under the field and keeps the chosen image, usable again', async () => {
    const pending = deferred();
    const { container, onUpload } = renderField({ onUpload: () => pending.promise });
    choose(container, logo);
    doubleClick(button('Save logo'));
    await act(async () =>
      pending.reject(new ApiError('The given data was invalid.', 422, 'validation_failed', { logo: ['The image is damaged.'] })),
    );
    expect(screen.getByRole('alert').textContent).toBe('The image is damaged.');
    expect(toastError).not.toHaveBeenCalled();
    expect(screen.getByText(/Preview of logo.png/)).toBeTruthy();
    expect(button('Save logo').disabled).toBe(false);
    expect(button('Cancel').disabled).toBe(false);
    expect(onUpload).toHaveBeenCalledTimes(1);
  });

  it('toasts any other failure', async () => {
    const failure = new Error('Network down');
    const { container } = renderField({ onUpload: () => Promise.reject(failure) });
    choose(container, logo);
    await act(async () => fireEvent.click(button('Save logo')));
    expect(toastError).toHaveBeenCalledWith(failure);
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});

describe('ImageUploadField remove', () => {
  it('removes once for a double click, busy with Change disabled until it settles, then usable after a failure', async () => {
    let pending = deferred();
    const { onRemove } = renderField({ currentUrl: '/files/logo.png', onRemove: () => pending.promise });
    const remove = button('Remove logo');
    doubleClick(remove);
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(remove.disabled).toBe(true);
    expect(remove.hasAttribute('data-loading')).toBe(true);
    expect(button('Change logo').disabled).toBe(true);

    const failure = new ApiError('Not allowed.', 403, 'forbidden');
    await act(async () => pending.reject(failure));
    expect(toastError).toHaveBeenCalledWith(failure);
    expect(remove.disabled).toBe(false);

    pending = deferred();
    doubleClick(remove);
    await act(async () => pending.resolve());
    expect(toastSuccess).toHaveBeenCalledWith('The logo is removed.');
    expect(onRemove).toHaveBeenCalledTimes(2);
  });
});
