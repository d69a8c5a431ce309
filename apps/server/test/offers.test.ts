import { OFFER_APPROVAL_TEXTS } from '@hireloop/contract/errors';
import { OFFER_TEXTS, type CreateOfferBody } from '@hireloop/contract/offers';
import { offerOperations as ops } from '@hireloop/contract/operations/offers';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { activities, applications } from '../src/db/schema/candidates.ts';
import { offers } from '../src/db/schema/interviews.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { expireOffers } from '../src/jobs/offer-expiry.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectOk, expectStatus } from './operations.ts';
import { fetchBytes, pdfText } from './pdf-text.ts';

let t: TestApp;
let org: { id: string; name: string };
let owner: { id: string; name: string };
let recruiterUser: { id: string; name: string };
let managerUser: { id: string; name: string };
let interviewerUser: { id: string };
let ownerClient: Client;
let recruiter: Client;
let manager: Client;
let interviewer: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;
let recruitmentId: string;
let other: { org: { id: string }; client: Client; applicationId: string; offerId: string };

const db = () => t.database.db;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const o = (rest = '') => `organisation/${org.id}${rest}`;
const ofOffer = (offer: string) => ({ organisationId: org.id, offer });
const ofApplication = (application: string) => ({ organisationId: org.id, application });

async function newApplication(attrs: { name?: string; email?: string | null } = {}) {
  const { candidate, applications: apps } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, attrs, [recruitmentId]);
  return { candidate, applicationId: apps[0]!.id };
}

const body = (extra: Partial<CreateOfferBody> = {}): CreateOfferBody => ({
  salary: 85000,
  currency: 'EUR',
  salary_period: 'year',
  bonus_note: '10% annual bonus',
  start_date: future(40),
  contract_type: 'full_time',
  expires_on: future(14),
  approver_ids: [managerUser.id, owner.id],
  ...extra,
});

async function draft(applicationId: string, extra: Partial<CreateOfferBody> = {}) {
  return (await expectStatus(recruiter, ops.create, 201, { params: ofApplication(applicationId), body: body(extra) })).offer;
}

async function approved(applicationId: string) {
  const offer = await draft(applicationId);
  await expectStatus(recruiter, ops.submit, 200, { params: ofOffer(offer.id) });
  await expectStatus(manager, ops.approve, 200, { params: ofOffer(offer.id), body: {} });
  const res = await expectStatus(ownerClient, ops.approve, 200, { params: ofOffer(offer.id), body: { comment: 'Go' } });
  expect(res.offer.status).toBe('approved');
  return offer;
}

const activityTypes = async (applicationId: string) =>
  (await db().select().from(activities).where(eq(activities.applicationId, applicationId))).map((a) => a.type);

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Dana Whitfield' });
  org = await createOrganisation(t, owner, { name: 'Northwind Labs' });
  recruiterUser = await createUser(t, { name: 'Priya Raman' });
  managerUser = await createUser(t, { name: 'Tom Okafor' });
  interviewerUser = await createUser(t, { name: 'Elena García' });
  await addMember(t, org.id, recruiterUser.id, 'recruiter');
  await addMember(t, org.id, managerUser.id, 'hiring_manager');
  await addMember(t, org.id, interviewerUser.id, 'interviewer');
  [ownerClient, recruiter, manager, interviewer] = await Promise.all([
    signIn(t, owner),
    signIn(t, recruiterUser),
    signIn(t, managerUser),
    signIn(t, interviewerUser),
  ]);
  pipeline = await seedPipeline(t, org.id);
  recruitmentId = (await pipeline.recruitment('Backend engineer')).id;

  const otherOwner = await createUser(t);
  const otherOrg = await createOrganisation(t, otherOwner);
  const otherPipeline = await seedPipeline(t, otherOrg.id);
  const otherRecruitment = await otherPipeline.recruitment('Other');
  const seeded = await seedCandidate(t, otherOrg.id, otherPipeline.statuses[0]!.id, {}, [otherRecruitment.id]);
  const otherClient = await signIn(t, otherOwner);
  const res = await expectStatus(otherClient, ops.create, 201, {
    params: { organisationId: otherOrg.id, application: seeded.applications[0]!.id },
    body: body({ approver_ids: [] }),
  });
  other = { org: otherOrg, client: otherClient, applicationId: seeded.applications[0]!.id, offerId: res.offer.id };
});
afterAll(async () => {
  await t?.close();
});

describe('creating an offer', () => {
  it('creates a draft with approvers in order, on the timeline', async () => {
    const { applicationId, candidate } = await newApplication({ name: 'Ada Lovelace' });
    const { offer } = await expectStatus(recruiter, ops.create, 201, { params: ofApplication(applicationId), body: body() });
    expect(offer).toMatchObject({
      status: 'draft',
      salary: 85000,
      currency: 'EUR',
      salary_period: 'year',
      bonus_note: '10% annual bonus',
      contract_type: 'full_time',
      expires_on: future(14),
      version: 1,
      candidate: { id: candidate.id, name: 'Ada Lovelace' },
      recruitment: { id: recruitmentId, name: 'Backend engineer' },
      role: { name: 'Engineer' },
      created_by: { id: recruiterUser.id, name: 'Priya Raman' },
      current_approver_id: null,
      can_approve: false,
      letter_text: null,
      sent_at: null,
    });
    expect(offer.approvals.map((a) => [a.approver.id, a.position, a.decision])).toEqual([
      [managerUser.id, 1, 'pending'],
      [owner.id, 2, 'pending'],
    ]);
    expect(offer.letter_preview_url).toBe(`/api/v1/organisation/${org.id}/offers/${offer.id}/letter.pdf`);
    expect(await activityTypes(applicationId)).toContain('offer.created');

    const one = await expectStatus(manager, ops.get, 200, { params: ofOffer(offer.id) });
    expect(one.offer.id).toBe(offer.id);
    const forApp = await expectOk(manager, ops.listForApplication, { params: ofApplication(applicationId) });
    expect(forApp.offers.map((x) => x.id)).toEqual([offer.id]);
  });

  it('refuses bad input with clear messages and changes nothing', async () => {
    const { applicationId } = await newApplication();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ salary: -1 }, 'salary', OFFER_TEXTS.salaryNegative],
      [{ salary: 10.555 }, 'salary', OFFER_TEXTS.salaryCents],
      [{ currency: 'eur' }, 'currency', OFFER_TEXTS.currencyFormat],
      [{ currency: 'XYZ' }, 'currency', OFFER_TEXTS.currencyUnknown],
      [{ expires_on: yesterday }, 'expires_on', OFFER_TEXTS.expiryPast],
      [{ expires_on: '2027-02-30' }, 'expires_on', OFFER_TEXTS.dateInvalid],
      [{ start_date: 'tomorrow' }, 'start_date', OFFER_TEXTS.dateInvalid],
      [{ contract_type: 'forever' }, 'contract_type', OFFER_TEXTS.contractTypeInvalid],
      [{ approver_ids: [interviewerUser.id] }, 'approver_ids', OFFER_TEXTS.approverUnknown],
      [{ approver_ids: [managerUser.id, managerUser.id] }, 'approver_ids', OFFER_TEXTS.approverDuplicate],
    ];
    for (const [extra, field, message] of cases) {
      // Values the contract's types refuse are sent as they are.
      const res = await recruiter.post(o(`/applications/${applicationId}/offers`), { ...body(), ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.json.errors[field], JSON.stringify(res.json)).toContain(message);
    }
    // An approver from another organisation.
    const stranger = await expectStatus(recruiter, ops.create, 422, {
      params: ofApplication(applicationId),
      body: body({ approver_ids: [(await createUser(t)).id] }),
    });
    expect(stranger.errors?.approver_ids).toContain(OFFER_TEXTS.approverUnknown);
    const rows = await db().select().from(offers).where(eq(offers.applicationId, applicationId));
    expect(rows).toHaveLength(0);
  });

  it('404s for unknown, malformed and foreign ids', async () => {
    const malformed = await expectStatus(recruiter, ops.create, 404, { params: ofApplication('nope'), body: body() });
    expect(malformed.message).toBe(OFFER_TEXTS.applicationNotFound);
    await expectStatus(recruiter, ops.create, 404, { params: ofApplication(other.applicationId), body: body() });
    expect((await expectStatus(recruiter, ops.get, 404, { params: ofOffer(other.offerId) })).message).toBe(OFFER_TEXTS.notFound);
    await expectStatus(recruiter, ops.get, 404, { params: ofOffer('123') });
    await expectStatus(recruiter, ops.update, 404, { params: ofOffer(other.offerId), body: { salary: 1 } });
    await expectStatus(recruiter, ops.withdraw, 404, { params: ofOffer(other.offerId) });
    await expectStatus(recruiter, ops.letter, 404, { params: ofOffer(other.offerId) });
    await expectStatus(recruiter, ops.listForApplication, 404, { params: ofApplication('nope') });
    const noRecruitment = { params: { organisationId: org.id, recruitment: crypto.randomUUID() } };
    await expectStatus(recruiter, ops.listForRecruitment, 404, noRecruitment);
    const malformedRecruitment = { params: { organisationId: org.id, recruitment: 'nope' } };
    const res = await expectStatus(recruiter, ops.listForRecruitment, 404, malformedRecruitment);
    expect(res.message).toBe(OFFER_TEXTS.recruitmentNotFound);
    const [row] = await db().select().from(offers).where(eq(offers.id, other.offerId));
    expect(row!.status).toBe('draft');
  });
});

describe('approvals', () => {
  it('runs in order: only the current approver decides; all approved → approved', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    // Approving a draft: not pending.
    await expectStatus(manager, ops.approve, 409, { params: ofOffer(offer.id), body: {} });
    const sub = await expectStatus(recruiter, ops.submit, 200, { params: ofOffer(offer.id) });
    expect(sub.offer).toMatchObject({ status: 'pending_approval', current_approver_id: managerUser.id, can_approve: false });
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, managerUser.id), eq(notifications.type, 'offer_approval')));
    expect(note!.data).toMatchObject({ offer_id: offer.id, url: `/recruitment/${recruitmentId}/offers?offer=${offer.id}` });
    // Submitting again (a double click) answers with the offer as it is.
    const twice = await expectStatus(recruiter, ops.submit, 200, { params: ofOffer(offer.id) });
    expect(twice.offer).toMatchObject({ status: 'pending_approval', current_approver_id: managerUser.id });

    // The second approver before the first: 403; a non-approver: 403.
    const early = await expectStatus(ownerClient, ops.approve, 403, { params: ofOffer(offer.id), body: {} });
    expect(early.message).toBe(OFFER_TEXTS.notYourTurn);
    const outsider = await expectStatus(recruiter, ops.approve, 403, { params: ofOffer(offer.id), body: {} });
    expect(outsider.message).toBe(OFFER_TEXTS.notApprover);

    const viewed = await expectOk(manager, ops.get, { params: ofOffer(offer.id) });
    expect(viewed.offer.can_approve).toBe(true);
    const first = await expectStatus(manager, ops.approve, 200, { params: ofOffer(offer.id), body: { comment: 'Fair' } });
    expect(first.offer).toMatchObject({ status: 'pending_approval', current_approver_id: owner.id });
    expect(first.offer.approvals[0]).toMatchObject({ decision: 'approved', comment: 'Fair' });
    // The same approval again is the recorded one; another comment is a different answer.
    const again = await expectStatus(manager, ops.approve, 200, { params: ofOffer(offer.id), body: { comment: 'Fair' } });
    expect(again.offer).toMatchObject({ status: 'pending_approval', current_approver_id: owner.id });
    const changed = await expectStatus(manager, ops.approve, 409, { params: ofOffer(offer.id), body: {} });
    expect(changed.message).toBe(OFFER_TEXTS.alreadyApproved);

    // The owner's dashboard shows the approval waiting.
    const dash = await ownerClient.get(o('/dashboard'));
    expect(dash.json.dashboard.approvals.map((a: { id: string }) => a.id)).toContain(offer.id);

    const last = await expectStatus(ownerClient, ops.approve, 200, { params: ofOffer(offer.id), body: {} });
    expect(last.offer).toMatchObject({ status: 'approved', current_approver_id: null });
    const dashAfter = await ownerClient.get(o('/dashboard'));
    expect(dashAfter.json.dashboard.approvals.map((a: { id: string }) => a.id)).not.toContain(offer.id);
    expect(await activityTypes(applicationId)).toEqual(expect.arrayContaining(['offer.created', 'offer.submitted', 'offer.approved']));
  });

  it('a rejection sends the offer back to draft with the comment; a comment is required', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    await expectOk(recruiter, ops.submit, { params: ofOffer(offer.id) });
    const noComment = await expectStatus(manager, ops.reject, 422, { params: ofOffer(offer.id), body: { comment: ' ' } });
    expect(noComment.errors?.comment).toContain(OFFER_TEXTS.commentRequired);
    const res = await expectStatus(manager, ops.reject, 200, { params: ofOffer(offer.id), body: { comment: 'Too high for the band' } });
    expect(res.offer.status).toBe('draft');
    expect(res.offer.approvals[0]).toMatchObject({ decision: 'rejected', comment: 'Too high for the band' });
    expect(await activityTypes(applicationId)).toContain('offer.rejected');
    // Editing the draft keeps the rejection readable; resubmitting starts the chain over.
    const edited = await expectOk(recruiter, ops.update, { params: ofOffer(offer.id), body: { salary: 80000 } });
    expect(edited.offer).toMatchObject({ status: 'draft', salary: 80000 });
    expect(edited.offer.approvals[0]).toMatchObject({ decision: 'rejected', comment: 'Too high for the band' });
    const again = await expectOk(recruiter, ops.submit, { params: ofOffer(offer.id) });
    expect(again.offer.approvals.map((a) => a.decision)).toEqual(['pending', 'pending']);
  });

  it('an edit after an approval resets the approvals and bumps the version', async () => {
    const { applicationId } = await newApplication();
    const offer = await approved(applicationId);
    const stale = await expectStatus(recruiter, ops.update, 409, { params: ofOffer(offer.id), body: { salary: 90000, version: 99 } });
    expect(stale.message).toBe(OFFER_TEXTS.stale);
    const res = await expectStatus(recruiter, ops.update, 200, {
      params: ofOffer(offer.id),
      body: { salary: 90000, version: offer.version },
    });
    expect(res.offer).toMatchObject({ salary: 90000, status: 'pending_approval', version: offer.version + 1 });
    expect(res.offer.approvals.map((a) => a.decision)).toEqual(['pending', 'pending']);
    // Not sendable now.
    const send = await expectStatus(recruiter, ops.send, 409, { params: ofOffer(offer.id) });
    expect(send.message).toBe(OFFER_TEXTS.notApproved);
    // An edit of a draft keeps it a draft; bad values are refused.
    const d = await draft((await newApplication()).applicationId);
    const e = await expectOk(recruiter, ops.update, { params: ofOffer(d.id), body: { approver_ids: [], bonus_note: null } });
    expect(e.offer).toMatchObject({ status: 'draft', approvals: [], bonus_note: null, version: 2 });
    await expectStatus(recruiter, ops.update, 422, { params: ofOffer(d.id), body: { salary: -5 } });
  });
});

describe('repeated transitions (a double click) answer with the recorded result', () => {
  const count = (types: string[], type: string) => types.filter((x) => x === type).length;
  const approvalNotes = async (offerId: string) =>
    (await db().select().from(notifications).where(eq(notifications.type, 'offer_approval'))).filter(
      (n) => (n.data as { offer_id?: string }).offer_id === offerId,
    );

  it('two submits at once: both 200, one submission, one notification', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    const [a, b] = await Promise.all([recruiter.post(o(`/offers/${offer.id}/submit`)), recruiter.post(o(`/offers/${offer.id}/submit`))]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(a.json.offer.status).toBe('pending_approval');
    expect(b.json.offer.status).toBe('pending_approval');
    expect(count(await activityTypes(applicationId), 'offer.submitted')).toBe(1);
    expect(await approvalNotes(offer.id)).toHaveLength(1);
  });

  it('two approvals by the same approver at once: both 200, one approval', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    await recruiter.post(o(`/offers/${offer.id}/submit`));
    const [a, b] = await Promise.all([
      manager.post(o(`/offers/${offer.id}/approve`), {}),
      manager.post(o(`/offers/${offer.id}/approve`), {}),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(b.json.offer).toMatchObject({ status: 'pending_approval', current_approver_id: owner.id });
    expect(count(await activityTypes(applicationId), 'offer.approved')).toBe(1);
    // The last approver twice: the offer is approved, once.
    const last = await ownerClient.post(o(`/offers/${offer.id}/approve`), {});
    expect(last.json.offer.status).toBe('approved');
    const lastAgain = await ownerClient.post(o(`/offers/${offer.id}/approve`), {});
    expect(lastAgain.status, lastAgain.text).toBe(200);
    expect(lastAgain.json.offer.status).toBe('approved');
    expect(count(await activityTypes(applicationId), 'offer.approved')).toBe(2);
  });

  it('the same rejection twice: 200 with the draft; another comment is refused', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    await recruiter.post(o(`/offers/${offer.id}/submit`));
    const [a, b] = await Promise.all([
      manager.post(o(`/offers/${offer.id}/reject`), { comment: 'Too high' }),
      manager.post(o(`/offers/${offer.id}/reject`), { comment: 'Too high' }),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(b.json.offer.status).toBe('draft');
    expect(count(await activityTypes(applicationId), 'offer.rejected')).toBe(1);
    const different = await manager.post(o(`/offers/${offer.id}/reject`), { comment: 'Something else' });
    expect(different.status).toBe(409);
    expect(different.json.message).toBe(OFFER_TEXTS.notPendingApproval);
  });

  it('two sends at once: both 200, one mail to the candidate', async () => {
    const { applicationId, candidate } = await newApplication({ name: 'Annie Easley' });
    const offer = await approved(applicationId);
    const [a, b] = await Promise.all([recruiter.post(o(`/offers/${offer.id}/send`)), recruiter.post(o(`/offers/${offer.id}/send`))]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(b.json.offer.status).toBe('sent');
    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).filter(
      (m) => (m.payload as { to: string }).to === candidate.email,
    );
    expect(mails).toHaveLength(1);
    expect(count(await activityTypes(applicationId), 'offer.sent')).toBe(1);
  });

  it('two withdrawals at once: both 200, one timeline entry', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    const [a, b] = await Promise.all([
      recruiter.post(o(`/offers/${offer.id}/withdraw`)),
      recruiter.post(o(`/offers/${offer.id}/withdraw`)),
    ]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(count(await activityTypes(applicationId), 'offer.withdrawn')).toBe(1);
  });
});

describe('sending, withdrawing, the letter', () => {
  it('refuses to send before approval; sends once approved with a hashed single-purpose link', async () => {
    const { applicationId, candidate } = await newApplication({ name: 'Grace Hopper' });
    const offer = await draft(applicationId);
    expect((await expectStatus(recruiter, ops.send, 409, { params: ofOffer(offer.id) })).message).toBe(OFFER_TEXTS.notApproved);
    await expectOk(recruiter, ops.submit, { params: ofOffer(offer.id) });
    await expectStatus(recruiter, ops.send, 409, { params: ofOffer(offer.id) });
    await expectOk(manager, ops.approve, { params: ofOffer(offer.id), body: {} });
    await expectOk(ownerClient, ops.approve, { params: ofOffer(offer.id), body: {} });
    const res = await expectStatus(recruiter, ops.send, 200, { params: ofOffer(offer.id) });
    expect(res.offer.status).toBe('sent');
    expect(res.offer.sent_at).not.toBeNull();
    expect(res.offer.letter_text).toContain('Dear Grace Hopper');
    expect(res.offer.letter_text).toContain('85,000 EUR per year');
    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).map(
      (m) => m.payload as { to: string; text: string; attachments?: unknown[] },
    );
    const mail = mails.find((m) => m.to === candidate.email);
    expect(mail).toBeDefined();
    const token = new RegExp(`${t.baseUrl}/offer/([A-Za-z0-9_-]{43})`).exec(mail!.text)?.[1];
    expect(token).toBeDefined();
    const [year, month, day] = res.offer.expires_on.split('-').map(Number);
    expect(mail!.text).toContain(`The offer is valid until ${month}/${day}/${String(year).slice(2)}.`);
    expect(mail!.attachments).toHaveLength(1);
    const [row] = await db().select().from(offers).where(eq(offers.id, offer.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token!);
    // Sent offers are not editable or sendable again.
    const edit = await expectStatus(recruiter, ops.update, 409, { params: ofOffer(offer.id), body: { salary: 1 } });
    expect(edit.message).toBe(OFFER_TEXTS.notEditable);
    expect(await activityTypes(applicationId)).toContain('offer.sent');
  });

  it('serves the letter preview as an inline PDF with the candidate, role and salary', async () => {
    const { applicationId } = await newApplication({ name: 'Katherine Johnson' });
    const offer = await draft(applicationId, { salary: 123456 });
    const res = await fetchBytes(`${t.baseUrl}/api/v1/${o(`/offers/${offer.id}/letter.pdf`)}`, {
      cookie: `hireloop_session=${recruiter.cookie('hireloop_session')}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('Katherine Johnson');
    expect(text).toContain('Engineer');
    expect(text).toContain('123,456 EUR per year');
    expect(text).toContain('Northwind Labs');
  });

  it('offers an hourly rate with pence: 15.50 is stored, read back and written in the letter as 15.50', async () => {
    const { applicationId, candidate } = await newApplication({ name: 'Dorothy Vaughan' });
    const offer = await draft(applicationId, { salary: 15.5, currency: 'GBP', salary_period: 'hour' });
    expect(offer).toMatchObject({ salary: 15.5, currency: 'GBP', salary_period: 'hour' });
    const [stored] = await t.database.db.select({ salary: offers.salary }).from(offers).where(eq(offers.id, offer.id));
    expect(stored!.salary).toBe(15.5);
    const edited = await expectOk(recruiter, ops.update, { params: ofOffer(offer.id), body: { salary: 17.25 } });
    expect(edited.offer.salary).toBe(17.25);
    expect((await expectOk(manager, ops.get, { params: ofOffer(offer.id) })).offer.salary).toBe(17.25);
    const res = await fetchBytes(`${t.baseUrl}/api/v1/${o(`/offers/${offer.id}/letter.pdf`)}`, {
      cookie: `hireloop_session=${recruiter.cookie('hireloop_session')}`,
    });
    expect((await pdfText(res.bytes)).text).toContain('17.25 GBP per hour');

    // Sent: the letter and the candidate's mail say the same.
    await expectOk(recruiter, ops.submit, { params: ofOffer(offer.id) });
    await expectOk(manager, ops.approve, { params: ofOffer(offer.id), body: {} });
    await expectOk(ownerClient, ops.approve, { params: ofOffer(offer.id), body: {} });
    const sent = await expectStatus(recruiter, ops.send, 200, { params: ofOffer(offer.id) });
    expect(sent.offer.letter_text).toContain('17.25 GBP per hour');
    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).map((m) => m.payload as { to: string; text: string });
    expect(mails.find((m) => m.to === candidate.email)?.text).toContain('(17.25 GBP per hour)');
  });

  it('withdraws an undecided offer, once: withdrawing again answers with the withdrawn offer', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    const res = await expectStatus(recruiter, ops.withdraw, 200, { params: ofOffer(offer.id) });
    expect(res.offer.status).toBe('withdrawn');
    const again = await expectStatus(recruiter, ops.withdraw, 200, { params: ofOffer(offer.id) });
    expect(again.offer.status).toBe('withdrawn');
    expect((await activityTypes(applicationId)).filter((x) => x === 'offer.withdrawn')).toHaveLength(1);
  });

  it('lists the recruitment’s offers paged and filtered by status', async () => {
    const params = { organisationId: org.id, recruitment: recruitmentId };
    const all = (await expectStatus(manager, ops.listForRecruitment, 200, { params, query: { per_page: 2 } })).offers;
    expect(all.data).toHaveLength(2);
    expect(all.meta.total).toBeGreaterThan(2);
    const drafts = (await expectOk(manager, ops.listForRecruitment, { params, query: { filter: { status: 'withdrawn' } } })).offers;
    expect(drafts.data.length).toBeGreaterThan(0);
    expect(drafts.data.every((x) => x.status === 'withdrawn')).toBe(true);
    const empty = (await expectOk(manager, ops.listForRecruitment, { params, query: { filter: { status: ' ' } } })).offers;
    expect(empty.meta.total).toBe(all.meta.total);
    const bad = await expectStatus(manager, ops.listForRecruitment, 422, { params, query: { filter: { status: 'nope' } } });
    expect(bad.errors).toEqual({ 'filter.status': [OFFER_TEXTS.statusFilterInvalid] });
  });

  it('expires sent offers past their expiry, with a timeline entry', async () => {
    const { applicationId } = await newApplication();
    const offer = await approved(applicationId);
    await expectOk(recruiter, ops.send, { params: ofOffer(offer.id) });
    await db()
      .update(offers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(offers.id, offer.id));
    expect(await expireOffers(db())).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(offers).where(eq(offers.id, offer.id));
    expect(row!.status).toBe('expired');
    expect(await activityTypes(applicationId)).toContain('offer.expired');
    const [app] = await db().select().from(applications).where(eq(applications.id, applicationId));
    expect(app!.hiredAt).toBeNull();
  });
});

describe('approval without the organisation setting (today’s behaviour)', () => {
  it('no approvers → approved at once, with an audit entry saying who approved and how', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId, { approver_ids: [] });
    const res = await expectStatus(recruiter, ops.submit, 200, { params: ofOffer(offer.id) });
    expect(res.offer.status).toBe('approved');
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, 'offer.approved'), eq(auditLog.targetId, offer.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: recruiterUser.id, targetType: 'offer' });
    expect(rows[0]!.after).toMatchObject({ by: recruiterUser.id, how: 'no_approval_required', approver_ids: [] });
  });

  it('the last approver’s approval is audited as approved by them, through the approvers', async () => {
    const offer = await approved((await newApplication()).applicationId);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offer.approved'), eq(auditLog.targetId, offer.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.after).toMatchObject({ by: owner.id, how: 'approvers', approver_ids: [managerUser.id, owner.id] });
  });
});

describe('the organisation’s approval setting', () => {
  let p: {
    org: { id: string };
    owner: { id: string; name: string };
    admin: { id: string; name: string };
    admin2: { id: string; name: string };
    recruiter: { id: string; name: string };
    manager: { id: string; name: string };
    interviewer: { id: string };
    c: { owner: Client; admin: Client; admin2: Client; recruiter: Client; manager: Client };
    statusId: string;
    recruitmentId: string;
  };
  const po = (rest = '') => `organisation/${p.org.id}${rest}`;
  const setPolicy = async (policy: unknown) => {
    const res = await p.c.admin.patch(po(), { offer_approval: policy });
    expect(res.status, res.text).toBe(200);
    return res.json.organisation;
  };
  async function pDraft(approverIds: string[]) {
    const { applications: apps } = await seedCandidate(t, p.org.id, p.statusId, {}, [p.recruitmentId]);
    const res = await p.c.recruiter.post(po(`/applications/${apps[0]!.id}/offers`), body({ approver_ids: approverIds }));
    expect(res.status, res.text).toBe(201);
    return res.json.offer as { id: string; approvals: { approver: { id: string } }[] };
  }
  const chainOf = (offer: { approvals: { approver: { id: string } }[] }) => offer.approvals.map((a) => a.approver.id);
  const statusOf = async (id: string) => (await db().select().from(offers).where(eq(offers.id, id)))[0]!.status;

  beforeAll(async () => {
    const pOwner = await createUser(t, { name: 'Olu Owner' });
    const pOrg = await createOrganisation(t, pOwner, { name: 'Policy Works' });
    const [admin, admin2, rec, mgr, intv] = await Promise.all([
      createUser(t, { name: 'Amira Haddad' }),
      createUser(t, { name: 'Bea Brandt' }),
      createUser(t, { name: 'Remy Recruiter' }),
      createUser(t, { name: 'Mona Manager' }),
      createUser(t, { name: 'Ivo Interviewer' }),
    ]);
    await addMember(t, pOrg.id, admin.id, 'admin');
    await addMember(t, pOrg.id, admin2.id, 'admin');
    await addMember(t, pOrg.id, rec.id, 'recruiter');
    await addMember(t, pOrg.id, mgr.id, 'hiring_manager');
    await addMember(t, pOrg.id, intv.id, 'interviewer');
    const pPipeline = await seedPipeline(t, pOrg.id);
    p = {
      org: pOrg,
      owner: pOwner,
      admin,
      admin2,
      recruiter: rec,
      manager: mgr,
      interviewer: intv,
      c: {
        owner: await signIn(t, pOwner),
        admin: await signIn(t, admin),
        admin2: await signIn(t, admin2),
        recruiter: await signIn(t, rec),
        manager: await signIn(t, mgr),
      },
      statusId: pPipeline.statuses[0]!.id,
      recruitmentId: (await pPipeline.recruitment('Policy role')).id,
    };
  });

  it('a new organisation has no setting', async () => {
    expect((await p.c.recruiter.get(po())).json.organisation.offer_approval).toBeNull();
  });

  it('role rule: clearing the approvers and submitting is refused (422 naming the role), the offer stays a draft', async () => {
    await setPolicy({ kind: 'role', role: 'admin' });
    const offer = await pDraft([]);
    const res = await p.c.recruiter.post(po(`/offers/${offer.id}/submit`));
    expect(res.status, res.text).toBe(422);
    expect(res.json.message).toBe(OFFER_APPROVAL_TEXTS.roleRequired('Admin'));
    expect(await statusOf(offer.id)).toBe('draft');
    // A hiring manager does not hold the role.
    await p.c.recruiter.patch(po(`/offers/${offer.id}`), { approver_ids: [p.manager.id] });
    expect((await p.c.recruiter.post(po(`/offers/${offer.id}/submit`))).status).toBe(422);
    expect(await statusOf(offer.id)).toBe('draft');
  });

  it('role rule: a member of that role (or higher) must approve; the submitter does not count', async () => {
    await setPolicy({ kind: 'role', role: 'admin' });
    const offer = await pDraft([p.manager.id, p.admin.id]);
    const sub = await p.c.recruiter.post(po(`/offers/${offer.id}/submit`));
    expect(sub.status, sub.text).toBe(200);
    expect(sub.json.offer.status).toBe('pending_approval');
    await p.c.manager.post(po(`/offers/${offer.id}/approve`), {});
    expect(await statusOf(offer.id)).toBe('pending_approval');
    const last = await p.c.admin.post(po(`/offers/${offer.id}/approve`), {});
    expect(last.json.offer.status).toBe('approved');
    // The owner is higher than admin.
    const byOwner = await pDraft([p.owner.id]);
    expect((await p.c.recruiter.post(po(`/offers/${byOwner.id}/submit`))).json.offer.status).toBe('pending_approval');
    // An admin who submits cannot be the one admin approving their own offer.
    const { applications: apps } = await seedCandidate(t, p.org.id, p.statusId, {}, [p.recruitmentId]);
    const own = (await p.c.admin.post(po(`/applications/${apps[0]!.id}/offers`), body({ approver_ids: [p.admin.id] }))).json.offer;
    const selfSubmit = await p.c.admin.post(po(`/offers/${own.id}/submit`));
    expect(selfSubmit.status).toBe(422);
    expect(await statusOf(own.id)).toBe('draft');
    // An edit that puts an approved offer back to approval is held to the rule too.
    const edited = await p.c.recruiter.patch(po(`/offers/${offer.id}`), { approver_ids: [p.manager.id] });
    expect(edited.status).toBe(422);
    expect(await statusOf(offer.id)).toBe('approved');
  });

  it('named people: attached automatically in order after the submitter’s approvers; each must approve', async () => {
    await setPolicy({ kind: 'people', user_ids: [p.admin.id, p.owner.id] });
    const offer = await pDraft([p.manager.id]);
    expect(chainOf(offer)).toEqual([p.manager.id, p.admin.id, p.owner.id]);
    // The skip: the required people attach themselves even to a draft made without approvers.
    const skip = await pDraft([]);
    expect(chainOf(skip)).toEqual([p.admin.id, p.owner.id]);
    const sub = await p.c.recruiter.post(po(`/offers/${skip.id}/submit`));
    expect(sub.status, sub.text).toBe(200);
    expect(sub.json.offer.status).toBe('pending_approval');
    expect(sub.json.offer.current_approver_id).toBe(p.admin.id);
    expect((await p.c.owner.post(po(`/offers/${skip.id}/approve`), {})).json.message).toBe(OFFER_TEXTS.notYourTurn);
    await p.c.admin.post(po(`/offers/${skip.id}/approve`), {});
    expect(await statusOf(skip.id)).toBe('pending_approval');
    const last = await p.c.owner.post(po(`/offers/${skip.id}/approve`), {});
    expect(last.json.offer.status).toBe('approved');
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offer.approved'), eq(auditLog.targetId, skip.id)));
    expect(row!.after).toMatchObject({ by: p.owner.id, how: 'approvers', approver_ids: [p.admin.id, p.owner.id] });
  });

  it('named people: a draft that predates the setting gets them on submit', async () => {
    await setPolicy(null);
    const offer = await pDraft([]);
    await setPolicy({ kind: 'people', user_ids: [p.admin.id] });
    const sub = await p.c.recruiter.post(po(`/offers/${offer.id}/submit`));
    expect(sub.json.offer).toMatchObject({ status: 'pending_approval', current_approver_id: p.admin.id });
  });

  it('named people: PATCH cannot remove them, before or after submission (422 naming them)', async () => {
    await setPolicy({ kind: 'people', user_ids: [p.admin.id, p.owner.id] });
    const offer = await pDraft([p.manager.id]);
    const cleared = await p.c.recruiter.patch(po(`/offers/${offer.id}`), { approver_ids: [] });
    expect(cleared.status).toBe(422);
    expect(cleared.json.message).toBe(OFFER_APPROVAL_TEXTS.peopleRequired(['Amira Haddad', 'Olu Owner']));
    await p.c.recruiter.post(po(`/offers/${offer.id}/submit`));
    await p.c.manager.post(po(`/offers/${offer.id}/approve`), {});
    const dropped = await p.c.recruiter.patch(po(`/offers/${offer.id}`), { approver_ids: [p.manager.id, p.admin.id] });
    expect(dropped.status).toBe(422);
    expect(dropped.json.message).toBe(OFFER_APPROVAL_TEXTS.peopleRequired(['Olu Owner']));
    const viewed = (await p.c.recruiter.get(po(`/offers/${offer.id}`))).json.offer;
    expect(viewed.status).toBe('pending_approval');
    expect(chainOf(viewed)).toEqual([p.manager.id, p.admin.id, p.owner.id]);
    // Adding one more is fine; the required people stay last, in order.
    const more = await p.c.recruiter.patch(po(`/offers/${offer.id}`), {
      approver_ids: [p.owner.id, p.admin.id, p.manager.id, p.admin2.id],
    });
    expect(more.status, more.text).toBe(200);
    expect(chainOf(more.json.offer)).toEqual([p.manager.id, p.admin2.id, p.admin.id, p.owner.id]);
  });

  it('a named person who left the organisation: submit says who is missing; the setting shows them', async () => {
    await setPolicy({ kind: 'people', user_ids: [p.admin2.id] });
    const offer = await pDraft([]);
    expect((await p.c.owner.delete(po(`/users/${p.admin2.id}`))).status).toBe(200);
    const sub = await p.c.recruiter.post(po(`/offers/${offer.id}/submit`));
    expect(sub.status).toBe(422);
    expect(sub.json.message).toBe(OFFER_APPROVAL_TEXTS.peopleUnavailable(['Bea Brandt']));
    expect(await statusOf(offer.id)).toBe('draft');
    const setting = (await p.c.admin.get(po())).json.organisation.offer_approval;
    expect(setting).toEqual({ kind: 'people', people: [{ id: p.admin2.id, name: 'Bea Brandt', can_approve: false }] });
    await addMember(t, p.org.id, p.admin2.id, 'admin');
  });

  it('the setting is changed by admins only, validated, and audited before → after', async () => {
    await setPolicy(null);
    expect((await p.c.recruiter.patch(po(), { offer_approval: { kind: 'role', role: 'admin' } })).status).toBe(403);
    const badRole = await p.c.admin.patch(po(), { offer_approval: { kind: 'role', role: 'interviewer' } });
    expect(badRole.status).toBe(422);
    const badPerson = await p.c.admin.patch(po(), { offer_approval: { kind: 'people', user_ids: [p.interviewer.id] } });
    expect(badPerson.status).toBe(422);
    expect(JSON.stringify(badPerson.json.errors)).toContain(OFFER_APPROVAL_TEXTS.settingPersonUnknown);
    const stranger = await p.c.admin.patch(po(), { offer_approval: { kind: 'people', user_ids: [owner.id] } });
    expect(stranger.status).toBe(422);
    const empty = await p.c.admin.patch(po(), { offer_approval: { kind: 'people', user_ids: [] } });
    expect(empty.status).toBe(422);
    expect((await p.c.admin.get(po())).json.organisation.offer_approval).toBeNull();

    const set = await setPolicy({ kind: 'people', user_ids: [p.admin.id, p.manager.id] });
    expect(set.offer_approval).toEqual({
      kind: 'people',
      people: [
        { id: p.admin.id, name: 'Amira Haddad', can_approve: true },
        { id: p.manager.id, name: 'Mona Manager', can_approve: true },
      ],
    });
    await setPolicy({ kind: 'role', role: 'owner' });
    const log = (await p.c.admin.get(po('/audit-log?filter[action]=organisation.updated'))).json.audit_entries.data;
    expect(log[0]).toMatchObject({
      actor: { id: p.admin.id },
      before: { offer_approval: { kind: 'people', user_ids: [p.admin.id, p.manager.id] } },
      after: { offer_approval: { kind: 'role', role: 'owner' } },
    });
    expect(log[1]).toMatchObject({
      before: { offer_approval: null },
      after: { offer_approval: { kind: 'people', user_ids: [p.admin.id, p.manager.id] } },
    });
    await setPolicy(null);
  });
});

describe('who may', () => {
  it('an interviewer gets 403 on offers; a hiring manager reads but does not manage', async () => {
    const { applicationId } = await newApplication();
    const offer = await draft(applicationId);
    expect((await interviewer.get(o(`/offers/${offer.id}`))).status).toBe(403);
    expect((await interviewer.get(o(`/recruitments/${recruitmentId}/offers`))).status).toBe(403);
    expect((await interviewer.get(o(`/applications/${applicationId}/offers`))).status).toBe(403);
    expect((await interviewer.get(o(`/offers/${offer.id}/letter.pdf`))).status).toBe(403);
    expect((await interviewer.get(o('/offer-letter-template'))).status).toBe(403);
    expect((await manager.get(o(`/offers/${offer.id}`))).status).toBe(200);
    expect((await manager.post(o(`/applications/${applicationId}/offers`), body())).status).toBe(403);
    expect((await manager.patch(o(`/offers/${offer.id}`), { salary: 1 })).status).toBe(403);
    expect((await manager.post(o(`/offers/${offer.id}/send`))).status).toBe(403);
  });
});

describe('demo data', () => {
  it('has offers in several states, one waiting for Dana’s approval, the accepted one hired', async () => {
    const { seedDemo } = await import('../src/db/demo-seed.ts');
    const { users } = await import('../src/db/schema/users.ts');
    const demo = await startTestApp();
    try {
      await seedDemo(demo.database.db);
      const [dana] = await demo.database.db.select().from(users).where(eq(users.email, 'demo@hireloop.test'));
      const c = await signIn(demo, dana!);
      const path = `organisation/${dana!.currentOrganisationId}`;
      const rows = await demo.database.db.select().from(offers);
      expect(new Set(rows.map((r) => r.status))).toEqual(
        new Set(['draft', 'pending_approval', 'approved', 'sent', 'accepted', 'declined']),
      );
      const dashboard = (await c.get(`${path}/dashboard`)).json.dashboard;
      expect(dashboard.approvals).toHaveLength(1);
      const pending = rows.find((r) => r.status === 'pending_approval')!;
      const viewed = (await c.get(`${path}/offers/${pending.id}`)).json.offer;
      expect(viewed).toMatchObject({ can_approve: true, current_approver_id: dana!.id });
      const accepted = rows.find((r) => r.status === 'accepted')!;
      const [app] = await demo.database.db.select().from(applications).where(eq(applications.id, accepted.applicationId));
      expect(app!.hiredAt).not.toBeNull();
      const list = await c.get(`${path}/recruitments/${accepted.recruitmentId}/offers`);
      expect(list.json.offers.data.length).toBeGreaterThan(0);
      const pdf = await fetchBytes(`${demo.baseUrl}/api/v1/${path}/offers/${accepted.id}/letter.pdf`, {
        cookie: `hireloop_session=${c.cookie('hireloop_session')}`,
      });
      expect((await pdfText(pdf.bytes)).text).toContain('Northwind Labs');
    } finally {
      await demo.close();
    }
  }, 90_000);
});
