/**
 * The real app on a database with the demo seed (which has offers in every state) and a session for
 * the demo owner, for the offer letter PDF bench. Never imported by production code.
 *
 * Environment: PORT, HOST, DATA_DIR (fresh) or DATABASE_URL (an empty database), LOG_LEVEL.
 * Prints one JSON line once listening: { port, organisationId, cookie, offerId, pdfPath, bytes }.
 */
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { offers } from '../apps/server/src/db/schema/interviews.ts';
import { openDemoBench, serveUntilSignalled, sessionCookieFor } from './demo-bench.ts';

const { config, database, organisationId, ownerId } = await openDemoBench();
const db = database.db;
// The sent offer: its letter is the one kept as sent (the preview path renders from the template otherwise).
const [offer] = await db
  .select({ id: offers.id })
  .from(offers)
  .where(and(eq(offers.organisationId, organisationId), eq(offers.status, 'sent')))
  .limit(1);
if (!offer) throw new Error('the demo has no sent offer');

const cookie = await sessionCookieFor(database, ownerId);
const pdfPath = `/api/v1/organisation/${organisationId}/offers/${offer.id}/letter.pdf`;

const app = await buildApp({ config, database });
const port = await serveUntilSignalled(app, database, config);

const res = await app.inject({ method: 'GET', url: pdfPath, headers: { cookie } });
if (res.statusCode !== 200 || res.headers['content-type'] !== 'application/pdf')
  throw new Error(`${pdfPath} answered ${res.statusCode} ${String(res.headers['content-type'])}`);

process.stdout.write(`${JSON.stringify({ port, organisationId, cookie, offerId: offer.id, pdfPath, bytes: res.rawPayload.length })}\n`);
