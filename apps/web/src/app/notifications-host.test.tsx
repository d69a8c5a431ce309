// @vitest-environment jsdom
import '../test/setup-dom.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { cleanNotifications } from '@mantine/notifications';
import { authStore } from '../features/session/auth-store.ts';
import { toastSuccess } from '../lib/toasts.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { signInForTest, signOutForTest } from './test-helpers.tsx';

const toastRoot = () => document.querySelector('.mantine-Notifications-root');

function renderProviders() {
  return render(
    <Providers queryClient={createQueryClient()} env="test">
      <p>page</p>
    </Providers>,
  );
}

afterEach(() => {
  act(() => cleanNotifications());
  authStore.reset();
});

describe('the toast host', () => {
  it('is not there for a signed-out visitor until a toast is shown, which then appears', async () => {
    signOutForTest();
    renderProviders();
    await screen.findByText('page');
    // Its code may load by now (it would here, with nothing to wait for), and still no host.
    await act(async () => void (await import('./toast-host.tsx')));
    expect(toastRoot()).toBeNull();

    act(() => void toastSuccess('Offer accepted.'));
    expect(await screen.findByText('Offer accepted.')).toBeTruthy();
    expect(toastRoot()).not.toBeNull();
  });

  it('is ready as soon as someone is signed in, before the first toast', async () => {
    signInForTest();
    renderProviders();
    await screen.findByText('page');
    await waitFor(() => expect(toastRoot()).not.toBeNull());
    act(() => void toastSuccess('Saved.'));
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });
});
