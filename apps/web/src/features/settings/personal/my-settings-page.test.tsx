// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Profile, UserSession } from '@hireloop/contract/me';
import { NOTIFICATION_TYPES } from '@hireloop/contract/notification-types';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation, testUser } from '../../../app/test-helpers.tsx';
import { authStore } from '../../session/auth-store.ts';
import { checkImageFile } from '../../../components/image-upload-field.tsx';
import { expectOneSaveForDoubleClick, holdAnswers } from '../../../test/double-submit.ts';

const profile: Profile = {
  id: 'u1',
  name: 'Dana Whitfield',
  email: 'dana@example.test',
  avatar_url: null,
  timezone: 'Europe/London',
  email_preferences: Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, true])) as Profile['email_preferences'],
};
const sessions: UserSession[] = [
  { id: 's1', created_at: '2025-03-01T09:00:00Z', last_seen_at: '2025-03-02T09:00:00Z', user_agent: null, ip: '127.0.0.1', current: true },
  {
    id: 's2',
    created_at: '2025-02-01T09:00:00Z',
    last_seen_at: '2025-02-02T09:00:00Z',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ip: '10.0.0.2',
    current: false,
  },
];

const empty = { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } };
const api = setUpFakeApi(({ method, path }) =>
  path === 'me' && method === 'GET'
    ? { profile }
    : path === 'me/sessions' && method === 'GET'
      ? { sessions: { data: sessions, meta: { page: 1, per_page: 2, total: 2, last_page: 1 } } }
      : path === 'me/sessions' && method === 'DELETE'
        ? { ended: 1 }
        : path === 'auth'
          ? { auth: { user: { ...testUser, name: 'Dana W.' }, organisations: [testOrganisation] } }
          : path === 'notifications' || path.endsWith('/users') || path.endsWith('/role')
            ? { [path.split('/').pop()!]: empty }
            : undefined,
);

beforeEach(() => signInForTest());

describe('My Personal Settings', () => {
  it('saves the name, then reads GET auth again so the header follows', async () => {
    api.answer = (call) => (call.method === 'PATCH' ? { status: 200, body: { profile: { ...profile, name: 'Dana W.' } } } : undefined);
    renderApp('/settings/me');
    const name = await screen.findByDisplayValue('Dana Whitfield', {}, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'Dana W.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'GET' && c.path === 'auth')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Dana W.', timezone: 'Europe/London' });
    await waitFor(() => expect(authStore.getState().user?.name).toBe('Dana W.'));
  });

  it('shows the field messages the server sends, and checks the name before sending', async () => {
    renderApp('/settings/me');
    const name = await screen.findByDisplayValue('Dana Whitfield', {}, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'D' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your name must be at least 2 characters.')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('saves the profile once for a double click, and the button is busy until the server answers', async () => {
    api.answer = (call) => (call.method === 'PATCH' ? { status: 200, body: { profile: { ...profile, name: 'Dana W.' } } } : undefined);
    renderApp('/settings/me');
    const name = await screen.findByDisplayValue('Dana Whitfield', {}, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'Dana W.' } });
    const { release } = holdAnswers((method) => method === 'PATCH');
    await expectOneSaveForDoubleClick(screen.getByRole('button', { name: 'Save profile' }), {
      requests: () => api.calls.filter((c) => c.method === 'PATCH').length,
      release,
      saved: 'Your profile is saved.',
    });
  });

  it('saves one email switch at a time: a double click sends one change, and every switch waits for it', async () => {
    api.answer = (call) =>
      call.method === 'PATCH'
        ? { status: 200, body: { profile: { ...profile, email_preferences: { ...profile.email_preferences, mention: false } } } }
        : undefined;
    renderApp('/settings/me');
    const mentions = await screen.findByRole('switch', { name: /Mentions/ }, { timeout: 5000 });
    const { release } = holdAnswers((method) => method === 'PATCH');
    act(() => {
      fireEvent.click(mentions);
      fireEvent.click(mentions);
    });
    await waitFor(() => expect((mentions as HTMLInputElement).disabled).toBe(true));
    for (const other of screen.getAllByRole('switch')) expect((other as HTMLInputElement).disabled).toBe(true);
    await act(async () => release());
    await waitFor(() => expect((mentions as HTMLInputElement).disabled).toBe(false));
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ email_preferences: { mention: false } }]);
  });

  it('turns an email notification off with one switch', async () => {
    api.answer = (call) =>
      call.method === 'PATCH'
        ? { status: 200, body: { profile: { ...profile, email_preferences: { ...profile.email_preferences, mention: false } } } }
        : undefined;
    renderApp('/settings/me');
    const mentions = await screen.findByRole('switch', { name: /Mentions/ }, { timeout: 5000 });
    fireEvent.click(mentions);
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ email_preferences: { mention: false } }));
  });

  it('lists sessions with this device marked, and signs out everywhere else', async () => {
    renderApp('/settings/me');
    const region = await screen.findByRole('region', { name: 'Sessions' }, { timeout: 5000 });
    expect(await within(region).findByText('This device')).toBeTruthy();
    expect(within(region).getByText('Firefox on Linux')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'me/sessions')).toBe(true));
  });
});

describe('checkImageFile', () => {
  it('refuses what the server would: other types and files over 2 MB', () => {
    expect(checkImageFile(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(checkImageFile(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }))).toBe(
      'The file must be a PNG, JPEG, WebP or GIF image.',
    );
    expect(checkImageFile(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }))).toBe(
      'The image may not be larger than 2 MB.',
    );
  });
});
