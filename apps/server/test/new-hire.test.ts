import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import { onboardingTemplateOperations as templateOps } from '@hireloop/contract/operations/onboarding-templates';
import { onboardingOperations as ops } from '@hireloop/contract/operations/onboardings';
import { publicNewHireOperations as pubOps } from '@hireloop/contract/operations/public-new-hire';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hireDocuments, hireTasks, hires } from '../src/db/schema/onboarding.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { outbox, storedFiles } from '../src/db/schema/outbox.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { documents as docs, seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { download, upload } from './uploads.ts';

let t: TestApp;
let org: { id: string };
let manager: { id: string };
let recruiter: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;

const db = () => t.database.db;
const o = (rest = '') => `organisation/${org.id}${rest}`;
const hireOf = (hireId: string) => ({ organisationId: org.id, hireId });
const pub = (token: string, rest = '') => `public/new-hire/${token}${rest}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A visitor with no account and no cookies but the anti-forgery one, as the public page gets. */
const stranger = () => new Client(t.baseUrl).csrf();
/** The new hire's page behind the link, as a visitor sees it. */
const pageOf = async (token: string, visitor?: Client) =>
  (await expectOk(visitor ?? (await stranger()), pubOps.view, { params: { token } })).hire;

/** A hire with a checklist and two documents to collect, and its new-hire link (from the mail). */
async function hireWithLink(name = 'Ada Lovelace') {
  const tpl = await expectStatus(recruiter, templateOps.create, 201, {
    params: { organisationId: org.id },
    body: {
      name: `Template for ${name}`,
      first_day_info: 'Ask for Tom at reception, 9:00.',
      tasks: [
        { title: 'Order a laptop', owner: 'manager', due_days: -5 },
        { title: 'Read the handbook', owner: 'new_hire', due_days: 1 },
      ],
      documents: [{ name: 'Passport copy', description: 'The page with your photo' }, { name: 'Bank details' }],
    },
  });
  const { candidate } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name });
  const created = await expectStatus(recruiter, ops.createHire, 201, {
    params: { organisationId: org.id },
    body: {
      candidate_id: candidate.id,
      role_id: pipeline.role.id,
      start_date: day(14),
      manager_id: manager.id,
      template_id: tpl.template.id,
    },
  });
  const hire = created.hire;
  const link = await expectOk(recruiter, ops.newHireLink, { params: hireOf(hire.id) });
  const token = /\/new-hire\/([A-Za-z0-9_-]{43})$/.exec(link.url)?.[1];
  if (!token) throw new Error(`no token in ${link.url}`);
  const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).map((m) => m.payload as { to: string; text: string });
  expect(mails.some((m) => m.to === candidate.email && m.text.includes(link.url))).toBe(true);
  return { hire, token, candidate };
}

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t, { name: 'Dana Whitfield' });
  org = await createOrganisation(t, owner, { name: 'Northwind Labs' });
  await db()
    .update(organisations)
    .set({ products: ['onboarding'] })
    .where(eq(organisations.id, org.id));
  const recruiterUser = await createUser(t, { name: 'Priya Raman' });
  manager = await createUser(t, { name: 'Tom Okafor', email: 'tom@example.test' });
  await addMember(t, org.id, recruiterUser.id, 'recruiter');
  await addMember(t, org.id, manager.id, 'hiring_manager');
  recruiter = await signIn(t, recruiterUser);
  pipeline = await seedPipeline(t, org.id);
});
afterAll(async () => {
  await t?.close();
});

describe('the new-hire page', () => {
  it('shows the first-day information, people, documents and own tasks, without an account; only the token’s hash is kept', async () => {
    const { hire, token } = await hireWithLink();
    const [row] = await db().select().from(hires).where(eq(hires.id, hire.id));
    expect(row!.tokenHash).toBe(sha256(token));
    const res = await callOperation(await stranger(), pubOps.view, { params: { token } });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toMatchObject({
      hire: {
        name: 'Ada Lovelace',
        organisation: { name: 'Northwind Labs', logo_url: null },
        role: 'Engineer',
        start_date: day(14),
        first_day_info: 'Ask for Tom at reception, 9:00.',
        manager: { name: 'Tom Okafor', email: 'tom@example.test' },
        buddy: null,
        documents: [
          { name: 'Passport copy', description: 'The page with your photo', uploaded_at: null, filename: null },
          { name: 'Bank details', description: '', uploaded_at: null, filename: null },
        ],
        tasks: [{ title: 'Read the handbook', due_date: day(15), done: false }],
      },
    });
    expect(res.text).not.toContain(org.id);
    expect(res.text).not.toContain(hire.id);
  });

  it('takes an upload of a document asked for; the staff see and download it', async () => {
    const { hire, token } = await hireWithLink('Grace Hopper');
    const page = await pageOf(token);
    const documentId = page.documents[0]!.id;
    const visitor = await stranger();
    const pdf = docs.pdf();
    const res = await upload(visitor, pub(token, `/documents/${documentId}`), 'file', {
      bytes: pdf,
      filename: 'passport.pdf',
      type: 'application/pdf',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.hire.documents[0]).toMatchObject({ id: documentId, filename: 'passport.pdf' });
    expect(res.json.hire.documents[0].uploaded_at).not.toBeNull();

    const staff = (await expectOk(recruiter, ops.hire, { params: hireOf(hire.id) })).hire;
    expect(staff.documents_uploaded).toBe(1);
    expect(staff.documents[0]).toMatchObject({ file: { filename: 'passport.pdf', size: pdf.length }, uploaded_by: null });
    const got = await download(recruiter, `/api/v1/${o(`/hires/${hire.id}/documents/${documentId}/file`)}`);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(pdf)).toBe(true);
  });

  it('refuses a file of the wrong type or over 10 MB, storing nothing', async () => {
    const { token } = await hireWithLink('Katherine Johnson');
    const page = await pageOf(token);
    const documentId = page.documents[1]!.id;
    const before = (await db().select().from(storedFiles)).length;
    const visitor = await stranger();
    const html = await upload(visitor, pub(token, `/documents/${documentId}`), 'file', {
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      filename: 'bank.pdf',
      type: 'application/pdf',
    });
    expect(html.status).toBe(422);
    expect(html.json.errors.file).toEqual([ONBOARDING_TEXTS.fileType]);
    const big = await upload(visitor, pub(token, `/documents/${documentId}`), 'file', {
      bytes: Buffer.concat([docs.pdf(), Buffer.alloc(10 * 1024 * 1024)]),
      filename: 'bank.pdf',
      type: 'application/pdf',
    });
    expect(big.status).toBe(413);
    expect(big.json.message).toBe(ONBOARDING_TEXTS.fileTooLarge);
    const missing = await visitor.post(pub(token, `/documents/${documentId}`), {});
    expect(missing.status).toBe(422);
    expect((await db().select().from(storedFiles)).length).toBe(before);
    const [doc] = await db().select().from(hireDocuments).where(eq(hireDocuments.id, documentId));
    expect(doc!.storedFileId).toBeNull();
  });

  it('a tampered, unknown or replaced link → 404 with a clear message; another hire’s document → 404', async () => {
    const { hire, token } = await hireWithLink('Dorothy Vaughan');
    const other = await hireWithLink('Mary Jackson');
    const otherDocumentId = (await pageOf(other.token)).documents[0]!.id;
    const visitor = await stranger();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short', `${token}x`]) {
      const res = await expectStatus(visitor, pubOps.view, 404, { params: { token: bad } });
      expect(res.message).toBe(ONBOARDING_TEXTS.linkNotFound);
      const up = await upload(visitor, pub(bad, `/documents/${otherDocumentId}`), 'file', {
        bytes: docs.pdf(),
        filename: 'a.pdf',
        type: 'application/pdf',
      });
      expect(up.status).toBe(404);
      expect(up.json.message).toBe(ONBOARDING_TEXTS.linkNotFound);
    }
    // Uploading to another hire's document with one's own link: 404, nothing stored.
    const cross = await upload(visitor, pub(token, `/documents/${otherDocumentId}`), 'file', {
      bytes: docs.pdf(),
      filename: 'a.pdf',
      type: 'application/pdf',
    });
    expect(cross.status).toBe(404);
    const [otherDoc] = await db().select().from(hireDocuments).where(eq(hireDocuments.id, otherDocumentId));
    expect(otherDoc!.storedFileId).toBeNull();

    // A fresh link replaces the old one.
    const fresh = await expectOk(recruiter, ops.newHireLink, { params: hireOf(hire.id) });
    expect((await callOperation(visitor, pubOps.view, { params: { token } })).status).toBe(404);
    const freshToken = fresh.url.split('/').pop() as string;
    expect((await callOperation(visitor, pubOps.view, { params: { token: freshToken } })).status).toBe(200);
    expect((await expectOk(recruiter, ops.hire, { params: hireOf(hire.id) })).hire.new_hire_link_sent_at).not.toBeNull();
    // No logo: 404.
    expect((await callOperation(visitor, pubOps.logo, { params: { token: freshToken } })).status).toBe(404);
  });

  it('the hire ticks off and reopens their own task, done by nobody; the staff see it', async () => {
    const { hire, token } = await hireWithLink('Annie Easley');
    const visitor = await stranger();
    const taskId = (await pageOf(token, visitor)).tasks[0]!.id;
    const tick = (done: boolean) => expectOk(visitor, pubOps.tickTask, { params: { token, taskId }, body: { done } });
    const ticked = await callOperation(visitor, pubOps.tickTask, { params: { token, taskId }, body: { done: true } });
    expect(ticked.status, ticked.text).toBe(200);
    expect(ticked.headers.get('cache-control')).toBe('no-store');
    expect(ticked.json).toEqual({
      hire: expect.objectContaining({ tasks: [{ id: taskId, title: 'Read the handbook', due_date: day(15), done: true }] }),
    });
    const [row] = await db().select().from(hireTasks).where(eq(hireTasks.id, taskId));
    expect(row!.doneAt).not.toBeNull();
    expect(row!.doneById).toBeNull();
    const staff = (await expectOk(recruiter, ops.hire, { params: hireOf(hire.id) })).hire;
    expect(staff.tasks_done).toBe(1);
    expect(staff.tasks.find((task) => task.id === taskId)).toMatchObject({ done: true, done_by: null });
    // Ticking again changes nothing; reopening clears it.
    expect((await tick(true)).hire.tasks[0]!.done).toBe(true);
    const reopened = await tick(false);
    expect(reopened.hire.tasks[0]!.done).toBe(false);
    const [after] = await db().select().from(hireTasks).where(eq(hireTasks.id, taskId));
    expect(after!.doneAt).toBeNull();
    expect(after!.doneById).toBeNull();
    expect((await visitor.post(pub(token, `/tasks/${taskId}`), { done: 'yes' })).status).toBe(422);
  });

  it('a staff task, another hire’s task or a tampered link → 404, and nothing is ticked', async () => {
    const { hire, token } = await hireWithLink('Evelyn Boyd');
    const other = await hireWithLink('Christine Darden');
    const visitor = await stranger();
    const staffTask = (await expectOk(recruiter, ops.hire, { params: hireOf(hire.id) })).hire.tasks.find(
      (task) => task.owner_kind === 'manager',
    ) as { id: string };
    const own = (await pageOf(token, visitor)).tasks[0]!.id;
    const othersOwn = (await pageOf(other.token, visitor)).tasks[0]!.id;
    for (const id of [staffTask.id, othersOwn, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await callOperation(visitor, pubOps.tickTask, { params: { token, taskId: id }, body: { done: true } });
      expect(res.status, id).toBe(404);
      expect(res.json).toMatchObject({ message: ONBOARDING_TEXTS.taskNotFound });
    }
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short']) {
      const res = await expectStatus(visitor, pubOps.tickTask, 404, { params: { token: bad, taskId: own }, body: { done: true } });
      expect(res.message).toBe(ONBOARDING_TEXTS.linkNotFound);
    }
    const rows = await db().select().from(hireTasks).where(eq(hireTasks.hireId, hire.id));
    const otherRows = await db().select().from(hireTasks).where(eq(hireTasks.hireId, other.hire.id));
    expect([...rows, ...otherRows].every((r) => r.doneAt === null)).toBe(true);
  });

  it('keeps working after the organisation unsubscribes from Onboarding (the staff are refused meanwhile)', async () => {
    const { hire, token } = await hireWithLink('Mary Jackson');
    await db().update(organisations).set({ products: [] }).where(eq(organisations.id, org.id));
    try {
      const visitor = await stranger();
      const page = await pageOf(token, visitor);
      expect(page.first_day_info).toBe('Ask for Tom at reception, 9:00.');
      const taskId = page.tasks[0]!.id;
      const ticked = await expectOk(visitor, pubOps.tickTask, { params: { token, taskId }, body: { done: true } });
      expect(ticked.hire.tasks[0]!.done).toBe(true);
      const uploaded = await upload(visitor, pub(token, `/documents/${page.documents[0]!.id}`), 'file', {
        bytes: docs.pdf(),
        filename: 'bank.pdf',
        type: 'application/pdf',
      });
      expect(uploaded.status, uploaded.text).toBe(200);
      const staff = await callOperation(recruiter, ops.hire, { params: hireOf(hire.id) });
      expect(staff.status).toBe(403);
      expect(staff.json).toMatchObject({ message: ONBOARDING_TEXTS.notSubscribed });
    } finally {
      await db()
        .update(organisations)
        .set({ products: ['onboarding'] })
        .where(eq(organisations.id, org.id));
    }
  });

  it('a hire without an e-mail address gets no link (422)', async () => {
    const { candidate } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: 'No Mail', email: null });
    const created = await expectStatus(recruiter, ops.createHire, 201, {
      params: { organisationId: org.id },
      body: { candidate_id: candidate.id, role_id: pipeline.role.id },
    });
    const res = await expectStatus(recruiter, ops.newHireLink, 422, { params: hireOf(created.hire.id) });
    expect(res.message).toBe(ONBOARDING_TEXTS.noEmail);
  });
});
