import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

/**
 * Ways a test can make the provider misbehave. ID token tampering happens at the token
 * endpoint; `wrong-state` and `access-denied` happen at the authorize step.
 */
export type FakeIdpTamper =
  | 'wrong-nonce'
  | 'wrong-issuer'
  | 'wrong-audience'
  | 'expired'
  | 'unverified-email'
  | 'missing-sub'
  | 'bad-signature'
  | 'wrong-state'
  | 'access-denied';

export type FakeIdpScenario = {
  tamper: FakeIdpTamper | null;
  /** Who signs in next. */
  identity: { sub: string; email: string; name: string };
};

export type FakeIdp = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Mutable: set before driving a sign-in. */
  scenario: FakeIdpScenario;
  close(): Promise<void>;
};

type PendingCode = { clientId: string; redirectUri: string; codeChallenge: string; nonce: string | null };

const KID = 'fake-idp-1';
const TOKEN_TTL_S = 300;

/**
 * A tiny but real OpenID provider for tests: discovery, JWKS, authorization code flow with
 * PKCE (S256 only) and client_secret_post / client_secret_basic authentication, RS256 ID tokens.
 */
export async function startFakeIdp(opts: { clientId?: string; clientSecret?: string } = {}): Promise<FakeIdp> {
  const clientId = opts.clientId ?? 'test-client';
  const clientSecret = opts.clientSecret ?? 'test-secret';
  const signing = await generateKeyPair('RS256');
  // Same kid, different key: the relying party finds "our" key and the signature does not match.
  const impostor = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(signing.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  let issuer = '';

  const fake: FakeIdp = {
    issuer,
    clientId,
    clientSecret,
    scenario: { tamper: null, identity: { sub: 'fake-sub', email: 'someone@example.test', name: 'Some One' } },
    close: async () => undefined,
  };

  const discovery = () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    scopes_supported: ['openid', 'email', 'profile'],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name'],
  });

  function authorize(url: URL, res: ServerResponse) {
    const q = url.searchParams;
    const redirectUri = q.get('redirect_uri');
    // Like a real provider: never redirect to a URI it cannot trust, and only S256 PKCE.
    if (q.get('client_id') !== clientId || !redirectUri) return sendText(res, 400, 'unknown client or missing redirect_uri');
    if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      return sendText(res, 400, 'response_type=code with an S256 code_challenge is required');
    }
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (fake.scenario.tamper === 'access-denied') {
      back.searchParams.set('error', 'access_denied');
      if (state) back.searchParams.set('state', state);
      return redirect(res, back);
    }
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { clientId, redirectUri, codeChallenge: q.get('code_challenge')!, nonce: q.get('nonce') });
    back.searchParams.set('code', code);
    const returnedState = fake.scenario.tamper === 'wrong-state' ? randomBytes(16).toString('base64url') : state;
    if (returnedState) back.searchParams.set('state', returnedState);
    return redirect(res, back);
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const client = clientCredentials(req, form);
    if (!client || client.id !== clientId || client.secret !== clientSecret) {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'client authentication failed' });
    }
    if (form.get('grant_type') !== 'authorization_code') return sendJson(res, 400, { error: 'unsupported_grant_type' });
    const code = form.get('code') ?? '';
    const pending = codes.get(code);
    codes.delete(code); // one use only, even when the exchange fails
    if (!pending || pending.clientId !== client.id || pending.redirectUri !== form.get('redirect_uri')) {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'unknown, used or mismatched code' });
    }
    const verifier = form.get('code_verifier') ?? '';
    if (createHash('sha256').update(verifier).digest('base64url') !== pending.codeChallenge) {
      return sendJson(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
    }
    return sendJson(res, 200, {
      access_token: randomBytes(24).toString('base64url'),
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_S,
      id_token: await idToken(pending),
    });
  }

  async function idToken(pending: PendingCode): Promise<string> {
    const { tamper, identity } = fake.scenario;
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload & Record<string, unknown> = {
      iss: tamper === 'wrong-issuer' ? 'https://impostor.example' : issuer,
      sub: identity.sub,
      aud: tamper === 'wrong-audience' ? 'another-client' : pending.clientId,
      iat: tamper === 'expired' ? now - 2 * 3600 : now,
      exp: tamper === 'expired' ? now - 3600 : now + TOKEN_TTL_S,
      email: identity.email,
      email_verified: tamper !== 'unverified-email',
      name: identity.name,
    };
    if (pending.nonce) claims.nonce = tamper === 'wrong-nonce' ? randomBytes(16).toString('base64url') : pending.nonce;
    if (tamper === 'missing-sub') delete claims.sub;
    const key = tamper === 'bad-signature' ? impostor.privateKey : signing.privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: KID, typ: 'JWT' }).sign(key);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const route = `${req.method} ${url.pathname}`;
    const handled =
      route === 'GET /.well-known/openid-configuration'
        ? sendJson(res, 200, discovery())
        : route === 'GET /jwks'
          ? sendJson(res, 200, { keys: [publicJwk] })
          : route === 'GET /authorize'
            ? authorize(url, res)
            : route === 'POST /token'
              ? token(req, res)
              : sendText(res, 404, 'not found');
    Promise.resolve(handled).catch((error: unknown) => sendText(res, 500, String(error)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.issuer = issuer;
  fake.close = () =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections(); // the app's fetch keeps connections alive
    });
  return fake;
}

function clientCredentials(req: IncomingMessage, form: URLSearchParams): { id: string; secret: string } | undefined {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    // RFC 6749 §2.3.1: both parts are form-urlencoded before joining.
    const decode = (s: string) => decodeURIComponent(s.replaceAll('+', ' '));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  }
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id && secret ? { id, secret } : undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function redirect(res: ServerResponse, to: URL) {
  res.writeHead(302, { location: to.href, 'cache-control': 'no-store' }).end();
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

function sendText(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
}
