/**
 * The real app on a database with the demo seed (which has offers in every state) and a session for
 * the demo owner, for the offer letter PDF bench. Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL.
 * Prints one JSON line once listening: { port, organisationId, cookie, offerId, pdfPath, bytes }.
 */
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '@hireloop/contract/constants';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { DEMO_ORGANISATION, seedDemo } from '../apps/server/src/db/demo-seed.ts';
import { offers } from '../apps/server/src/db/schema/interviews.ts';
import { organisations } from '../apps/server/src/db/schema/organisations.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { randomToken, sha256 } from '../apps/server/src/lib/tokens.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedDemo(database.db);
const db = database.db;

const [org] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.slug, DEMO_ORGANISATION.slug));
if (!org) throw new Error('the demo organisation is missing: did the seed run?');
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.oidcSub, 'demo-owner'));
if (!owner) throw new Error('the demo owner is missing');
// The sent offer: its letter is the one kept as sent (the preview path renders from the template otherwise).
const [offer] = await db
  .select({ id: offers.id })
  .from(offers)
  .where(and(eq(offers.organisationId, org.id), eq(offers.status, 'sent')))
  .limit(1);
if (!offer) throw new Error('the demo has no sent offer');

const token = randomToken();
await db.insert(sessions).values({ tokenHash: sha256(token), userId: owner.id, expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS) });
const cookie = `${SESSION_COOKIE}=${token}`;
const pdfPath = `/api/v1/organisation/${org.id}/offers/${offer.id}/letter.pdf`;

const app = await buildApp({ config, database });
const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
await app.listen({ host: config.host, port: config.port });

const res = await app.inject({ method: 'GET', url: pdfPath, headers: { cookie } });
if (res.statusCode !== 200 || res.headers['content-type'] !== 'application/pdf')
  throw new Error(`${pdfPath} answered ${res.statusCode} ${String(res.headers['content-type'])}`);

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
process.stdout.write(
  `${JSON.stringify({ port, organisationId: org.id, cookie, offerId: offer.id, pdfPath, bytes: res.rawPayload.length })}\n`,
);
