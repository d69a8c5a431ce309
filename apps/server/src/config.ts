import { z } from 'zod';
import { DATABASE_LIMITS } from './db/limits.ts';

const booleanFlag = z.enum(['0', '1', 'true', 'false', 'yes', 'no']).transform((v) => v === '1' || v === 'true' || v === 'yes');

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Public URL of the app; the OIDC redirect URI and the local issuer are built from it. */
    APP_URL: z.url().optional(),
    /** PostgreSQL server; without it the app runs its own PostgreSQL server in DATA_DIR/postgres. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Longest a statement of the app may run on PostgreSQL before the server ends it (0: no limit). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(DATABASE_LIMITS.statementTimeoutMs),
    /** Longest a transaction of the app may sit idle before PostgreSQL ends its connection (0: no limit). */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(DATABASE_LIMITS.idleInTransactionTimeoutMs),
    /** Longest a client may take to send a whole request, body included (0: no limit). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(120_000),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** Issuer to use with GOOGLE_CLIENT_ID (tests point it at a fake provider). */
    OIDC_ISSUER: z.url().default('https://accounts.google.com'),
    /** Demo data on first start; default: on for the embedded database, off for a server. */
    DEMO: booleanFlag.optional(),
    /** The browser tests' server: a clock they may move ahead through PUT /dev/clock (never in production). */
    TEST_CLOCK: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: booleanFlag.default(false),
    /** Where the built web app lives; served with SPA fallback when present. */
    WEB_DIST: z.string().optional(),
    /** Time given to in-flight requests on SIGTERM before the process exits anyway. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    /**
     * How long (ms) a node keeps who is asking (session, user, role) between requests; a sign-out, a
     * role change or a removal is forgotten at once on every node (docs/decisions/015-who-is-asking-remembered.md).
     * 0: every request asks the database.
     */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
    /** Calls a minute one API key may make (all its calls together). */
    API_KEY_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Applications one address may send through the careers site in 10 minutes. */
    CAREERS_APPLY_RATE: z.coerce.number().int().min(1).default(10),
    /** S3-compatible storage for uploaded files; without S3_BUCKET files go to DATA_DIR/files. */
    S3_BUCKET: z.string().trim().min(3).optional(),
    /** For MinIO, R2 and other S3-compatible services (path-style); leave unset for AWS. */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Outgoing mail server, e.g. smtps://user:pass@smtp.example.com:465; without it mail goes to /dev/mailbox (not in production). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Hireloop <no-reply@hireloop.local>'),
    /** Days a delivered (or failed) mail is kept in the outbox, and dev mailbox mail, before it is purged. */
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Stripe billing; without it (self-hosted) plan and product changes apply at once. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
    /** Signing secret of the webhook endpoint POST /api/v1/billing/stripe/webhook. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
      .optional(),
    /** Real-time (Pusher Channels protocol): app id, key and secret; fixed development values outside production. */
    PUSHER_APP_ID: z
      .string()
      .trim()
      .regex(/^[\w-]{1,64}$/, 'must be letters, digits, _ or -')
      .optional(),
    PUSHER_KEY: z
      .string()
      .trim()
      .regex(/^[\w-]{1,64}$/, 'must be letters, digits, _ or -')
      .optional(),
    PUSHER_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Hosted Pusher (or a compatible server): with PUSHER_HOST or PUSHER_CLUSTER set, events go there (TLS forced) instead of the embedded endpoint. */
    PUSHER_HOST: z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+$/i, 'must be a host name')
      .optional(),
    PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    PUSHER_CLUSTER: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]+$/, 'must be a cluster name like eu')
      .optional(),
    /** Several app nodes: real-time events fan out through Redis pub/sub. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.GOOGLE_CLIENT_ID) !== Boolean(c.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    if (c.NODE_ENV === 'production' && !c.GOOGLE_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_ID'],
        message: 'is required in production: the local identity provider is for development only',
      });
    }
    if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required with STRIPE_SECRET_KEY: the signed webhook is what applies paid changes',
      });
    }
    if (c.S3_BUCKET && (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'is required with S3_BUCKET',
      });
    }
    const hostedPusher = Boolean(c.PUSHER_HOST || c.PUSHER_CLUSTER);
    if (c.NODE_ENV === 'production' || hostedPusher) {
      // The key and app id may keep their defaults on the embedded endpoint; the secret may not.
      for (const name of hostedPusher ? (['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'] as const) : (['PUSHER_SECRET'] as const)) {
        if (!c[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: hostedPusher ? 'is required with PUSHER_HOST or PUSHER_CLUSTER' : 'is required in production',
          });
      }
      if (c.NODE_ENV === 'production' && c.PUSHER_SECRET === DEV_PUSHER.secret)
        ctx.addIssue({ code: 'custom', path: ['PUSHER_SECRET'], message: 'must not be the development secret in production' });
    }
    if (c.NODE_ENV === 'production' && c.TEST_CLOCK) {
      ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'is for browser tests only, never in production' });
    }
    if (c.NODE_ENV === 'production' && !c.APP_URL) {
      ctx.addIssue({ code: 'custom', path: ['APP_URL'], message: 'is required in production' });
    }
  });

/** Fixed real-time credentials for development and tests (never accepted in production). */
export const DEV_PUSHER = { appId: 'hireloop', key: 'hireloop-key', secret: 'hireloop-development-secret' } as const;

export type RealtimeConfig = {
  appId: string;
  key: string;
  secret: string;
  /** null: the embedded endpoint at /app/{key} on this server. Otherwise hosted Pusher, always TLS. */
  hosted: { host: string; port: number; cluster: string | undefined } | null;
  /** Fan-out between app nodes through Redis pub/sub (embedded endpoint only). */
  redisUrl: string | undefined;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appUrl: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's limits on the app's connections (db/client.ts). */
  databaseLimits: { statementTimeoutMs: number; idleInTransactionTimeoutMs: number };
  /** Longest a client may take to send a whole request (Node's requestTimeout); 0: none. */
  requestTimeoutMs: number;
  dataDir: string;
  oidc:
    { kind: 'google'; issuer: string; clientId: string; clientSecret: string } | { kind: 'local'; clientId: string; clientSecret: string };
  demo: boolean | undefined;
  /** TEST_CLOCK: the app's clock can be moved ahead through PUT /dev/clock (browser tests). */
  testClock: boolean;
  logLevel: string;
  trustProxy: boolean;
  webDist: string | undefined;
  shutdownGraceMs: number;
  apiKeyRatePerMinute: number;
  sessionCacheMs: number;
  careersApplyRate: number;
  /** Uploaded files go to this bucket; null: DATA_DIR/files. */
  s3: { bucket: string; endpoint: string | undefined; region: string; accessKeyId: string; secretAccessKey: string } | null;
  mail: { smtpUrl: string | undefined; from: string };
  /** Delivered and failed outbox jobs (and dev mailbox mail) older than this many days are purged. */
  outboxRetentionDays: number;
  /** null: no Stripe (self-hosted), billing changes apply directly. */
  stripe: { secretKey: string; webhookSecret: string } | null;
  realtime: RealtimeConfig;
};

export class ConfigError extends Error {}

/** Parses the environment once. A wrong variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
  }
  const c = parsed.data;
  const appUrl = (c.APP_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    appUrl,
    databaseUrl: c.DATABASE_URL,
    databaseLimits: {
      statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: c.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    dataDir: c.DATA_DIR,
    oidc:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { kind: 'google', issuer: c.OIDC_ISSUER, clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET }
        : { kind: 'local', clientId: 'hireloop-local', clientSecret: 'hireloop-local-development-secret' },
    demo: c.DEMO,
    testClock: c.TEST_CLOCK,
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY,
    webDist: c.WEB_DIST,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    apiKeyRatePerMinute: c.API_KEY_RATE_PER_MINUTE,
    sessionCacheMs: c.SESSION_CACHE_MS,
    careersApplyRate: c.CAREERS_APPLY_RATE,
    s3:
      c.S3_BUCKET && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? {
            bucket: c.S3_BUCKET,
            endpoint: c.S3_ENDPOINT,
            region: c.S3_REGION,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          }
        : null,
    mail: { smtpUrl: c.SMTP_URL, from: c.MAIL_FROM },
    outboxRetentionDays: c.OUTBOX_RETENTION_DAYS,
    stripe:
      c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET ? { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET } : null,
    realtime: {
      appId: c.PUSHER_APP_ID ?? DEV_PUSHER.appId,
      key: c.PUSHER_KEY ?? DEV_PUSHER.key,
      secret: c.PUSHER_SECRET ?? DEV_PUSHER.secret,
      hosted:
        c.PUSHER_HOST || c.PUSHER_CLUSTER
          ? {
              // Hosted Pusher: cluster eu unless told otherwise; PUSHER_HOST wins over the cluster's host.
              host: c.PUSHER_HOST ?? `api-${c.PUSHER_CLUSTER}.pusher.com`,
              port: c.PUSHER_PORT ?? 443,
              cluster: c.PUSHER_HOST ? c.PUSHER_CLUSTER : (c.PUSHER_CLUSTER ?? 'eu'),
            }
          : null,
      redisUrl: c.REDIS_URL,
    },
  };
}
