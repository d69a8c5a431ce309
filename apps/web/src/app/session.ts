import type { QueryClient } from '@tanstack/react-query';
import type { AuthResponse, SessionUser } from '@hireloop/contract/auth';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { ApiError, api } from '../lib/api-client.ts';
import { call } from '../lib/operations.ts';
import type { RealtimeConnection } from '../features/notifications/realtime.ts';
import { authStore } from '../features/session/auth-store.ts';
import { loadOrganisationData } from '../features/session/queries.ts';
import type { SessionActions } from '../features/session/session-actions.ts';
import { appState } from './app-state.ts';

/**
 * The session life cycle (docs/product.md §3, §4): start-up, refresh, organisation switch and logout.
 * It lives in app/ because it wires several features together: auth state, real-time,
 * and the organisation data in the query cache.
 */

/**
 * The session's real-time connection. Its code (the notification schemas, the toast, pusher-js
 * behind it) is a chunk of its own, loaded only once someone with an organisation is signed in,
 * so /login does not download it; `cancelled` covers a sign-out while that chunk is loading.
 */
type RealtimeSession = { connection: RealtimeConnection | null; cancelled: boolean; ready: Promise<void> };

let realtime: RealtimeSession | null = null;

function disconnectRealtime(): void {
  if (!realtime) return;
  realtime.cancelled = true;
  realtime.connection?.disconnect();
  realtime = null;
}

/** Connects once per signed-in user (the channel is the user's); resolves when the channel is joined. */
function ensureRealtime(user: SessionUser, queryClient: QueryClient): Promise<void> {
  if (realtime) return realtime.ready;
  const session: RealtimeSession = { connection: null, cancelled: false, ready: Promise.resolve() };
  session.ready = import('../features/notifications/realtime.ts').then(
    ({ connectRealtime }) => {
      if (!session.cancelled) session.connection = connectRealtime(user, queryClient);
    },
    () => {
      // The chunk did not load (offline, a new deployment): no real-time this time, as when the
      // push service is unreachable (lib/realtime.ts); the next session start tries again.
      if (realtime === session) realtime = null;
    },
  );
  realtime = session;
  return session.ready;
}

/**
 * After a successful `GET auth`: the first organisation becomes current (in the auth store, which
 * every organisation-scoped call reads); with one, real-time is set up and then the organisation's users,
 * billing, notifications and roles are loaded. Without one, none of these is loaded.
 */
async function enterSession(queryClient: QueryClient, auth: AuthResponse['auth']): Promise<void> {
  authStore.signedIn(auth);
  const { user, currentOrganisation } = authStore.getState();
  if (!user || !currentOrganisation?.id) {
    disconnectRealtime();
    return;
  }
  // One socket per user; it survives organisation switches because the channel is the user's.
  await Promise.all([ensureRealtime(user, queryClient), loadOrganisationData(queryClient, user.id, currentOrganisation.id)]);
}

/**
 * The auth operations for the calls after start-up (logout, switch, refresh), loaded on first use: their
 * schemas bring zod, which the bundle /login loads must not carry (docs/decisions/014-operations-in-the-contract.md).
 * Start-up itself (`fetchAuth`, every page load, /login too) calls `GET auth` by its path for the same reason.
 */
const authOperations = async () => (await import('@hireloop/contract/operations/auth')).authOperations;

/** Fetches the signed-in user; a failure records the auth error `Login` (docs/product.md §8), a 401 simply means signed out. */
async function fetchAuth(): Promise<AuthResponse['auth'] | null> {
  try {
    await api.csrf();
    const { auth } = await api.get<AuthResponse>('auth');
    return auth;
  } catch (error) {
    const signedOut = error instanceof ApiError && error.status === 401;
    disconnectRealtime();
    authStore.failed({ auth: [ERROR_TEXTS.login] }, !signedOut);
    return null;
  }
}

/** Start-up: anti-forgery cookie, then the user, then (with an organisation) real-time and its data. */
export async function startUp(queryClient: QueryClient): Promise<void> {
  const auth = await fetchAuth();
  if (auth) await enterSession(queryClient, auth);
}

/** Logout: `DELETE auth`; the state becomes unauthenticated whether the call succeeds or fails. */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await call((await authOperations()).signOut);
  } catch {
    // Signing out locally regardless (docs/product.md §3); the session expires on the server anyway.
  } finally {
    disconnectRealtime();
    authStore.signedOut();
    queryClient.clear();
  }
}

/** Switches the current organisation (persisted on the server) and starts over with a clean query cache. */
export async function switchOrganisation(queryClient: QueryClient, organisationId: string): Promise<void> {
  const { auth } = await call((await authOperations()).switchOrganisation, { body: { organisation_id: organisationId } });
  queryClient.clear();
  await enterSession(queryClient, auth);
}

/**
 * Re-reads the user and organisations, e.g. after an organisation was created. A 401 signs
 * out; any other failure is left to the caller (the user stays signed in).
 */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  let auth: AuthResponse['auth'];
  try {
    ({ auth } = await call((await authOperations()).get));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      disconnectRealtime();
      authStore.failed({ auth: [ERROR_TEXTS.login] }, false);
      queryClient.clear();
    }
    throw error;
  }
  await enterSession(queryClient, auth);
}

export function createSessionActions(queryClient: QueryClient): SessionActions {
  return {
    refresh: () => refreshSession(queryClient),
    logout: () => logout(queryClient),
    // The mask blocks the page while every organisation-scoped query is being replaced.
    switchOrganisation: async (organisationId) => {
      appState.setMask(true);
      try {
        await switchOrganisation(queryClient, organisationId);
      } finally {
        appState.setMask(false);
      }
    },
  };
}
