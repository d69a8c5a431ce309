import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findLocalIdentity, listLocalIdentities, upsertLocalIdentity } from './repository.ts';
import { escapeHtml, simplePage } from '../../lib/html.ts';
import { renderAccountChooser } from './local-issuer-page.ts';

export const LOCAL_ISSUER_PATH = '/oidc';

export type LocalIssuerOptions = {
  appUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
};

/**
 * A real OpenID Connect provider inside the app (oidc-provider), standing in for Google
 * outside production. It has its own account chooser; the app signs in against it through
 * exactly the same relying-party code as against Google. Keys live in memory: restarting
 * the app ends sign-ins in progress, nothing else.
 */
export async function registerLocalIssuer(app: FastifyInstance, db: Db, opts: LocalIssuerOptions) {
  const issuer = `${opts.appUrl}${LOCAL_ISSUER_PATH}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'local-1', use: 'sig', alg: 'RS256' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Put the profile and email claims in the ID token itself, as Google does.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${LOCAL_ISSUER_PATH}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const identity = await findLocalIdentity(db, sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: identity.email, email_verified: true, name: identity.name }),
      };
    },
    // A first-party client: consent is implied, so the chooser is the only screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { Session: 600, Interaction: 600, Grant: 600, AuthorizationCode: 60, IdToken: 300, AccessToken: 300 },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = simplePage(
        'Sign-in error',
        `<h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="/login">Back to log in</a></p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.on('server_error', (_ctx, error) => app.log.error({ err: error }, 'local identity provider error'));
  const callback = provider.callback();

  await app.register(async (scope) => {
    // oidc-provider reads its own bodies: hand it the raw stream untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    const passThrough = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      // As express's mount does: oidc-provider derives its mount path from originalUrl.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(LOCAL_ISSUER_PATH.length) || '/';
      // Never rejects: oidc-provider answers its errors with renderError and emits server_error
      // (logged above), and Koa's request handler (the provider is a Koa app) catches anything else.
      void callback(request.raw, reply.raw);
    };
    scope.all(`${LOCAL_ISSUER_PATH}/*`, { schema: { hide: true } }, passThrough);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get<{ Params: { uid: string } }>(`${LOCAL_ISSUER_PATH}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid) return reply.code(400).type('text/html').send(expiredPage());
      const accounts = await listLocalIdentities(db);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderAccountChooser(details.uid, accounts));
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${LOCAL_ISSUER_PATH}/interaction/:uid/login`,
      { schema: { hide: true }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
        if (!details || details.uid !== request.params.uid) return reply.code(400).type('text/html').send(expiredPage());
        const body = request.body ?? {};
        let accountId: string | undefined;
        if (body.sub) {
          accountId = (await findLocalIdentity(db, body.sub))?.sub;
        } else {
          const email = (body.email ?? '').trim().toLowerCase();
          const name = (body.name ?? '').trim();
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || name.length < 2 || name.length > 120) {
            const accounts = await listLocalIdentities(db);
            return reply
              .code(422)
              .type('text/html; charset=utf-8')
              .send(renderAccountChooser(details.uid, accounts, 'Enter your name (2–120 characters) and a valid email address.'));
          }
          accountId = `local-${sha256(email).slice(0, 24)}`;
          await upsertLocalIdentity(db, { sub: accountId, email, name });
        }
        if (!accountId) return reply.code(400).type('text/html').send(expiredPage());
        reply.hijack();
        await provider.interactionFinished(request.raw, reply.raw, { login: { accountId } }, { mergeWithLastSubmission: false });
      },
    );
  });

  return { issuer };
}

function expiredPage() {
  return simplePage('Sign-in expired', '<h1>This sign-in has expired</h1><p><a href="/login">Start again</a></p>');
}
