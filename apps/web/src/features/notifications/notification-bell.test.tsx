// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@hireloop/contract/notifications';
import type { OrganisationSummary } from '@hireloop/contract/auth';
import { AppRoutes } from '../../app/app.tsx';
import { appState } from '../../app/app-state.ts';
import { Providers } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { logout, startUp, switchOrganisation } from '../../app/session.ts';
import {
  renderApp,
  signInForTest,
  stubApi,
  testLocation,
  testOrganisation,
  testUser,
  type ApiAnswer,
  type ApiCall,
} from '../../app/test-helpers.tsx';
import { setRealtimeSourceFactory, type RealtimeListener, type RealtimeSource } from '../../lib/realtime.ts';
import { authStore } from '../session/auth-store.ts';

const notification = (id: string, readAt: string | null, patch: Partial<Notification> = {}): Notification => ({
  id,
  type: 'new_application',
  organisation_id: null,
  data: { title: `New candidate in Platform Engineer (${id})`, body: 'Morgan Ellis', url: `/recruitment/r1/candidates?application=${id}` },
  read_at: readAt,
  created_at: '2030-01-01T10:00:00Z',
  ...patch,
});

const meta = (total: number, page = 1, lastPage = 1) => ({ page, per_page: 25, total, last_page: lastPage });
const FIRST_FIND = { timeout: 10_000 };

/** The fake API of these tests: start-up data, a first page of three (two unread), and what a test adds. */
function stubCentreApi(extra: (call: ApiCall) => ApiAnswer | undefined = () => undefined): ApiCall[] {
  return stubApi((call) => {
    const answer = extra(call);
    if (answer) return answer;
    const ok = (body: unknown): ApiAnswer => ({ status: 200, body });
    if (call.path === 'auth') return ok({ auth: { user: testUser, organisations: [testOrganisation] } });
    if (call.path === 'notifications' && call.method === 'GET') {
      return ok({
        notifications: {
          data: [notification('n1', null), notification('n2', null), notification('n3', '2030-01-01T11:00:00Z')],
          meta: meta(3),
        },
      });
    }
    if (call.path.endsWith('/users')) return ok({ users: { data: [], meta: meta(0) } });
    if (call.path.endsWith('/role')) return ok({ roles: { data: [], meta: meta(0) } });
    if (call.path.endsWith('/billing')) return ok({ billing: { plan: 'trial', trail_ends_at: null, products: [] } });
    return undefined;
  });
}

/** A stand-in for the push service: records what the app joins, and lets a test push events. */
function installFakeRealtime() {
  type Binding = { channel: string; event: string; listener: RealtimeListener };
  const sources: Array<RealtimeSource & { bindings: Binding[]; reconnectListeners: Array<() => void>; closed: boolean }> = [];
  setRealtimeSourceFactory(() => {
    const source = {
      bindings: [] as Binding[],
      reconnectListeners: [] as Array<() => void>,
      closed: false,
      onReconnect(listener: () => void) {
        source.reconnectListeners.push(listener);
        return () => {
          source.reconnectListeners = source.reconnectListeners.filter((other) => other !== listener);
        };
      },
      listen(channel: string, event: string, listener: RealtimeListener) {
        const binding = { channel, event, listener };
        source.bindings.push(binding);
        return () => {
          source.bindings = source.bindings.filter((other) => other !== binding);
        };
      },
      close() {
        source.closed = true;
        source.bindings = [];
        source.reconnectListeners = [];
      },
    };
    sources.push(source);
    return source;
  });
  return {
    sources,
    /** Channels joined on open connections. */
    joined: () => sources.filter((s) => !s.closed).flatMap((s) => s.bindings.map((b) => `${b.channel} ${b.event}`)),
    /** The socket came back after a loss. */
    reconnect() {
      act(() => {
        for (const source of sources) for (const listener of source.reconnectListeners) listener();
      });
    },
    push(channel: string, event: string, data: unknown) {
      act(() => {
        for (const source of sources) {
          if (source.closed) continue;
          for (const binding of source.bindings) if (binding.channel === channel && binding.event === event) binding.listener(data);
        }
      });
    },
  };
}

function renderWith(queryClient: QueryClient, path: string) {
  return render(
    <Providers queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  appState.setLoading(false);
  // Toasts outlive a test: a message looked for must be this test's.
  notifications.clean();
});

afterEach(() => {
  setRealtimeSourceFactory(null);
  authStore.reset();
  vi.unstubAllGlobals();
});

describe('the notification centre', () => {
  let calls: ApiCall[];
  let deleteStatus: number;

  beforeEach(() => {
    deleteStatus = 204;
    calls = stubCentreApi((call) =>
      call.path === 'notifications' && call.method === 'DELETE'
        ? deleteStatus === 204
          ? { status: 204 }
          : { status: deleteStatus, body: { message: 'Internal server error.', code: 'internal' } }
        : undefined,
    );
    signInForTest();
  });

  it('shows the unread count of the loaded notifications on the bell', async () => {
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND)).toBeTruthy();
  });

  it('lists the notifications with a sentence each, unread ones marked, each linking to what it is about', async () => {
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]?.textContent).toMatch(/^Unread: New application · .*New candidate in Platform Engineer \(n1\)Morgan Ellis$/);
    expect(links[2]?.textContent).not.toMatch(/Unread/);
    expect(links[0]?.getAttribute('href')).toBe('/recruitment/r1/candidates?application=n1');
    expect(screen.getByText('You have 2 unread notifications.')).toBeTruthy();

    const second = links[1];
    if (!second) throw new Error('expected a second notification');
    fireEvent.click(second);
    await waitFor(() => expect(testLocation()).toBe('/recruitment/r1/candidates?application=n2'));
  });

  it('following a notification of another organisation switches to it first, then opens the page', async () => {
    const other = { ...testOrganisation, id: 'o2', name: 'Contoso Staffing', slug: 'contoso' };
    calls = stubCentreApi((call) => {
      if (call.path === 'notifications' && call.method === 'GET') {
        const item = notification('n9', null, {
          organisation_id: 'o2',
          data: { title: 'Contoso news', url: '/recruitment/r9/candidates' },
        });
        return { status: 200, body: { notifications: { data: [item], meta: meta(1) } } };
      }
      if (call.path === 'auth/current-organisation' && call.method === 'PUT') {
        return {
          status: 200,
          body: { auth: { user: { ...testUser, current_organisation_id: 'o2' }, organisations: [other, testOrganisation] } },
        };
      }
      return undefined;
    });
    signInForTest([testOrganisation, other]);
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, FIRST_FIND));
    fireEvent.click(await screen.findByRole('link', { name: /Contoso news/ }));
    await waitFor(() => expect(testLocation()).toBe('/recruitment/r9/candidates'));
    expect(calls).toContainEqual(expect.objectContaining({ method: 'PUT', path: 'auth/current-organisation' }));
  });

  it('stays on the page and says why when the switch to the notification’s organisation fails', async () => {
    const other = { ...testOrganisation, id: 'o2', name: 'Contoso Staffing', slug: 'contoso' };
    calls = stubCentreApi((call) => {
      if (call.path === 'notifications' && call.method === 'GET') {
        const item = notification('n9', null, {
          organisation_id: 'o2',
          data: { title: 'Contoso news', url: '/recruitment/r9/candidates' },
        });
        return { status: 200, body: { notifications: { data: [item], meta: meta(1) } } };
      }
      if (call.path === 'auth/current-organisation' && call.method === 'PUT') {
        return { status: 500, body: { message: 'Internal server error.', code: 'internal' } };
      }
      return undefined;
    });
    signInForTest([testOrganisation, other]);
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, FIRST_FIND));
    fireEvent.click(await screen.findByRole('link', { name: /Contoso news/ }));
    expect(await screen.findByText('Internal server error.')).toBeTruthy();
    expect(testLocation()).toBe('/dashboard');
    expect(authStore.getState().currentOrganisation?.id).toBe(testOrganisation.id);
  });

  it('marks all as read with DELETE notifications, then shows none unread', async () => {
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: 'notifications' })));
    expect(await screen.findByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark all as read' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the count when marking fails', async () => {
    deleteStatus = 500;
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(calls).toContainEqual(expect.objectContaining({ method: 'DELETE', path: 'notifications' })));
    expect(await screen.findByText('Internal server error.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('loads older pages on demand, without listing an item twice', async () => {
    calls = stubCentreApi((call) => {
      if (call.path !== 'notifications' || call.method !== 'GET') return undefined;
      return call.search.includes('page=2')
        ? { status: 200, body: { notifications: { data: [notification('n2', null), notification('n4', null)], meta: meta(4, 2, 2) } } }
        : {
            status: 200,
            body: {
              notifications: { data: [notification('n1', null), notification('n2', null)], meta: { ...meta(4, 1, 2), per_page: 2 } },
            },
          };
    });
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND));
    fireEvent.click(await screen.findByRole('button', { name: 'Show older notifications' }));
    expect(await screen.findByText('New candidate in Platform Engineer (n4)')).toBeTruthy();
    expect(calls).toContainEqual(expect.objectContaining({ method: 'GET', path: 'notifications', search: '?page=2&per_page=2' }));
    expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('link')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    stubCentreApi((call) =>
      call.path === 'notifications' ? { status: 500, body: { message: 'Internal server error.', code: 'internal' } } : undefined,
    );
    renderApp('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, none unread' }, FIRST_FIND));
    expect(await screen.findByText('Your notifications could not be loaded.', {}, FIRST_FIND)).toBeTruthy();
  });
});

describe('real-time notifications', () => {
  let queryClient: QueryClient;
  let realtime: ReturnType<typeof installFakeRealtime>;

  beforeEach(() => {
    queryClient = createQueryClient();
    realtime = installFakeRealtime();
  });

  afterEach(async () => {
    // Closes the session's connection, so the next test starts without one.
    await logout(queryClient);
  });

  it('start-up joins the user’s private channel only with a current organisation', async () => {
    stubCentreApi((call) =>
      call.path === 'auth'
        ? { status: 200, body: { auth: { user: { ...testUser, current_organisation_id: null }, organisations: [] } } }
        : undefined,
    );
    await startUp(queryClient);
    expect(realtime.sources).toHaveLength(0);

    stubCentreApi();
    await startUp(queryClient);
    expect(realtime.joined()).toEqual(['private-User.u1 notification']);
  });

  it('a pushed notification goes on top of the list and is toasted, without a reload', async () => {
    const calls = stubCentreApi();
    await startUp(queryClient);
    renderWith(queryClient, '/dashboard');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND);
    const before = calls.length;

    const mention = notification('n9', null, {
      type: 'mention',
      data: {
        title: 'Dana Whitfield mentioned you',
        body: 'Please run the technical interview.',
        url: '/recruitment/r1/candidates?application=a1',
      },
    });
    realtime.push('private-User.u1', 'notification', mention);

    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    // The toast: the kind and the sentence.
    expect(await screen.findByText('Dana Whitfield mentioned you')).toBeTruthy();
    expect(screen.getByText('Mention')).toBeTruthy();
    // Delivered again (e.g. after a reconnect): neither counted nor toasted twice.
    realtime.push('private-User.u1', 'notification', mention);
    expect(screen.getAllByText('Dana Whitfield mentioned you')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    // Nothing was fetched for it.
    expect(calls.length).toBe(before);

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 3 unread' }));
    const links = within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('link');
    expect(links[0]?.getAttribute('href')).toBe('/recruitment/r1/candidates?application=a1');
  });

  it('ignores events that are not notifications, and other channels', async () => {
    stubCentreApi();
    await startUp(queryClient);
    renderWith(queryClient, '/dashboard');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND);
    realtime.push('private-User.u1', 'notification', { hello: 'world' });
    realtime.push('private-User.u2', 'notification', notification('n8', null));
    realtime.push('private-User.u1', 'something-else', notification('n7', null));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
  });

  it('reads the list again when the connection comes back after a loss', async () => {
    let second = false;
    const calls = stubCentreApi((call) =>
      call.path === 'notifications' && second
        ? { status: 200, body: { notifications: { data: [notification('n11', null), notification('n1', null)], meta: meta(2) } } }
        : undefined,
    );
    await startUp(queryClient);
    renderWith(queryClient, '/dashboard');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_FIND);
    second = true;
    realtime.reconnect();
    await waitFor(() => expect(calls.filter((call) => call.path === 'notifications')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /^Notifications, / }));
    expect(
      await within(await screen.findByRole('list', { name: 'Notifications' })).findByText('New candidate in Platform Engineer (n11)'),
    ).toBeTruthy();
  });

  it('keeps listening across an organisation switch, and stops on sign-out', async () => {
    const contoso: OrganisationSummary = { ...testOrganisation, id: 'o2', name: 'Contoso' };
    stubCentreApi((call) =>
      call.path === 'auth/current-organisation'
        ? { status: 200, body: { auth: { user: testUser, organisations: [contoso, testOrganisation] } } }
        : undefined,
    );
    await startUp(queryClient);
    await switchOrganisation(queryClient, 'o2');
    expect(realtime.joined()).toEqual(['private-User.u1 notification']);

    realtime.push('private-User.u1', 'notification', notification('n10', null));
    const list = queryClient.getQueryData<{ data: Notification[] }>(['user', 'u1', 'notifications']);
    expect(list?.data.map((n) => n.id)).toEqual(['n10', 'n1', 'n2', 'n3']);

    await logout(queryClient);
    expect(realtime.sources.every((source) => source.closed)).toBe(true);
    expect(realtime.joined()).toEqual([]);
  });
});
