import { DEFAULT_RETURN_PATH, safeReturnPath } from '@hireloop/contract/app-routes';
import type { AuthResponse } from '@hireloop/contract/auth';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { OidcClient } from './oidc-client.ts';
import { SignInError } from './oidc-client.ts';
import { presentOrganisationSummary } from '../organisations/presenter.ts';
import { presentUser } from './presenter.ts';
import {
  clearCurrentOrganisation,
  deleteOtherSessions,
  deleteUserSession,
  findUserWithOrganisations,
  insertAuthFlow,
  isMemberOf,
  listUserOrganisations,
  setCurrentOrganisation,
  takeAuthFlow,
  updateUser,
  upsertUserByIdentity,
  type UserProfilePatch,
} from './repository.ts';

/** A sign-in must come back from the provider within this time. */
const FLOW_TTL_MS = 10 * 60_000;
export const DEFAULT_RETURN_TO = DEFAULT_RETURN_PATH;

/**
 * Where a sign-in may return to: a known page of the web app at the app's own origin, as
 * printable ASCII (packages/contract/src/app-routes.ts); anything else is /dashboard. Never
 * throws, so a bad value can't turn a completed sign-in into a 500.
 */
export function safeReturnTo(value: unknown, appUrl: string): string {
  return safeReturnPath(value, appUrl, DEFAULT_RETURN_TO);
}

// Auth owns the users and sessions tables (docs/architecture.md §6): other features change them here.

/** Persists the user's current organisation (organisations, members, invitations). */
export const makeCurrent = (db: Db, userId: string, organisationId: string | null) => setCurrentOrganisation(db, userId, organisationId);

/** Clears the user's current organisation if it is this one (members: removed or left). */
export const clearCurrentIf = (db: Db, userId: string, organisationId: string) => clearCurrentOrganisation(db, userId, organisationId);

/** Changes the user's own profile columns and returns the row (My Personal Settings, features/me). */
export const updateUserProfile = (db: Db, userId: string, patch: UserProfilePatch) => updateUser(db, userId, patch);

/** Ends one of the user's sessions; false when they have none with this id (features/me). */
export const endUserSession = (db: Db, userId: string, sessionId: string) => deleteUserSession(db, userId, sessionId);

/** Ends every session of the user but `keepSessionId`; returns how many (features/me). */
export const endOtherUserSessions = (db: Db, userId: string, keepSessionId: string) => deleteOtherSessions(db, userId, keepSessionId);

export function createAuthService(db: Db, oidc: OidcClient, opts: { appUrl: string }) {
  return {
    /** Records state, nonce and PKCE verifier under a fresh random id; the browser holds the id. */
    async startSignIn(returnTo: unknown) {
      const login = await oidc.startLogin();
      const flowToken = randomToken();
      await insertAuthFlow(db, {
        idHash: sha256(flowToken),
        state: login.state,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
        returnTo: safeReturnTo(returnTo, opts.appUrl),
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      });
      return { redirectUrl: login.url, flowToken };
    },

    async finishSignIn(callbackUrl: URL, flowToken: string | undefined) {
      const flow = flowToken ? await takeAuthFlow(db, sha256(flowToken)) : undefined;
      if (!flow) throw new SignInError('This sign-in was not started here or has expired. Please start again.');
      const identity = await oidc.finishLogin(callbackUrl, flow);
      const user = await upsertUserByIdentity(db, identity);
      const organisations = await listUserOrganisations(db, user.id, user.currentOrganisationId);
      const first = organisations[0];
      if (first && first.id !== user.currentOrganisationId) await makeCurrent(db, user.id, first.id);
      // Without an organisation: create one, unless they came from an invitation's accept link.
      // Checked again on the way out: the stored value may predate the current rules.
      const returnTo = safeReturnTo(flow.returnTo, opts.appUrl);
      const toInvitation = returnTo.startsWith('/invitations/');
      return { userId: user.id, returnTo: first || toInvitation ? returnTo : '/get-started' };
    },

    async getAuth(userId: string): Promise<AuthResponse['auth']> {
      const found = await findUserWithOrganisations(db, userId);
      if (!found) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
      return presentAuth(found);
    },

    /** Persists the current organisation; only one the user belongs to (404 otherwise). */
    async switchOrganisation(userId: string, organisationId: string) {
      if (!isUuid(organisationId) || !(await isMemberOf(db, userId, organisationId))) throw new AppError('not_found', ERROR_TEXTS.notFound);
      await makeCurrent(db, userId, organisationId);
      return this.getAuth(userId);
    },
  };
}

/** GET /auth's answer from the user and their organisations (current first). */
export function presentAuth(found: {
  user: Parameters<typeof presentUser>[0];
  organisations: Parameters<typeof presentOrganisationSummary>[0][];
}): AuthResponse['auth'] {
  return { user: presentUser(found.user), organisations: found.organisations.map(presentOrganisationSummary) };
}

export type AuthService = ReturnType<typeof createAuthService>;
