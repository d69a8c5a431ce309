import * as client from 'openid-client';

/** Users signed in through the local provider are stored under this issuer, whatever the port. */
export const LOCAL_ISSUER_KEY = 'local';

export type OidcIdentity = {
  issuer: string;
  sub: string;
  /** Only when the provider says it is verified. */
  email: string | null;
  name: string;
  avatarUrl: string | null;
};

export type OidcClientOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Plain http issuers are allowed for the local provider and tests only. */
  allowInsecure: boolean;
  /** Google: `select_account`; the local provider: `login` (always show its chooser). */
  prompt: 'select_account' | 'login';
  /** What users are keyed on with `sub`; the local provider's URL changes with the port, so it is stored as `local`. */
  storedIssuer?: string;
};

export type PendingLogin = { url: string; state: string; nonce: string; codeVerifier: string };

/** Raised for every way a callback can be wrong; the message is safe to show. */
export class SignInError extends Error {}

/**
 * OpenID Connect relying party: authorization code flow with PKCE (S256), state and nonce.
 * Discovery is lazy, so the app can start while the provider (or, for the local issuer,
 * the app itself) is not yet listening.
 */
export class OidcClient {
  private config: Promise<client.Configuration> | undefined;
  private readonly opts: OidcClientOptions;

  constructor(opts: OidcClientOptions) {
    this.opts = opts;
  }

  private configuration(): Promise<client.Configuration> {
    this.config ??= client
      .discovery(new URL(this.opts.issuer), this.opts.clientId, this.opts.clientSecret, undefined, {
        execute: [...(this.opts.allowInsecure ? [client.allowInsecureRequests] : []), client.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.config = undefined; // try again on the next sign-in
        throw new SignInError(`The identity provider could not be reached (${(error as Error).message}).`);
      });
    return this.config;
  }

  async startLogin(): Promise<PendingLogin> {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.opts.redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: this.opts.prompt,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Validates the callback (state, code exchange with PKCE, ID token issuer/audience/expiry/nonce). */
  async finishLogin(callbackUrl: URL, expected: { state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity> {
    const config = await this.configuration();
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError) {
      const description = callbackUrl.searchParams.get('error_description');
      throw new SignInError(`The identity provider refused the sign-in: ${description ?? providerError}.`);
    }
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      throw new SignInError(
        `The sign-in response could not be verified: ${(error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message}`,
      );
    }
    if (!claims?.sub) throw new SignInError('The identity provider returned no subject.');
    const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null;
    const name = (typeof claims.name === 'string' && claims.name.trim()) || email?.split('@')[0] || 'New user';
    const avatarUrl = typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : null;
    return { issuer: this.opts.storedIssuer ?? claims.iss, sub: claims.sub, email, name, avatarUrl };
  }
}
