// @vitest-environment jsdom
import { renderWithProviders } from '../test/setup-dom';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { ApiError } from '../lib/api-client';
import { ConfirmModal } from './confirm-modal';
import { deferred } from '../test/double-submit.ts';

/** Opens the modal from a button, as the screens do, and reports when it closes. */
function Harness({ onConfirm }: { onConfirm: () => Promise<unknown> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'asking' : 'closed'}</span>
      <ConfirmModal
        subject={open ? { title: 'Delete it?', message: 'This cannot be undone.', confirmLabel: 'Delete' } : null}
        failedTitle="Not deleted"
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmModal', () => {
  it('runs the action once for a double click, holds the modal open meanwhile and closes when it succeeds', async () => {
    const pending = deferred();
    const action = vi.fn(() => pending.promise);
    renderWithProviders(<Harness onConfirm={action} />);
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    act(() => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    expect(action).toHaveBeenCalledTimes(1);
    // Escape and Cancel wait for the action.
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('asking')).toBeTruthy();
    await act(async () => {
      pending.resolve();
      await pending.promise;
    });
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('stays open with the server message when the action fails, and Cancel then closes it', async () => {
    const action = vi.fn(() => Promise.reject(new ApiError('The role still has recruitments.', 409, 'conflict')));
    renderWithProviders(<Harness onConfirm={action} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not deleted');
    expect(alert.textContent).toContain('The role still has recruitments.');
    expect(screen.getByText('asking')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByText('closed')).toBeTruthy());
  });

  it('puts the focus on confirm, so Enter confirms', async () => {
    const action = vi.fn(() => Promise.resolve());
    renderWithProviders(<Harness onConfirm={action} />);
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
  });
});
