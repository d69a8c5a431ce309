import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthResponse, OrganisationSummary } from '@hireloop/contract/auth';
import { permissionsOf } from '@hireloop/contract/permissions';
import { getCurrentOrganisation } from '../lib/api-client.ts';
import { authStore, hasTeam, isAuthenticated } from '../features/session/auth-store.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { createQueryClient } from './query-client.ts';
import { appState } from './app-state.ts';
import { createSessionActions, logout, startUp, switchOrganisation } from './session.ts';

type Call = { method: string; path: string; body?: unknown };

const user: AuthResponse['auth']['user'] = {
  id: 'u1',
  name: 'Dana Whitfield',
  email: 'dana@example.test',
  avatar_url: null,
  current_organisation_id: 'o1',
};
const northwind: OrganisationSummary = {
  id: 'o1',
  name: 'Northwind',
  slug: 'northwind',
  role: 'owner',
  trail_ends_at: null,
  permissions: permissionsOf('owner'),
};
const contoso: OrganisationSummary = {
  id: 'o2',
  name: 'Contoso',
  slug: 'contoso',
  role: 'recruiter',
  trail_ends_at: null,
  permissions: permissionsOf('recruiter'),
};
const page = { page: 1, per_page: 25, total: 0, last_page: 1 };

/** A fake /api/v1: answers by "METHOD path" (trailing slash and query ignored) and records every call. */
function stubApi(answers: Record<string, { status: number; body?: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1\//, '').replace(/\/+$/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${path}`] ?? { status: 404, body: { message: 'Not found.', code: 'not_found' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const organisationData = {
  'GET organisation/o1/users': { status: 200, body: { users: { data: [], meta: { ...page, total: 3 } } } },
  'GET organisation/o1/billing': { status: 200, body: { billing: { plan: 'trial', trail_ends_at: '2030-01-15T00:00:00Z', products: [] } } },
  'GET organisation/o1/role': { status: 200, body: { roles: { data: [], meta: page } } },
  'GET notifications': { status: 200, body: { notifications: { data: [], meta: page } } },
};

const ORGANISATION_SCOPED = /^organisation\//;
const paths = (calls: Call[]) => calls.map((call) => `${call.method} ${call.path}`);

let queryClient: QueryClient;

beforeEach(() => {
  authStore.reset();
  queryClient = createQueryClient();
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('start-up', () => {
  it('gets the anti-forgery cookie, then the user', async () => {
    const calls = stubApi({
      'GET auth/init/csrf-cookie': { status: 204 },
      'GET auth': { status: 200, body: { auth: { user, organisations: [] } } },
    });
    await startUp(queryClient);
    expect(paths(calls).slice(0, 2)).toEqual(['GET auth/init/csrf-cookie', 'GET auth']);
  });

  it('without an organisation: signed in, no current organisation, and nothing organisation-scoped is loaded', async () => {
    const calls = stubApi({
      'GET auth/init/csrf-cookie': { status: 204 },
      'GET auth': { status: 200, body: { auth: { user: { ...user, current_organisation_id: null }, organisations: [] } } },
      ...organisationData,
    });
    await startUp(queryClient);

    const auth = authStore.getState();
    expect(isAuthenticated(auth)).toBe(true);
    expect(hasTeam(auth)).toBe(false);
    expect(getCurrentOrganisation()).toBeNull();
    expect(paths(calls)).toEqual(['GET auth/init/csrf-cookie', 'GET auth']);
    expect(calls.some((call) => ORGANISATION_SCOPED.test(call.path) || call.path === 'notifications')).toBe(false);
  });

  it('with organisations: the first becomes current, then its users, billing, notifications and roles are loaded', async () => {
    const calls = stubApi({
      'GET auth/init/csrf-cookie': { status: 204 },
      'GET auth': { status: 200, body: { auth: { user, organisations: [northwind, contoso] } } },
      ...organisationData,
    });
    await startUp(queryClient);

    const auth = authStore.getState();
    expect(auth.user).toEqual(user);
    expect(auth.organisations).toEqual([northwind, contoso]);
    expect(auth.currentOrganisation).toEqual(northwind);
    expect(auth.errors).toEqual({});
    expect(hasTeam(auth)).toBe(true);
    expect(getCurrentOrganisation()).toBe('o1');
    expect(paths(calls).slice(2).sort()).toEqual([
      'GET notifications',
      'GET organisation/o1/billing',
      'GET organisation/o1/role',
      'GET organisation/o1/users',
    ]);
    expect(queryClient.getQueryData(queryKeys.billing('o1'))).toMatchObject({ trail_ends_at: '2030-01-15T00:00:00Z' });
    expect(queryClient.getQueryData(queryKeys.users('o1'))).toMatchObject({ meta: { total: 3 } });
  });

  it('signed out (401): unauthenticated, with the auth error "Login" and nothing else loaded', async () => {
    const calls = stubApi({
      'GET auth/init/csrf-cookie': { status: 204 },
      'GET auth': { status: 401, body: { message: 'You are not signed in.', code: 'unauthenticated' } },
    });
    await startUp(queryClient);

    const auth = authStore.getState();
    expect(auth.status).toBe('unauthenticated');
    expect(auth.errors).toEqual({ auth: ['Login'] });
    expect(auth.unavailable).toBe(false);
    expect(auth.user).toBeNull();
    expect(paths(calls)).toEqual(['GET auth/init/csrf-cookie', 'GET auth']);
  });

  it('a failing server also records "Login", and is told apart from being signed out', async () => {
    stubApi({
      'GET auth/init/csrf-cookie': { status: 204 },
      'GET auth': { status: 500, body: { message: 'Internal server error.', code: 'internal' } },
    });
    await startUp(queryClient);
    const auth = authStore.getState();
    expect(auth.status).toBe('unauthenticated');
    expect(auth.errors).toEqual({ auth: ['Login'] });
    expect(auth.unavailable).toBe(true);
  });
});

describe('logout', () => {
  async function signIn() {
    stubApi({
      'GET auth/init/csrf-cookie': { status: 204 },
      'GET auth': { status: 200, body: { auth: { user, organisations: [northwind] } } },
      ...organisationData,
    });
    await startUp(queryClient);
    expect(isAuthenticated(authStore.getState())).toBe(true);
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
  }

  it('calls DELETE auth and clears the state', async () => {
    await signIn();
    const calls = stubApi({ 'DELETE auth': { status: 204 } });
    await logout(queryClient);
    expect(paths(calls)).toEqual(['DELETE auth']);
    const auth = authStore.getState();
    expect(auth.status).toBe('unauthenticated');
    expect(auth.user).toBeNull();
    expect(auth.organisations).toEqual([]);
    expect(auth.currentOrganisation).toBeNull();
    expect(getCurrentOrganisation()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('clears the state even when the call fails', async () => {
    await signIn();
    stubApi({ 'DELETE auth': { status: 500, body: { message: 'Internal server error.', code: 'internal' } } });
    await expect(logout(queryClient)).resolves.toBeUndefined();
    expect(authStore.getState().status).toBe('unauthenticated');
    expect(authStore.getState().user).toBeNull();
    expect(getCurrentOrganisation()).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('clears the state even when the network is down', async () => {
    await signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await logout(queryClient);
    expect(authStore.getState().status).toBe('unauthenticated');
  });
});

describe('switching organisation', () => {
  it('PUTs the choice, makes it current, and loads the new organisation with a fresh cache', async () => {
    stubApi({
      'GET auth/init/csrf-cookie': { status: 204 },
      'GET auth': { status: 200, body: { auth: { user, organisations: [northwind, contoso] } } },
      ...organisationData,
    });
    await startUp(queryClient);

    const calls = stubApi({
      'PUT auth/current-organisation': { status: 200, body: { auth: { user, organisations: [contoso, northwind] } } },
      'GET organisation/o2/users': { status: 200, body: { users: { data: [], meta: page } } },
      'GET organisation/o2/billing': { status: 200, body: { billing: { plan: 'team', trail_ends_at: null, products: [] } } },
      'GET organisation/o2/role': { status: 200, body: { roles: { data: [], meta: page } } },
      'GET notifications': { status: 200, body: { notifications: { data: [], meta: page } } },
    });
    await switchOrganisation(queryClient, 'o2');

    expect(calls[0]).toEqual({ method: 'PUT', path: 'auth/current-organisation', body: { organisation_id: 'o2' } });
    expect(authStore.getState().currentOrganisation).toEqual(contoso);
    expect(getCurrentOrganisation()).toBe('o2');
    expect(queryClient.getQueryData(queryKeys.billing('o1'))).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.billing('o2'))).toMatchObject({ plan: 'team' });
  });

  it('masks the page while the switch runs, and unmasks it even when it fails', async () => {
    appState.reset();
    let release: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const switching = createSessionActions(queryClient).switchOrganisation('o2');
    expect(appState.getState().mask).toBe(true);
    // The auth operations load on first use (app/session.ts), so the request goes out a moment later.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    release(new Response(JSON.stringify({ message: 'Not found.', code: 'not_found' }), { status: 404 }));
    await expect(switching).rejects.toMatchObject({ status: 404 });
    expect(appState.getState().mask).toBe(false);
  });
});
