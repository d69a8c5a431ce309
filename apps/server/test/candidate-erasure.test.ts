import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import { candidateOperations as candidateOps } from '@hireloop/contract/operations/candidates';
import { onboardingTemplateOperations as templateOps } from '@hireloop/contract/operations/onboarding-templates';
import { onboardingOperations as onboardingOps } from '@hireloop/contract/operations/onboardings';
import { publicNewHireOperations as newHireOps } from '@hireloop/contract/operations/public-new-hire';
import { publicOfferOperations as publicOfferOps } from '@hireloop/contract/operations/public-offers';
import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { flushPageViews } from '../src/features/careers/service.ts';
import { applications, candidates } from '../src/db/schema/candidates.ts';
import { hireDocuments, hires } from '../src/db/schema/onboarding.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { devMailbox, outbox } from '../src/db/schema/outbox.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from '../src/db/schema/recruitments.ts';
import { careersPageViews, careersSites } from '../src/db/schema/website.ts';
import { notifyDueOnboardingTasks } from '../src/jobs/onboarding-task-due.ts';
import { startOutboxWorker } from '../src/jobs/outbox-worker.ts';
import { addMember, Client, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { pdfText } from './pdf-text.ts';
import { download, upload } from './uploads.ts';

/**
 * GDPR erasure, judged from the outside: a person goes through the whole process (careers
 * application with a résumé, moves, notes naming them, an interview with calendar mail, an offer
 * with its PDF letter, notifications to colleagues, the offer accepted on its public page and
 * onboarding entered, with a passport uploaded through the new-hire link), is erased, and then
 * every text, JSON and binary column of every table, and every file on disk, is searched for their
 * name, address and phone; the new-hire link answers 404 and takes no upload.
 */

const NAME = 'Zelda Quistmarrow';
const SURNAME = 'Quistmarrow';
const EMAIL = 'zelda.quistmarrow@example.test';
const PHONE = '+44 20 7946 0101';
/** Searched case-insensitively; the surname alone catches "Dear Ms Quistmarrow", file names and links. */
const NEEDLES = [NAME, SURNAME, EMAIL, PHONE].map((n) => n.toLowerCase());

/**
 * Columns allowed to keep a hit, with the reason. Empty on purpose: anonymous analytics
 * (applications without the person, careers page view counts, stage changes) hold no name or
 * address, so they need no exception; the test below checks that they are still there.
 */
const ALLOWED_HITS: Record<string, string> = {};

let t: TestApp;
let dataDir: string;
let org: { id: string; slug: string };
let owner: { id: string; name: string };
let recruiterUser: { id: string; name: string; email: string | null };
let interviewerUser: { id: string; name: string; email: string | null };
let ownerClient: Client;
let recruiter: Client;
let roleId: string;
let recruitmentId: string;
let statusIds: string[];

const db = () => t.database.db;
const api = (rest: string) => `organisation/${org.id}/${rest}`;

function worker() {
  return startOutboxWorker({ db: db(), config: loadConfig({ NODE_ENV: 'test' }), log: t.app.log, intervalMs: 0 });
}

async function deliverAll() {
  const w = worker();
  try {
    return await w.runOnce();
  } finally {
    await w.stop();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-erasure-'));
  t = await startTestApp({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
  owner = await createUser(t, { name: 'Olivia Owner' });
  const created = await createOrganisation(t, owner, { name: 'Erasure Works' });
  org = { id: created.id, slug: created.slug };
  await db()
    .update(organisations)
    .set({ products: ['website', 'onboarding'] })
    .where(eq(organisations.id, org.id));
  await db().insert(careersSites).values({ organisationId: org.id, headline: 'Join us' });
  const statuses = await db()
    .insert(recruitmentStatuses)
    .values(DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ organisationId: org.id, ...s, position: i + 1 })))
    .returning();
  statusIds = statuses.sort((a, b) => a.position - b.position).map((s) => s.id);
  const [role] = await db()
    .insert(jobRoles)
    .values({ organisationId: org.id, name: 'Staff Engineer', status: 'open', published: true })
    .returning();
  roleId = role!.id;
  const [recruitment] = await db()
    .insert(recruitments)
    .values({ organisationId: org.id, roleId, name: 'Staff Engineer hiring', status: 'open' })
    .returning();
  recruitmentId = recruitment!.id;
  recruiterUser = await createUser(t, { name: 'Rick Recruiter' });
  interviewerUser = await createUser(t, { name: 'Ines Interviewer' });
  await addMember(t, org.id, recruiterUser.id, 'recruiter');
  await addMember(t, org.id, interviewerUser.id, 'interviewer');
  await db()
    .insert(recruitmentMembers)
    .values([
      { recruitmentId, userId: recruiterUser.id, role: 'recruiter' },
      // The manager of the hire the accepted offer makes: told of it (notification and e-mail).
      { recruitmentId, userId: owner.id, role: 'hiring_manager' },
    ]);
  ownerClient = await signIn(t, owner);
  recruiter = await signIn(t, recruiterUser);
  // The template the role's onboarding takes (the organisation's first): a passport to collect.
  await expectStatus(ownerClient, templateOps.create, 201, {
    params: { organisationId: org.id },
    body: { name: 'Engineers', first_day_info: 'Reception at 9:00.', tasks: [], documents: [{ name: 'Passport copy' }] },
  });
});

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Applies through the public careers form, as the person would. */
async function applyThroughCareersSite() {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name: NAME,
    email: EMAIL,
    phone: PHONE,
    links: 'https://quistmarrow.example.com',
    cover_note: `Hello, I am ${NAME} and I would like to join.`,
    consent: 'yes',
    website: '',
  }))
    form.append(k, v);
  const resume = Buffer.from(`%PDF-1.4\n% Curriculum vitae of ${NAME}, ${EMAIL}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`, 'latin1');
  form.append('resume', new Blob([new Uint8Array(resume)], { type: 'application/pdf' }), 'zelda-quistmarrow-cv.pdf');
  const res = await fetch(`${t.baseUrl}/careers/${org.slug}/jobs/${roleId}/apply`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { accept: 'text/html', 'x-forwarded-for': '10.9.9.9' },
  });
  expect(res.status, await res.text()).toBe(303);
  const [candidate] = await db()
    .select()
    .from(candidates)
    .where(and(eq(candidates.organisationId, org.id), eq(candidates.email, EMAIL)));
  const [application] = await db().select().from(applications).where(eq(applications.candidateId, candidate!.id));
  return { candidateId: candidate!.id, applicationId: application!.id };
}

/** Text found in a value: itself, plus the decoded content of base64 blobs in it (attachments), PDFs as text. */
async function expand(value: string): Promise<string[]> {
  const out = [value, value.replace(/\r?\n[ \t]/g, '')];
  for (const blob of value.match(/[A-Za-z0-9+/]{40,}={0,2}/g) ?? []) {
    const bytes = Buffer.from(blob, 'base64');
    const latin1 = bytes.toString('latin1');
    out.push(latin1, latin1.replace(/\r?\n[ \t]/g, ''), bytes.toString('utf8'));
    if (latin1.startsWith('%PDF')) {
      try {
        out.push((await pdfText(bytes)).text);
      } catch {
        // Not a PDF pdf.js can read (e.g. a minimal test document): its raw bytes were searched above.
      }
    }
  }
  return out;
}

async function hitsIn(value: string): Promise<string[]> {
  const found = new Set<string>();
  for (const text of await expand(value)) {
    const lower = text.toLowerCase();
    for (const n of NEEDLES) if (lower.includes(n)) found.add(n);
  }
  return [...found];
}

/** Every text-like column of every table (information_schema), searched; bytea read as base64. */
async function databaseHits(): Promise<string[]> {
  const columns = (
    (await db().execute(sql`
      select c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY', 'USER-DEFINED', 'tsvector')
      order by c.table_name, c.column_name`)) as unknown as { rows: { table_name: string; column_name: string; data_type: string }[] }
  ).rows;
  expect(columns.length).toBeGreaterThan(50);
  const tables = new Set(columns.map((c) => c.table_name));
  for (const must of ['outbox', 'dev_mailbox', 'activities', 'audit_log', 'notifications', 'candidates', 'offers', 'career_applications'])
    expect(tables).toContain(must);
  const hits: string[] = [];
  for (const c of columns) {
    const col = sql.identifier(c.column_name);
    const expr = c.data_type === 'bytea' ? sql`encode(${col}, 'base64')` : sql`${col}::text`;
    const rows = (
      (await db().execute(sql`select ${expr} as v from ${sql.identifier(c.table_name)} where ${col} is not null`)) as unknown as {
        rows: { v: string | null }[];
      }
    ).rows;
    for (const r of rows) {
      if (r.v === null) continue;
      const found = await hitsIn(c.data_type === 'bytea' ? `${Buffer.from(r.v, 'base64').toString('latin1')} ${r.v}` : r.v);
      const where = `${c.table_name}.${c.column_name}`;
      if (found.length > 0 && !(where in ALLOWED_HITS)) hits.push(`${where}: ${found.join(', ')} in ${r.v.slice(0, 200)}`);
    }
  }
  return hits;
}

/** Every file under DATA_DIR (uploaded files), raw bytes as latin1 and PDFs as text. */
async function diskHits(dir: string): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    const texts = [entry.name, bytes.toString('latin1')];
    if (bytes.subarray(0, 4).toString('latin1') === '%PDF')
      texts.push(
        await pdfText(bytes).then(
          (p) => p.text,
          () => '',
        ),
      );
    for (const text of texts) for (const n of NEEDLES) if (text.toLowerCase().includes(n)) hits.push(`${file}: ${n}`);
  }
  return hits;
}

describe('erasing a candidate', () => {
  it('leaves their name and address nowhere: no table, no column, no mail in the outbox or dev mailbox, no file; pending mail to them is not sent', async () => {
    const { candidateId, applicationId } = await applyThroughCareersSite();
    // A page view, as the careers site counts them (anonymous analytics that stay).
    await (await fetch(`${t.baseUrl}/careers/${org.slug}`, { headers: { accept: 'text/html' } })).text();
    await flushPageViews();

    // The hiring team works with the person.
    const moved = await recruiter.post(api(`applications/${applicationId}/move`), { status_id: statusIds[1] });
    expect(moved.status, moved.text).toBe(200);
    const person = { organisationId: org.id, candidate: candidateId };
    await expectStatus(ownerClient, candidateOps.addNote, 201, {
      params: person,
      body: { body: `Spoke to ${NAME} (${EMAIL}), strong. @[Rick Recruiter](${recruiterUser.id}) please schedule.` },
    });
    await expectStatus(ownerClient, candidateOps.update, 200, { params: person, body: { location: 'Quistmarrow Lane, Leeds' } });

    // Some mail goes out now (careers confirmation, notification e-mails) …
    expect((await deliverAll()).delivered).toBeGreaterThan(0);
    expect((await db().select().from(devMailbox).where(eq(devMailbox.to, EMAIL))).length).toBe(1);

    // … an interview and an offer queue more, still pending at erasure.
    const type = await ownerClient.post(api('interview-types'), { name: 'Technical', criteria: ['Depth'] });
    expect(type.status, type.text).toBe(201);
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    startsAt.setUTCHours(10, 0, 0, 0);
    const interview = await recruiter.post(api(`applications/${applicationId}/interviews`), {
      type_id: type.json.interview_type.id,
      starts_at: startsAt.toISOString(),
      duration_minutes: 60,
      timezone: 'Europe/London',
      video_url: 'https://meet.example.test/zq',
      interviewer_ids: [interviewerUser.id],
    });
    expect(interview.status, interview.text).toBe(201);
    // An earlier screening call, logged afterwards; its interviewer's scorecard names the person as colleagues do.
    const screening = await recruiter.post(api(`applications/${applicationId}/interviews`), {
      type_id: type.json.interview_type.id,
      starts_at: new Date(Date.now() - 86_400_000).toISOString(),
      duration_minutes: 30,
      timezone: 'Europe/London',
      video_url: 'https://meet.example.test/zq-screen',
      interviewer_ids: [interviewerUser.id],
      took_place: true,
    });
    expect(screening.status, screening.text).toBe(201);
    const scorecard = await (
      await signIn(t, interviewerUser)
    ).post(api(`interviews/${screening.json.interview.id}/scorecard`), {
      ratings: [{ criterion: 'Depth', rating: 4 }],
      recommendation: 'yes',
      notes: `Ms ${SURNAME} knows her field; her mobile is ${PHONE}. Zelda QUISTMARROW, in short, is a hire.`,
    });
    expect(scorecard.status, scorecard.text).toBe(201);
    const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const offer = await recruiter.post(api(`applications/${applicationId}/offers`), {
      salary: 98765,
      currency: 'EUR',
      salary_period: 'year',
      start_date: future(40),
      contract_type: 'full_time',
      expires_on: future(14),
      approver_ids: [],
    });
    expect(offer.status, offer.text).toBe(201);
    expect((await recruiter.post(api(`offers/${offer.json.offer.id}/submit`))).status).toBe(200);
    const sent = await recruiter.post(api(`offers/${offer.json.offer.id}/send`));
    expect(sent.status, sent.text).toBe(200);

    // Before erasure the search does find the person everywhere, PDF letter included: the search works.
    const pending = await db().select().from(outbox).where(eq(outbox.status, 'pending'));
    const letter = pending.find((j) => JSON.stringify(j.payload).includes('offer-letter.pdf'));
    expect(letter).toBeDefined();
    const pdf = (letter!.payload as { attachments: { content: string }[] }).attachments[0]!.content;
    expect((await pdfText(Buffer.from(pdf, 'base64'))).text).toContain(NAME);
    expect(await hitsIn(pdf)).toContain(NAME.toLowerCase());

    // The person accepts on the offer page (the link from the mail) and so enters onboarding; the
    // staff write about them there; the welcome mail goes out.
    const offerMail = pending
      .map((j) => j.payload as { to?: string; text?: string })
      .find((m) => m.to === EMAIL && m.text?.includes('/offer/'));
    const offerToken = /\/offer\/([A-Za-z0-9_-]{43})/.exec(offerMail?.text ?? '')?.[1] ?? '';
    const visitor = await new Client(t.baseUrl).csrf();
    await expectStatus(visitor, publicOfferOps.accept, 200, { params: { token: offerToken }, body: {} });
    const [hire] = await db().select().from(hires).where(eq(hires.candidateId, candidateId));
    expect(hire, 'the accepted offer made a hire').toBeDefined();
    const ofHire = { organisationId: org.id, hireId: hire!.id };
    await expectOk(recruiter, onboardingOps.updateHire, { params: ofHire, body: { first_day_info: `${NAME} sits by the window.` } });
    await expectStatus(recruiter, onboardingOps.createTask, 201, {
      params: ofHire,
      body: { title: `Order a badge for ${NAME}`, owner_id: interviewerUser.id, due_date: new Date().toISOString().slice(0, 10) },
    });
    // The due-task reminder names the person to the task's owner.
    expect(await notifyDueOnboardingTasks(db())).toBe(1);
    expect((await deliverAll()).delivered).toBeGreaterThan(0);
    const welcome = await db().select().from(devMailbox).where(eq(devMailbox.to, EMAIL));
    expect(welcome.some((m) => m.subject.startsWith('Welcome to'))).toBe(true);

    // A fresh new-hire link (its mail still pending at erasure); the person uploads their passport through it.
    const link = await expectOk(recruiter, onboardingOps.newHireLink, { params: ofHire });
    const token = link.url.split('/new-hire/')[1] ?? '';
    const page = (await expectOk(visitor, newHireOps.view, { params: { token } })).hire;
    expect(page.name).toBe(NAME);
    const documentId = page.documents[0]!.id;
    const passport = Buffer.from(`%PDF-1.4\n% Passport of ${NAME}, ${PHONE}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`, 'latin1');
    const uploadPassport = () =>
      upload(visitor, `public/new-hire/${token}/documents/${documentId}`, 'file', {
        bytes: passport,
        filename: 'zelda-quistmarrow-passport.pdf',
        type: 'application/pdf',
      });
    const uploaded = await uploadPassport();
    expect(uploaded.status, uploaded.text).toBe(200);
    const documentFile = `/api/v1/organisation/${org.id}/hires/${hire!.id}/documents/${documentId}/file`;
    const staffCopy = await download(recruiter, documentFile);
    expect(staffCopy.status).toBe(200);
    expect(staffCopy.bytes.equals(passport)).toBe(true);

    const before = await databaseHits();
    for (const table of [
      'scorecards',
      'outbox',
      'dev_mailbox',
      'candidates',
      'activities',
      'notifications',
      'career_applications',
      'offers',
      'hires',
      'hire_tasks',
      'stored_files',
    ])
      expect(
        before.some((h) => h.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    expect(await diskHits(dataDir)).not.toEqual([]);

    await expectStatus(ownerClient, candidateOps.erase, 204, { params: person });

    // The offer link is dead too (its letter named the person).
    expect((await callOperation(visitor, publicOfferOps.view, { params: { token: offerToken } })).status).toBe(404);
    expect((await callOperation(visitor, publicOfferOps.letter, { params: { token: offerToken } })).status).toBe(404);
    // The new-hire link is dead: its page and an upload through it answer 404 with the link's text;
    // the passport no longer downloads for the staff.
    const dead = await expectStatus(visitor, newHireOps.view, 404, { params: { token } });
    expect(dead.message).toBe(ONBOARDING_TEXTS.linkNotFound);
    const late = await uploadPassport();
    expect(late.status).toBe(404);
    expect(late.json.message).toBe(ONBOARDING_TEXTS.linkNotFound);
    expect((await download(recruiter, documentFile)).status).toBe(404);
    expect((await callOperation(recruiter, onboardingOps.hire, { params: ofHire })).status).toBe(404);
    expect(await db().select().from(hireDocuments).where(eq(hireDocuments.id, documentId))).toEqual([]);

    // Nothing queued for or about the person is sent afterwards (everything pending was about them).
    expect(await deliverAll()).toEqual({ delivered: 0, retried: 0, failed: 0 });

    expect(await databaseHits()).toEqual([]);
    expect(await diskHits(dataDir)).toEqual([]);

    // What stays: the anonymous application (analytics) and the page view counts.
    expect(await db().select().from(applications).where(eq(applications.id, applicationId))).toHaveLength(1);
    expect((await db().select().from(careersPageViews).where(eq(careersPageViews.organisationId, org.id))).length).toBeGreaterThan(0);
  });
});
