// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { appState } from '../../app/app-state.ts';
import { renderApp, signInForTest } from '../../app/test-helpers.tsx';
import { authStore } from '../session/auth-store.ts';

const notification = (id: string, readAt: string | null) => ({
  id,
  type: 'candidate.applied',
  data: {},
  read_at: readAt,
  created_at: '2030-01-01T10:00:00Z',
});

describe('the notification bell', () => {
  let calls: Array<{ method: string; path: string }>;
  let deleteStatus: number;

  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    appState.setLoading(false);
    calls = [];
    deleteStatus = 204;
    const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '').replace(/\/+$/, '');
        const method = init?.method ?? 'GET';
        calls.push({ method, path });
        const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
        if (path === 'notifications' && method === 'GET') {
          return json({
            notifications: page([notification('n1', null), notification('n2', null), notification('n3', '2030-01-01T11:00:00Z')]),
          });
        }
        if (path === 'notifications' && method === 'DELETE') {
          return deleteStatus === 204
            ? new Response(null, { status: 204 })
            : new Response(JSON.stringify({ message: 'Internal server error.', code: 'internal' }), { status: deleteStatus });
        }
        if (path.endsWith('/users')) return json({ users: page([]) });
        if (path.endsWith('/role')) return json({ roles: page([]) });
        if (path.endsWith('/billing')) return json({ billing: { plan: 'trial', trail_ends_at: null, products: [] } });
        return new Response(null, { status: 204 });
      }),
    );
    signInForTest();
  });

  afterEach(() => {
    authStore.reset();
    vi.unstubAllGlobals();
  });

  it('shows the unread count of the loaded notifications', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('marks all as read with DELETE notifications, then shows none unread', async () => {
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: 'notifications' }));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
  });

  it('keeps the count when marking fails', async () => {
    deleteStatus = 500;
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: 'notifications' }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });
});
