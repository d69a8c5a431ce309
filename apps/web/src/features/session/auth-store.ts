import { useSyncExternalStore } from 'react';
import type { AuthResponse, OrganisationSummary, SessionUser } from '@hireloop/contract/auth';
import { setOrganisationSource } from '../../lib/api-client.ts';
import { clearDrafts, draftOwner, setDraftOwnerSource } from '../../lib/drafts.ts';

/** Field → messages, as the server's error envelope has them; `auth: ['Login']` after a failed user fetch (docs/product.md §8). */
export type AuthErrors = Record<string, string[]>;

/** `pending` until the start-up user fetch settles. */
export type AuthStatus = 'pending' | 'authenticated' | 'unauthenticated';

/**
 * The session part of the auth state (docs/product.md §3). Notifications and billing, the other two parts,
 * live in the query cache (see queries.ts) so they share its loading, refetch and reset logic.
 */
export type AuthState = {
  status: AuthStatus;
  user: SessionUser | null;
  organisations: OrganisationSummary[];
  currentOrganisation: OrganisationSummary | null;
  errors: AuthErrors;
  /** The user fetch failed for another reason than "signed out" (server down, network). */
  unavailable: boolean;
};

export const initialAuthState: AuthState = {
  status: 'pending',
  user: null,
  organisations: [],
  currentOrganisation: null,
  errors: {},
  unavailable: false,
};

type Listener = () => void;

let state: AuthState = initialAuthState;
const listeners = new Set<Listener>();

function replace(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** A tiny external store: readable outside React (start-up, tests) and from components via useAuth(). */
export const authStore = {
  getState(): AuthState {
    return state;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The auth init call succeeded: user and organisations set, errors cleared, the first organisation current (docs/product.md §3). */
  signedIn(auth: AuthResponse['auth']): void {
    replace({
      status: 'authenticated',
      user: auth.user,
      organisations: auth.organisations,
      currentOrganisation: auth.organisations[0] ?? null,
      errors: {},
      unavailable: false,
    });
  },
  /**
   * The user fetch failed: record the errors; the visitor counts as signed out. A session that
   * ended (expired, signed out elsewhere) takes the drafts typed in it along, as a sign-out does.
   */
  failed(errors: AuthErrors, unavailable: boolean): void {
    if (!unavailable) clearDrafts();
    replace({ ...initialAuthState, status: 'unauthenticated', errors, unavailable });
  },
  /** Logout completed (successfully or not): no draft is left for the next person on this browser. */
  signedOut(): void {
    clearDrafts();
    replace({ ...initialAuthState, status: 'unauthenticated' });
  },
  /** Tests only: back to the state before start-up. */
  reset(): void {
    replace(initialAuthState);
  },
};

/** The one current organisation: every organisation-scoped call reads it from here (lib/api-client.ts). */
function currentOrganisationId(): string | null {
  return state.currentOrganisation?.id ?? null;
}

setOrganisationSource(currentOrganisationId);
setDraftOwnerSource(() => (state.user ? draftOwner(state.user.id, currentOrganisationId()) : null));

export function isAuthenticated(auth: AuthState): boolean {
  return auth.status === 'authenticated';
}

/** docs/product.md §3: "the user has a team when the current organisation has an id". */
export function hasTeam(auth: AuthState): boolean {
  return Boolean(auth.currentOrganisation?.id);
}

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}

/** The current organisation's id, '' without one; query keys carry it, so a switch never shows another organisation's data. */
export function useOrganisationId(): string {
  return useSyncExternalStore(authStore.subscribe, organisationIdSnapshot, organisationIdSnapshot);
}

function organisationIdSnapshot(): string {
  return currentOrganisationId() ?? '';
}
