import { randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_MS, type MemberRole } from '@hireloop/contract/constants';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { runAdminStatement } from '../src/db/admin-sql.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { freePort } from '../src/lib/free-port.ts';
import { memberships, organisations } from '../src/db/schema/organisations.ts';
import { localIdentities, sessions, users } from '../src/db/schema/users.ts';
import { randomToken, sha256 } from '../src/lib/tokens.ts';

/** The local issuer's URL must be known before listening: tests pick the port first. */
export { freePort } from '../src/lib/free-port.ts';

/** A fresh database for one test file: a clone of the migrated template (global-setup.ts). */
async function freshDatabase(limits: Config['databaseLimits']): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `hireloop_test_${randomBytes(6).toString('hex')}`;
  await runAdminStatement(adminUrl, `create database ${name} template ${inject('templateDatabase')}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), ...limits });
  return {
    database,
    drop: () => runAdminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The test file's database (with its password): another node or a tool opens it too. */
  databaseUrl: string;
  baseUrl: string;
  config: Config;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /**
   * A second app node on the database of an app already started (as a second server process on
   * the same database), with its own connection pool. Closing this node leaves the database alone.
   */
  sharing?: TestApp;
  /** The candidate import runner's node id, clock, timer and test hooks. */
  imports?: AppDeps['imports'];
  /** The app's clock (a fixed instant, so a test never depends on the wall clock). */
  clock?: AppDeps['clock'];
};

/** Starts the real app on 127.0.0.1 with a fresh database (or, with `sharing`, on another app's database). */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const port = await freePort();
  // Tests change sessions and memberships behind the app's back and ask again at once: every request
  // asks the database (session-cache.test.ts turns the cache of who is asking on).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_CACHE_MS: '0',
    ...env,
  });
  const shared = options.sharing;
  const { database, drop } = shared
    ? { database: await openDatabase({ databaseUrl: shared.databaseUrl, ...config.databaseLimits }), drop: async () => undefined }
    : await freshDatabase(config.databaseLimits);
  const app = await buildApp({
    config,
    database,
    ...(options.imports ? { imports: options.imports } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.listen({ host: '127.0.0.1', port });
  let closed: Promise<void> | undefined;
  return {
    app,
    database,
    databaseUrl: database.url,
    config,
    baseUrl: config.appUrl,
    close: () =>
      (closed ??= (async () => {
        await app.close();
        await database.close();
        await drop();
      })()),
  };
}

// ── factories ───────────────────────────────────────────────────────────────

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

export async function createUser(t: TestApp, attrs: Partial<{ name: string; email: string }> = {}) {
  const id = unique();
  const email = attrs.email ?? `user-${id}@example.test`;
  const name = attrs.name ?? `User ${id}`;
  await t.database.db.insert(localIdentities).values({ sub: `sub-${id}`, email, name });
  const [user] = await t.database.db
    .insert(users)
    .values({ oidcIssuer: 'local', oidcSub: `sub-${id}`, email, name })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

export async function createOrganisation(t: TestApp, owner?: { id: string }, attrs: Partial<{ name: string }> = {}) {
  const id = unique();
  const [org] = await t.database.db
    .insert(organisations)
    .values({ name: attrs.name ?? `Org ${id}`, slug: `org-${id}`, trailEndsAt: new Date(Date.now() + 14 * 86_400_000) })
    .returning();
  if (!org) throw new Error('no organisation');
  if (owner) await addMember(t, org.id, owner.id, 'owner');
  return org;
}

export async function addMember(t: TestApp, organisationId: string, userId: string, role: MemberRole) {
  await t.database.db.insert(memberships).values({ organisationId, userId, role });
}

/** An HTTP client with its own cookie jar, like one browser. */
export class Client {
  private jar = new Map<string, string>();

  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  cookie(name: string) {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string) {
    this.jar.set(name, value);
  }

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(
    method: string,
    path: string,
    init: { body?: unknown; rawBody?: string; headers?: Record<string, string>; xsrf?: boolean } = {},
  ) {
    const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    if (init.xsrf !== false && xsrf && !['GET', 'HEAD'].includes(method)) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path.startsWith('/') ? path : `/api/v1/${path}`}`;
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    this.store(res);
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
    return { status: res.status, headers: res.headers, text, json: json as any };
  }

  get = (path: string, init?: Parameters<Client['request']>[2]) => this.request('GET', path, init);
  post = (path: string, body?: unknown, init?: Parameters<Client['request']>[2]) => this.request('POST', path, { ...init, body });
  put = (path: string, body?: unknown, init?: Parameters<Client['request']>[2]) => this.request('PUT', path, { ...init, body });
  patch = (path: string, body?: unknown, init?: Parameters<Client['request']>[2]) => this.request('PATCH', path, { ...init, body });
  delete = (path: string, init?: Parameters<Client['request']>[2]) => this.request('DELETE', path, init);

  /** Gets the anti-forgery cookie, as the web app does at start. */
  async csrf() {
    await this.get('auth/init/csrf-cookie');
    return this;
  }
}

/** The same browser (its session and anti-forgery cookies) talking to another node of the app. */
export function onNode(client: Client, t: Pick<TestApp, 'baseUrl'>): Client {
  const other = new Client(t.baseUrl);
  for (const name of ['hireloop_session', 'XSRF-TOKEN']) {
    const value = client.cookie(name);
    if (value !== undefined) other.setCookie(name, value);
  }
  return other;
}

/** A caller with nothing but an API key: no cookies, no XSRF token (the key's `Authorization: Bearer` on every call). */
export function apiKeyClient(t: Pick<TestApp, 'baseUrl'>, token: string) {
  const client = new Client(t.baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (path: string) => client.get(path, { headers }),
    post: (path: string, body: unknown) => client.post(path, body, { headers }),
    patch: (path: string, body: unknown) => client.patch(path, body, { headers }),
    delete: (path: string) => client.delete(path, { headers }),
  };
}

/** A signed-in client for the user (a session row, as a completed sign-in leaves). */
export async function signIn(t: TestApp, user: { id: string }): Promise<Client> {
  const token = randomToken();
  await t.database.db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
  const client = new Client(t.baseUrl);
  client.setCookie('hireloop_session', token);
  return client.csrf();
}

/**
 * Signs in through the real flow: /auth/google/redirect → the local identity provider's chooser →
 * pick an account (or a new identity) → callback. Returns where the app finally redirected.
 */
export async function signInThroughIssuer(
  client: Client,
  account: { sub: string } | { name: string; email: string },
  returnTo = '/dashboard',
): Promise<{ location: string }> {
  const start = await client.get(`/api/v1/auth/google/redirect?return_to=${encodeURIComponent(returnTo)}`);
  if (start.status !== 302) throw new Error(`redirect: ${start.status} ${start.text}`);
  const authorize = await client.get(start.headers.get('location')!);
  if (authorize.status !== 303) throw new Error(`authorize: ${authorize.status} ${authorize.text}`);
  const chooserUrl = new URL(authorize.headers.get('location')!, client.baseUrl).toString();
  const chooser = await client.get(chooserUrl);
  const action = /action="([^"]+)"/.exec(chooser.text)?.[1];
  if (!action) throw new Error(`chooser: ${chooser.status} ${chooser.text.slice(0, 200)}`);
  const form = new URLSearchParams('sub' in account ? { sub: account.sub } : account).toString();
  const chosen = await client.request('POST', new URL(action, client.baseUrl).toString(), {
    rawBody: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (chosen.status !== 303) throw new Error(`login: ${chosen.status} ${chosen.text.slice(0, 300)}`);
  const resumed = await client.get(new URL(chosen.headers.get('location')!, client.baseUrl).toString());
  if (resumed.status !== 303) throw new Error(`resume: ${resumed.status} ${resumed.text.slice(0, 300)}`);
  const callback = await client.get(resumed.headers.get('location')!);
  if (callback.status !== 302) throw new Error(`callback: ${callback.status} ${callback.text.slice(0, 300)}`);
  return { location: callback.headers.get('location')! };
}
