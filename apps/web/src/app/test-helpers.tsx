import { useLayoutEffect, type ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { AuthResponse, OrganisationSummary } from '@hireloop/contract/auth';
import { permissionsOf } from '@hireloop/contract/permissions';
import { authStore } from '../features/session/auth-store.ts';
import { AppRoutes } from './app.tsx';
import { appState } from './app-state.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';

export const testUser: AuthResponse['auth']['user'] = {
  id: 'u1',
  name: 'Dana Whitfield',
  email: 'dana@example.test',
  avatar_url: null,
  current_organisation_id: 'o1',
};
export const testOrganisation: OrganisationSummary = {
  id: 'o1',
  name: 'Northwind Labs',
  slug: 'northwind-labs',
  role: 'owner',
  trail_ends_at: '2030-01-15T00:00:00Z',
  permissions: permissionsOf('owner'),
};

/** A request the app made: the path after `/api/v1/`, the decoded query and the JSON body. */
export type ApiCall = { method: string; path: string; search: string; body?: unknown };
/** How the fake API answers a call: a status and a JSON body (none for an empty response). */
export type ApiAnswer = { status: number; body?: unknown };

/** 200 with `body`, or no answer when there is no body. */
const ok = (body: unknown): ApiAnswer | undefined => (body === undefined ? undefined : { status: 200, body });

/** Stubs `fetch`: every call is recorded, then answered by `respond` (204 when it gives nothing). */
export function stubApi(respond: (call: ApiCall) => ApiAnswer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1\//, '').replace(/\/+$/, ''),
        search: decodeURIComponent(url.search),
        body: typeof init?.body === 'string' && init.body !== '' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const answer = respond(call);
      if (!answer) return new Response(null, { status: 204 });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const emptyPage = { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } };

/** Every call answers like a fresh organisation; the calls are recorded. */
export function stubEmptyApi(): ApiCall[] {
  return stubApi(({ path }) =>
    ok(
      path.endsWith('/users')
        ? { users: emptyPage }
        : path.endsWith('/role')
          ? { roles: emptyPage }
          : path.endsWith('/billing')
            ? { billing: { plan: 'trial', trail_ends_at: '2030-01-15T00:00:00Z', products: [] } }
            : path === 'notifications'
              ? { notifications: emptyPage }
              : undefined,
    ),
  );
}

/**
 * A page test's fake API, fresh for each test: `api.calls` records the requests; a test sets
 * `api.answer` to answer some calls itself, the others get `fallback`'s body (204 when it has
 * none). After each test the user is signed out and the stubs are removed.
 */
export function setUpFakeApi(fallback: (call: ApiCall) => unknown) {
  const noAnswer = (_call: ApiCall): ApiAnswer | undefined => undefined;
  const api = { calls: [] as ApiCall[], answer: noAnswer };
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
    appState.setLoading(false);
    api.answer = noAnswer;
    api.calls = stubApi((call) => api.answer(call) ?? ok(fallback(call)));
  });
  afterEach(() => {
    authStore.reset();
    vi.unstubAllGlobals();
  });
  return api;
}

export function signInForTest(organisations: OrganisationSummary[] = [testOrganisation]): void {
  authStore.signedIn({ user: testUser, organisations });
}

export function signOutForTest(): void {
  authStore.failed({ auth: ['Login'] }, false);
}

let currentLocation = '';

function LocationProbe() {
  const location = useLocation();
  useLayoutEffect(() => {
    currentLocation = `${location.pathname}${location.search}${location.hash}`;
  });
  return null;
}

/** Where the app is now (path, query and hash). */
export function testLocation(): string {
  return currentLocation;
}

/** The real route table at `path`, inside the real providers (Mantine in test mode), with the app's query cache. */
export function renderApp(path: string): RenderResult & { queryClient: QueryClient } {
  const queryClient = createQueryClient();
  const ui: ReactElement = (
    <Providers queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>
  );
  return Object.assign(render(ui), { queryClient });
}
