import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_BASE_PATH, PRODUCT_NAME } from '@hireloop/contract/constants';
import type { ApiKeyResource } from '@hireloop/contract/api-keys';
import type { Permission } from '@hireloop/contract/permissions';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import qs from 'qs';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerCanonicalHost } from './http/canonical-host.ts';
import { registerCsrf } from './http/csrf.ts';
import { registerErrorHandling, registerNotFound } from './http/errors.ts';
import { acceptEmptyJsonBodies } from './http/json-body.ts';
import { ORGANISATION_PREFIX, organisationScope } from './http/organisation-scope.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSessions } from './http/session.ts';
import { listen, type Listener } from './db/listen.ts';
import { createSessionCache, SESSION_CHANGES_CHANNEL, type SessionCache } from './features/auth/session-cache.ts';
import { registerTextInputRule } from './http/text-input.ts';
import { LOCAL_ISSUER_KEY, OidcClient } from './features/auth/oidc-client.ts';
import { authRoutes } from './features/auth/routes.ts';
import { createAuthService } from './features/auth/service.ts';
import { billingPublicRoutes, billingRoutes } from './features/billing/routes.ts';
import { createBillingService } from './features/billing/service.ts';
import { createStripeClient, type StripeClient } from './features/billing/stripe.ts';
import { healthRoutes } from './features/health/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { organisationRoutes } from './features/organisations/routes.ts';
import { roleRoutes } from './features/roles/routes.ts';
import { teamRoutes } from './features/teams/routes.ts';
import { websiteRoutes } from './features/website/routes.ts';
import { applicationRoutes } from './features/applications/routes.ts';
import { recruitmentRoutes } from './features/recruitments/routes.ts';
import { interviewRoutes } from './features/interviews/routes.ts';
import { interviewTypeRoutes } from './features/interview-types/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { offerRoutes } from './features/offers/routes.ts';
import { publicOfferRoutes } from './features/public-offers/routes.ts';
import { offerLinkOrganisation } from './features/public-offers/service.ts';
import { onboardingStageRoutes } from './features/onboarding-stages/routes.ts';
import { onboardingTemplateRoutes } from './features/onboarding-templates/routes.ts';
import { onboardingProductScope } from './features/onboardings/product-gate.ts';
import { onboardingDashboardRoutes, onboardingRoutes } from './features/onboardings/routes.ts';
import { publicNewHireRoutes } from './features/public-new-hire/routes.ts';
import { newHireLinkOrganisation } from './features/public-new-hire/service.ts';
import { publicOrganisationScope } from './http/public-scope.ts';
import { candidateRoutes } from './features/candidates/routes.ts';
import { candidateImportRoutes } from './features/candidate-imports/routes.ts';
import type { ImportRunnerOptions } from './features/candidate-imports/service.ts';
import { userRoutes } from './features/users/routes.ts';
import { apiKeyRoutes } from './features/api-keys/routes.ts';
import { currentExperienceLevelRoutes, experienceLevelRoutes } from './features/experience-levels/routes.ts';
import { recruitmentSettingsRoutes } from './features/recruitment-settings/routes.ts';
import { recruitmentStatusRoutes } from './features/recruitment-statuses/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { createFileService } from './features/files/service.ts';
import { meRoutes } from './features/me/routes.ts';
import { organisationSettingsRoutes } from './features/organisation-settings/routes.ts';
import { createStorage } from './lib/storage.ts';
import { devMailboxRoutes } from './features/mail/routes.ts';
import { devClockRoutes } from './features/dev-clock/routes.ts';
import { adjustableClock, systemClock, type Clock } from './lib/clock.ts';
import { CAREERS_PREFIX, careersRoutes } from './features/careers/routes.ts';
import { invitationRoutes, inviteeRoutes } from './features/invitations/routes.ts';
import { memberRoutes, myMembershipRoutes } from './features/members/routes.ts';
import { broadcastingRoutes } from './features/broadcasting/routes.ts';
import { configureNotificationLinks } from './features/notifications/service.ts';
import { registerRealtime, type RealtimeOptions } from './realtime/index.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Stripe's API client when STRIPE_SECRET_KEY is set; tests pass a fake (no network). */
  stripe?: StripeClient;
  /** Real-time tuning (tests: a Redis prefix per run, short activity timeouts). */
  realtime?: RealtimeOptions;
  /** The candidate import runner (tests: node id, clock, timer, a hook between batches). */
  imports?: ImportRunnerOptions;
  /** The time now (tests: a fixed instant); interviews judge "past" and "started" by it. */
  clock?: Clock;
};

export type RegisteredRoute = {
  method: string;
  url: string;
  permission: Permission | undefined;
  /** The API key resource when the route names one other than its permission's. */
  apiKeyResource?: ApiKeyResource;
  public: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route as registered (method, full path); the access-matrix test reads it. */
    apiRoutes: RegisteredRoute[];
  }
}

const MAX_JSON_BODY = 1024 * 1024;

export async function buildApp({
  config,
  database,
  logger,
  stripe,
  realtime,
  imports,
  clock: givenClock,
}: AppDeps): Promise<FastifyInstance> {
  const production = config.env === 'production';
  // The browser tests' server (TEST_CLOCK, refused in production by config.ts): a clock they move ahead
  // through PUT /dev/clock, instead of waiting for an interview to start.
  const devClock = config.testClock && !production ? adjustableClock() : undefined;
  const clock = givenClock ?? devClock?.now ?? systemClock;
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: MAX_JSON_BODY,
    // A client that stalls while sending a request (an upload's body, say) is cut off: it holds a
    // socket and memory, never a database connection (docs/architecture.md §3).
    requestTimeout: config.requestTimeoutMs,
    routerOptions: {
      ignoreTrailingSlash: true,
      // `filter[name]=x&filter[tag]=y` → { filter: { name, tag } } (docs/product.md §8), nothing deeper.
      querystringParser: (s: string) => qs.parse(s, { depth: 2, arrayLimit: 50, parameterLimit: 100 }),
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Before any route: NUL and other control characters never reach a schema, a handler or the database.
  registerTextInputRule(app);

  const apiRoutes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_BASE_PATH) || route.method === 'HEAD') return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        apiRoutes.push({
          method,
          url: route.url,
          permission: route.config?.permission,
          apiKeyResource: route.config?.apiKeyResource,
          public: route.config?.public === true,
        });
    }
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        formAction: ["'self'", ...(config.oidc.kind === 'google' ? ['https://accounts.google.com'] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'JSON API of Hireloop. Browser sessions use the session cookie plus the X-XSRF-TOKEN header (from GET /auth/init/csrf-cookie) on unsafe methods. Organisation-scoped routes live under /organisation/{organisationId}/. Integrations use an organisation API key instead (the bearerAuth scheme): each organisation route lists the schemes it accepts.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'hireloop_session' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An organisation API key (`hl_…`, created in Settings → API keys, shown once): `Authorization: Bearer hl_…`. It works only on `/organisation/{organisationId}/…` routes of its own organisation whose permission allows API keys, within its scopes (`read`; `write` includes `read`), and never on settings routes (see docs/permissions.md). Requests with a key need no X-XSRF-TOKEN and are rate limited per key. Routes that accept a key list bearerAuth among their security schemes.',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(`${API_BASE_PATH}/openapi.json`, { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  registerErrorHandling(app, { onDatabaseUnavailable: () => void database.recover() });
  acceptEmptyJsonBodies(app);
  registerSessions(app, database.db, sessionCacheFor(app, config, database));
  registerCsrf(app, { secure: production });
  // Pages and the sign-in start on another host of this server move to APP_URL first.
  registerCanonicalHost(app, config.appUrl);
  // Pusher protocol: WebSocket endpoint /app/{key} and events API /apps/{id}/… (or hosted Pusher).
  await registerRealtime(app, config.realtime, realtime);
  configureNotificationLinks(config.appUrl);

  const redirectUri = `${config.appUrl}${API_BASE_PATH}/auth/google/callback`;
  let issuer: string;
  if (config.oidc.kind === 'local') {
    // Loaded only when used: production never loads the development identity provider.
    const { registerLocalIssuer } = await import('./features/auth/local-issuer.ts');
    ({ issuer } = await registerLocalIssuer(app, database.db, {
      appUrl: config.appUrl,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      redirectUri,
    }));
  } else {
    issuer = config.oidc.issuer;
  }
  const oidc = new OidcClient({
    issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    redirectUri,
    allowInsecure: !production && issuer.startsWith('http:'),
    prompt: config.oidc.kind === 'local' ? 'login' : 'select_account',
    ...(config.oidc.kind === 'local' ? { storedIssuer: LOCAL_ISSUER_KEY } : {}),
  });
  const auth = createAuthService(database.db, oidc, { appUrl: config.appUrl });
  const storage = createStorage(config);
  const files = createFileService(database.db, storage, app.log);
  const billing = createBillingService({
    db: database.db,
    stripe: config.stripe ? (stripe ?? (await createStripeClient(config.stripe.secretKey))) : null,
    appUrl: config.appUrl,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes(database));
      await api.register(authRoutes({ db: database.db, auth, secureCookies: production, appUrl: config.appUrl }));
      await api.register(organisationRoutes(database.db));
      await api.register(notificationRoutes(database.db));
      await api.register(broadcastingRoutes({ realtime: config.realtime, appUrl: config.appUrl }));
      await api.register(meRoutes(database.db, files));
      await api.register(fileRoutes(files));
      await api.register(billingPublicRoutes(billing, config.stripe));
      await api.register(inviteeRoutes(database.db, { appUrl: config.appUrl }));
      await api.register(myMembershipRoutes(database.db));
      await api.register(currentExperienceLevelRoutes(database.db));
      // The candidate's and the new hire's links: each request runs in the organisation its token names.
      const tokenOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? '';
      const offerLink = offerLinkOrganisation(database.db);
      await api.register(
        publicOrganisationScope(publicOfferRoutes(database.db, { appUrl: config.appUrl }), {
          inOrganisation: database.inOrganisation,
          organisationOf: (request) => offerLink(tokenOf(request)),
        }),
      );
      const newHireLink = newHireLinkOrganisation(database.db);
      await api.register(
        publicOrganisationScope(publicNewHireRoutes(database.db, files), {
          inOrganisation: database.inOrganisation,
          organisationOf: (request) => newHireLink(tokenOf(request)),
        }),
      );
      await api.register(
        organisationScope(
          database.db,
          [
            userRoutes(database.db),
            billingRoutes(billing),
            roleRoutes(database.db),
            experienceLevelRoutes(database.db),
            recruitmentStatusRoutes(database.db),
            recruitmentSettingsRoutes(database.db),
            apiKeyRoutes(database.db),
            organisationSettingsRoutes(database.db, files),
            auditRoutes(database.db),
            memberRoutes(database.db),
            invitationRoutes(database.db, { appUrl: config.appUrl }),
            teamRoutes(database.db, files),
            websiteRoutes(database.db, files, { appUrl: config.appUrl }),
            applicationRoutes(database.db),
            recruitmentRoutes(database.db),
            dashboardRoutes(database.db, clock),
            offerRoutes(database.db, { appUrl: config.appUrl }),
            candidateRoutes(database.db, files),
            candidateImportRoutes(database.db, storage, database.inOrganisation, imports),
            interviewTypeRoutes(database.db),
            interviewRoutes(database.db, clock),
            onboardingDashboardRoutes(database.db),
            // The rest of Onboarding answers only an organisation subscribed to it (403 otherwise).
            onboardingProductScope(database.db, [
              onboardingStageRoutes(database.db),
              onboardingTemplateRoutes(database.db),
              onboardingRoutes(database.db, files, { appUrl: config.appUrl }),
            ]),
          ],
          { apiKeyRatePerMinute: config.apiKeyRatePerMinute, inOrganisation: database.inOrganisation },
        ),
        {
          prefix: ORGANISATION_PREFIX,
        },
      );
    },
    { prefix: API_BASE_PATH },
  );

  await app.register(devMailboxRoutes(database.db, { production }));
  if (devClock) await app.register(devClockRoutes(devClock));
  // The public careers site (Website product): server-rendered HTML outside /api, before the SPA fallback;
  // each request runs in the organisation its slug names.
  await app.register(
    careersRoutes({
      db: database.db,
      storage: files.storage,
      appUrl: config.appUrl,
      applyRate: config.careersApplyRate,
      inOrganisation: database.inOrganisation,
    }),
    { prefix: CAREERS_PREFIX },
  );
  registerNotFound(app, { spaFallback: await registerWebApp(app, config.webDist) });
  return app;
}

/** Serves the built React app, if built. Returns whether it did. */
async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<boolean> {
  const root = webDist ? path.resolve(webDist) : undefined;
  if (!root || !existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      // Hashed assets never change; index.html must always be revalidated.
      reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

/**
 * Who is asking, remembered between requests for SESSION_CACHE_MS (none with 0): trusted only while
 * this node listens to the session changes PostgreSQL announces (migration 0021), so a sign-out, a
 * role change or a removal reaches every node's cache at its COMMIT.
 */
function sessionCacheFor(app: FastifyInstance, config: Config, database: Database): SessionCache | undefined {
  if (config.sessionCacheMs <= 0) return undefined;
  const cache = createSessionCache({ ttlMs: config.sessionCacheMs });
  // Listening starts with the app (an app built and never started opens no connection for it).
  let listener: Listener | undefined;
  app.addHook('onReady', async () => {
    listener = listen(database.url, SESSION_CHANGES_CHANNEL, {
      onMessage: (announcement) => cache.forget(announcement),
      onListening: (listening) => cache.setTrusted(listening),
    });
  });
  // What this node commits it forgets before answering; other nodes when the notification arrives.
  const stopForgetting = database.onAuthChanged((announcements) => {
    for (const announcement of announcements) cache.forget(announcement);
  });
  app.addHook('onClose', async () => {
    stopForgetting();
    await listener?.close();
  });
  return cache;
}
