/**
 * The real app on a database seeded for the settings bench: the demo organisation plus 5,000
 * members and 200 API keys. Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL.
 * Prints one JSON line once listening: { port, organisationId, cookie, apiKey }.
 */
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@hireloop/contract/constants';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_ORGANISATION, seedDemo } from '../apps/server/src/db/demo-seed.ts';
import { apiKeys } from '../apps/server/src/db/schema/api-keys.ts';
import { memberships, organisations } from '../apps/server/src/db/schema/organisations.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';

export const MEMBERS = 5_000;
export const API_KEYS = 200;
const BATCH = 500;

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db);
const db = database.db;

const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, DEMO_ORGANISATION.slug));
if (!org) throw new Error('the demo organisation is missing: did the seed run?');
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.oidcSub, 'demo-owner'));
if (!owner) throw new Error('the demo owner is missing');

const ROLES = ['recruiter', 'hiring_manager', 'interviewer'] as const;
for (let start = 0; start < MEMBERS; start += BATCH) {
  const people = Array.from({ length: Math.min(BATCH, MEMBERS - start) }, (_, i) => {
    const n = start + i;
    return { oidcIssuer: 'local', oidcSub: `bench-${n}`, email: `member${n}@bench.test`, name: `Member ${String(n).padStart(4, '0')}` };
  });
  const inserted = await db.insert(users).values(people).returning({ id: users.id });
  await db
    .insert(memberships)
    .values(inserted.map((u, i) => ({ organisationId: org.id, userId: u.id, role: ROLES[(start + i) % ROLES.length]! })));
}

let readKey = '';
const keys = Array.from({ length: API_KEYS }, (_, i) => {
  const token = `hl_${randomToken()}`;
  if (i === 0) readKey = token;
  return {
    organisationId: org.id,
    name: `Bench key ${i}`,
    prefix: token.slice(0, 11),
    tokenHash: sha256(token),
    scopes: ['read'],
    createdBy: owner.id,
  };
});
await db.insert(apiKeys).values(keys);

const token = randomToken();
await db.insert(sessions).values({ tokenHash: sha256(token), userId: owner.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });

const app = await buildApp({ config, database });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
await app.listen({ host: config.host, port: config.port });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(`${JSON.stringify({ port, organisationId: org.id, cookie: `${SESSION_COOKIE}=${token}`, apiKey: readKey })}\n`);
