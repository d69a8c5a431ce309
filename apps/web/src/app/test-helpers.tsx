import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import type { AuthResponse, OrganisationSummary } from '@hireloop/contract/auth';
import { permissionsOf } from '@hireloop/contract/permissions';
import { setCurrentOrganisation } from '../lib/api-client.ts';
import { authStore } from '../features/session/auth-store.ts';
import { AppRoutes } from './app.tsx';
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

const emptyPage = { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } };

/** Every call answers like a fresh organisation; the calls are recorded. */
export function stubEmptyApi(): Array<{ method: string; path: string }> {
  const calls: Array<{ method: string; path: string }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '').replace(/\/+$/, '');
      const method = init?.method ?? 'GET';
      calls.push({ method, path });
      const body = path.endsWith('/users')
        ? { users: emptyPage }
        : path.endsWith('/role')
          ? { roles: emptyPage }
          : path.endsWith('/billing')
            ? { billing: { plan: 'trial', trail_ends_at: '2030-01-15T00:00:00Z', products: [] } }
            : path === 'notifications'
              ? { notifications: emptyPage }
              : undefined;
      return new Response(body ? JSON.stringify(body) : null, { status: body ? 200 : 204 });
    }),
  );
  return calls;
}

export function signInForTest(organisations: OrganisationSummary[] = [testOrganisation]): void {
  authStore.signedIn({ user: testUser, organisations });
  setCurrentOrganisation(organisations[0]?.id ?? null);
}

export function signOutForTest(): void {
  authStore.failed({ auth: ['Login'] }, false);
  setCurrentOrganisation(null);
}

let currentLocation = '';

function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}${location.hash}`;
  return null;
}

/** Where the app is now (path, query and hash). */
export function testLocation(): string {
  return currentLocation;
}

/** The real route table at `path`, inside the real providers (Mantine in test mode). */
export function renderApp(path: string): RenderResult {
  const queryClient = createQueryClient();
  const ui: ReactElement = (
    <Providers queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>
  );
  return render(ui);
}
