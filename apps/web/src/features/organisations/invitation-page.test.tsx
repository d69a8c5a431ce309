// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { InvitationPreview } from '@hireloop/contract/invitations';
import { appState } from '../../app/app-state.ts';
import { renderApp, signInForTest, signOutForTest, testLocation, testOrganisation, testUser } from '../../app/test-helpers.tsx';
import { authStore } from '../session/auth-store.ts';

const TOKEN = 'a'.repeat(43);
const preview: InvitationPreview = {
  id: 'i1',
  organisation: { name: 'Northwind Labs' },
  email: 'dana@example.test',
  role: 'recruiter',
  inviter_name: 'Marcus Lee',
  state: 'pending',
  expires_at: '2030-01-08T12:00:00Z',
};

type Call = { method: string; path: string };

const emptyPage = { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } };
/** What start-up loads for the organisation after the session is read again. */
function startUpData(path: string): { status: number; body?: unknown } {
  const key = path.split('/').pop() ?? '';
  if (key === 'billing') return { status: 200, body: { billing: { plan: 'trial', trail_ends_at: null, products: [] } } };
  if (key === 'role') return { status: 200, body: { roles: emptyPage } };
  if (key === 'users' || key === 'notifications') return { status: 200, body: { [key]: emptyPage } };
  return { status: 204 };
}
let calls: Call[];
let answer: (call: Call) => { status: number; body?: unknown };
/** When set, the fetch of a call it picks waits for `hold.gate` before being answered. */
let hold: { picks: (call: Call) => boolean; gate: Promise<void> } | null;

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  appState.setLoading(false);
  calls = [];
  hold = null;
  answer = () => ({ status: 200, body: { invitation: preview } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '').replace(/\/+$/, '');
      const call = { method: init?.method ?? 'GET', path };
      calls.push(call);
      if (hold?.picks(call)) await hold.gate;
      const { status, body } = answer(call);
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
});

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('/invitations/:token', () => {
  it('signed out, says whom the invitation is from and signs in with Google, coming back to the link', async () => {
    signOutForTest();
    renderApp(`/invitations/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Northwind Labs' })).toBeTruthy();
    expect(screen.getByText(/Marcus Lee invited you to join/)).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in with Google to accept' });
    expect(signIn.getAttribute('href')).toBe(`/api/v1/auth/google/redirect?return_to=${encodeURIComponent(`/invitations/${TOKEN}`)}`);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('signed in with the invited address, accepts and goes to the dashboard', async () => {
    signInForTest();
    answer = (call) =>
      call.method === 'POST' && call.path === `invitations/${TOKEN}/accept`
        ? { status: 200, body: { organisation: { id: 'o1' } } }
        : call.path === 'auth'
          ? { status: 200, body: { auth: { user: testUser, organisations: [testOrganisation] } } }
          : call.path === `invitations/${TOKEN}`
            ? { status: 200, body: { invitation: preview } }
            : startUpData(call.path);
    renderApp(`/invitations/${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: `invitations/${TOKEN}/accept` }));
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
    expect(calls).toContainEqual({ method: 'GET', path: 'auth' });
  });

  it('signed in with another address, explains which one to use instead of offering Accept', async () => {
    signInForTest();
    answer = () => ({ status: 200, body: { invitation: { ...preview, email: 'someone.else@example.test' } } });
    renderApp(`/invitations/${TOKEN}`);
    expect(await screen.findByText(/this invitation was sent to someone\.else@example\.test/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
  });

  it('shows the server’s reason for a link that can no longer be used', async () => {
    signOutForTest();
    answer = () => ({ status: 410, body: { message: 'This invitation has already been used.', code: 'gone' } });
    renderApp(`/invitations/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByText('This invitation has already been used.')).toBeTruthy();
  });

  it('accepts once for a double click, both answers waiting until the server replies', async () => {
    signInForTest();
    answer = (call) =>
      call.method === 'POST' && call.path === `invitations/${TOKEN}/accept`
        ? { status: 200, body: { organisation: { id: 'o1' } } }
        : call.path === 'auth'
          ? { status: 200, body: { auth: { user: testUser, organisations: [testOrganisation] } } }
          : call.path === `invitations/${TOKEN}`
            ? { status: 200, body: { invitation: preview } }
            : startUpData(call.path);
    let release!: () => void;
    hold = { picks: (call) => call.method === 'POST', gate: new Promise((resolve) => (release = resolve)) };
    renderApp(`/invitations/${TOKEN}`);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    act(() => {
      fireEvent.click(accept);
      fireEvent.click(accept);
    });
    const posts = () => calls.filter((c) => c.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Decline' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => release());
    await waitFor(() => expect(testLocation()).toBe('/dashboard'));
    expect(posts()).toEqual([{ method: 'POST', path: `invitations/${TOKEN}/accept` }]);
  });
});
