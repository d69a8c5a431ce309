import { offerOperations } from '@hireloop/contract/operations/offers';
import { publicOfferOperations } from '@hireloop/contract/operations/public-offers';
import { eq } from 'drizzle-orm';
import { outbox } from '../src/db/schema/outbox.ts';
import { Client, type TestApp } from './harness.ts';
import { expectOk, expectStatus } from './operations.ts';

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
  const created = await expectStatus(recruiter, offerOperations.create, 201, {
    params: { organisationId: offer.organisationId, application: offer.applicationId },
    body: { salary: offer.salary, currency: 'EUR', start_date: offer.startDate, expires_on: offer.expiresOn, approver_ids: [] },
  });
  const offerId = created.offer.id;
  const ofOffer = { params: { organisationId: offer.organisationId, offer: offerId } };
  await expectOk(recruiter, offerOperations.submit, ofOffer);
  await expectStatus(recruiter, offerOperations.send, 200, ofOffer);
  const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
  const mail = mails.map((m) => m.payload as { to: string; text: string }).find((m) => m.to === offer.candidateEmail);
  const token = new RegExp(`${t.baseUrl}/offer/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '')?.[1];
  const visitor = await new Client(t.baseUrl).csrf();
  await expectStatus(visitor, publicOfferOperations.accept, 200, { params: { token: token ?? '' }, body: {} });
  return { offerId };
}
