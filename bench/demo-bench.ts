/**
 * What every demo-based bench server starts with: the real app's config from the environment, its
 * database (a fresh DATA_DIR or DATABASE_URL) migrated and seeded with the demo, the demo
 * organisation and owner, and a session cookie for the owner. `serveUntilSignalled` listens with
 * the app and closes it and the database on SIGTERM or SIGINT. Never imported by production code.
 */
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@hireloop/contract/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { DEMO_ORGANISATION, seedDemo } from '../apps/server/src/db/demo-seed.ts';
import { organisations } from '../apps/server/src/db/schema/organisations.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';

export type DemoBench = { config: Config; database: Database; organisationId: string; ownerId: string };

export async function openDemoBench(): Promise<DemoBench> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...config.databaseLimits });
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, DEMO_ORGANISATION.slug));
  if (!org) throw new Error('the demo organisation is missing: did the seed run?');
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.oidcSub, 'demo-owner'));
  if (!owner) throw new Error('the demo owner is missing');
  return { config, database, organisationId: org.id, ownerId: owner.id };
}

/** A session for `userId`, as the `cookie` header value a bench client sends. */
export async function sessionCookieFor(database: Database, userId: string): Promise<string> {
  const token = randomToken();
  await database.db.insert(sessions).values({ tokenHash: sha256(token), userId, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
  return `${SESSION_COOKIE}=${token}`;
}

/** Listens on the configured host and port; closes the app and the database on SIGTERM or SIGINT. Returns the port. */
export async function serveUntilSignalled(app: FastifyInstance, database: Database, config: Config): Promise<number> {
  const shutdown = async () => {
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`bench server: shutdown failed: ${(error as Error).message}\n`);
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}
