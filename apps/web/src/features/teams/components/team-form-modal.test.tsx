// @vitest-environment jsdom
import { renderWithProviders } from '../../../test/setup-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { TeamBody } from '@hireloop/contract/teams';
import { ApiError } from '../../../lib/api-client';
import { TeamFormModal } from './team-form-modal';
import { deferred, doubleClick } from '../../../test/double-submit.ts';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const { toastError } = vi.hoisted(() => ({ toastError: vi.fn() }));
vi.mock('../../../lib/toasts', () => ({ toastError }));

function renderModal(onSubmit: (body: TeamBody) => Promise<unknown>) {
  const onClose = vi.fn();
  const submit = vi.fn(onSubmit);
  renderWithProviders(<TeamFormModal opened title="New team or client" submitLabel="Create" onClose={onClose} onSubmit={submit} />);
  return { onClose, onSubmit: submit };
}

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

beforeEach(() => {
  toastError.mockClear();
});

describe('TeamFormModal', () => {
  it('saves once for a double click, holds the dialog (Cancel, close, Escape) until it settles, then closes', async () => {
    const pending = deferred();
    const { onSubmit, onClose } = renderModal(() => pending.promise);
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: '  Acme Retail ' } });
    const create = button('Create');
    doubleClick(create);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Acme Retail', kind: 'team' });
    expect(create.disabled).toBe(true);
    expect(create.hasAttribute('data-loading')).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    expect(button('Close').disabled).toBe(true);
    fireEvent.click(button('Cancel'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => pending.resolve());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('puts the server’s field messages on the fields and keeps what was typed, usable again', async () => {
    const pending = deferred();
    const { onSubmit, onClose } = renderModal(() => pending.promise);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    fireEvent.change(name, { target: { value: 'Acme Retail' } });
    doubleClick(button('Create'));
    await act(async () =>
      pending.reject(new ApiError('The given data was invalid.', 422, 'validation_failed', { name: ['That name is taken.'] })),
    );
    expect(screen.getByText('That name is taken.')).toBeTruthy();
    expect(name).toHaveProperty('value', 'Acme Retail');
    expect(toastError).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Create').disabled).toBe(false);
    expect(button('Cancel').disabled).toBe(false);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('toasts any other failure and stays open', async () => {
    const failure = new Error('Network down');
    const { onClose } = renderModal(() => Promise.reject(failure));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Acme Retail' } });
    await act(async () => fireEvent.click(button('Create')));
    expect(toastError).toHaveBeenCalledWith(failure);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
