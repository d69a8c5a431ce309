import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outbox } from '../src/db/schema/outbox.ts';
import { Client, type TestApp } from './harness.ts';

/**
 * An offer for the application made (no approvers), submitted, sent and accepted by the candidate
 * on the public offer page: every step through the app, the link taken from the mail it queued.
 */
export async function acceptOfferThroughApp(
  t: TestApp,
  recruiter: Client,
  offer: {
    organisationId: string;
    applicationId: string;
    candidateEmail: string | null;
    salary: number;
    startDate: string;
    expiresOn: string;
  },
): Promise<{ offerId: string }> {
  const o = (rest: string) => `organisation/${offer.organisationId}${rest}`;
  const created = await recruiter.post(o(`/applications/${offer.applicationId}/offers`), {
    salary: offer.salary,
    currency: 'EUR',
    start_date: offer.startDate,
    expires_on: offer.expiresOn,
    approver_ids: [],
  });
  expect(created.status, created.text).toBe(201);
  const offerId = created.json.offer.id as string;
  await recruiter.post(o(`/offers/${offerId}/submit`));
  expect((await recruiter.post(o(`/offers/${offerId}/send`))).status).toBe(200);
  const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
  const mail = mails.map((m) => m.payload as { to: string; text: string }).find((m) => m.to === offer.candidateEmail);
  const token = new RegExp(`${t.baseUrl}/offer/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1];
  const visitor = await new Client(t.baseUrl).csrf();
  const accepted = await visitor.post(`public/offers/${token}/accept`, {});
  expect(accepted.status, accepted.text).toBe(200);
  return { offerId };
}
