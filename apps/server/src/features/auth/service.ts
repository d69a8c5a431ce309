import type { AuthResponse } from '@hireloop/contract/auth';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { OidcClient } from './oidc-client.ts';
import { SignInError } from './oidc-client.ts';
import { presentOrganisationSummary } from '../organisations/presenter.ts';
import { makeCurrent, membershipOf } from '../organisations/service.ts';
import { presentUser } from './presenter.ts';
import { findUserWithOrganisations, insertAuthFlow, listUserOrganisations, takeAuthFlow, upsertUserByIdentity } from './repository.ts';

/** A sign-in must come back from the provider within this time. */
const FLOW_TTL_MS = 10 * 60_000;
export const DEFAULT_RETURN_TO = '/dashboard';

/** Only same-origin paths: `/x`, never `//evil.example` or `/\evil`. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return DEFAULT_RETURN_TO;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_RETURN_TO;
  if (value.startsWith('/api/') || value === '/login') return DEFAULT_RETURN_TO;
  return value;
}

export function createAuthService(db: Db, oidc: OidcClient) {
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
        returnTo: safeReturnTo(returnTo),
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
      const toInvitation = flow.returnTo.startsWith('/invitations/');
      return { userId: user.id, returnTo: first || toInvitation ? flow.returnTo : '/get-started' };
    },

    async getAuth(userId: string): Promise<AuthResponse['auth']> {
      const found = await findUserWithOrganisations(db, userId);
      if (!found) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
      return { user: presentUser(found.user), organisations: found.organisations.map(presentOrganisationSummary) };
    },

    /** Persists the current organisation; only one the user belongs to (404 otherwise). */
    async switchOrganisation(userId: string, organisationId: string) {
      const membership = await membershipOf(db, organisationId, userId);
      if (!membership) throw new AppError('not_found', ERROR_TEXTS.notFound);
      await makeCurrent(db, userId, organisationId);
      return this.getAuth(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
