/**
 * The real app on a database seeded for the settings bench: the demo organisation plus 5,000
 * members and 200 API keys. Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL.
 * Prints one JSON line once listening: { port, organisationId, cookie, apiKey }.
 */
import { API_KEY_READ_SCOPES } from '@hireloop/contract/api-keys';
import { buildApp } from '../apps/server/src/app.ts';
import { apiKeys } from '../apps/server/src/db/schema/api-keys.ts';
import { memberships } from '../apps/server/src/db/schema/organisations.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';

export const MEMBERS = 5_000;
export const API_KEYS = 200;
const BATCH = 500;

const { config, database, organisationId, ownerId } = await openDemoBench();
const db = database.db;

const ROLES = ['recruiter', 'hiring_manager', 'interviewer'] as const;
for (let start = 0; start < MEMBERS; start += BATCH) {
  const people = Array.from({ length: Math.min(BATCH, MEMBERS - start) }, (_, i) => {
    const n = start + i;
    return { oidcIssuer: 'local', oidcSub: `bench-${n}`, email: `member${n}@bench.test`, name: `Member ${String(n).padStart(4, '0')}` };
  });
  const inserted = await db.insert(users).values(people).returning({ id: users.id });
  await db.insert(memberships).values(inserted.map((u, i) => ({ organisationId, userId: u.id, role: ROLES[(start + i) % ROLES.length]! })));
}

let readKey = '';
const keys = Array.from({ length: API_KEYS }, (_, i) => {
  const token = `hl_${randomToken()}`;
  if (i === 0) readKey = token;
  return {
    organisationId,
    name: `Bench key ${i}`,
    prefix: token.slice(0, 11),
    tokenHash: sha256(token),
    scopes: API_KEY_READ_SCOPES,
    createdBy: ownerId,
  };
});
await db.insert(apiKeys).values(keys);

const cookie = await sessionCookieFor(database, ownerId);

const app = await buildApp({ config, database });
const port = await serveUntilSignalled(app, database, config);
process.stdout.write(`${JSON.stringify({ port, organisationId, cookie, apiKey: readKey })}\n`);
