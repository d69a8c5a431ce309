import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { candidates } from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { organisations } from '../src/db/schema/organisations.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { careersSites } from '../src/db/schema/website.ts';
import { documents, seedCandidate } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';

/**
 * Control characters at the input edge: a NUL (or another non-text control character) in any
 * string the API takes — JSON body, query filter, path parameter, multipart field — is refused
 * with a 4xx (never a 500) and nothing is written; single-line fields refuse CR and LF too.
 */

let t: TestApp;
let org: { id: string; slug: string };
let owner: { id: string };
let ownerEmail = '';
let recruiter: { id: string };
let client: Client;
let statusId = '';
let roleId = '';
let recruitmentId = '';
let applicationId = '';
let candidateId = '';
let typeId = '';
let careersRoleId = '';
const db = () => t.database.db;
const o = (rest = '') => `organisation/${org.id}${rest}`;
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const NUL = 'Bad\u0000value';
/** Tables that change on any request (sessions are touched), not by what the request sends. */
const VOLATILE = new Set(['sessions']);

/** A digest per table of every row: "nothing written" means no digest changed. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await db().execute(
    sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of rows<{ table_name: string }>(tables)) {
    if (VOLATILE.has(name) || name.startsWith('__drizzle')) continue;
    const [r] = rows<{ d: string | null }>(
      await db().execute(sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${sql.identifier(name)} x`),
    );
    out[name] = r?.d ?? '';
  }
  return out;
}
/** node-postgres returns { rows }, PGlite too; drizzle's execute type differs per driver. */
const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function multipart(path: string, fields: Record<string, string>, file?: { field: string; filename: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.filename);
  const xsrf = client.cookie('XSRF-TOKEN') ?? '';
  const res = await fetch(path.startsWith('/') ? `${t.baseUrl}${path}` : `${t.baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: `hireloop_session=${client.cookie('hireloop_session')}; XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: form,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  return { status: res.status, text, json: json as any };
}

const applyFields = (v: Partial<Record<string, string>> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada-${Math.random().toString(36).slice(2)}@example.test`,
  phone: '+44 20 7946 0000',
  links: 'https://ada.example.com',
  cover_note: 'Hello.',
  consent: 'yes',
  website: '',
  ...v,
});
const apply = (fields: Record<string, string>) =>
  multipart(`/careers/${org.slug}/jobs/${careersRoleId}/apply`, fields, {
    field: 'resume',
    filename: 'cv.pdf',
    bytes: documents.pdf(),
  });

/** Polls GET /imports/{id} until the import is done or failed (bounded). */
function finished(id: string) {
  return vi.waitFor(
    async () => {
      const r = await client.get(o(`/imports/${id}`));
      expect(['done', 'failed']).toContain(r.json.import.status);
      return r.json.import;
    },
    { timeout: 30_000, interval: 50 },
  );
}

/** An accepted import's answer, once its rows are written; any other answer as it came. */
async function settled(res: Awaited<ReturnType<typeof multipart>>) {
  if (res.status === 202) await finished(res.json.import.id);
  return res;
}

beforeAll(async () => {
  t = await startTestApp({ CAREERS_APPLY_RATE: '1000' });
  const ownerUser = await createUser(t, { name: 'Olive Owner' });
  owner = ownerUser;
  ownerEmail = ownerUser.email ?? '';
  recruiter = await createUser(t, { name: 'Rita Recruiter' });
  const created = await createOrganisation(t, owner, { name: 'Control Org' });
  org = { id: created.id, slug: created.slug };
  await addMember(t, org.id, recruiter.id, 'recruiter');
  await db()
    .update(organisations)
    .set({ products: ['website', 'onboarding'] })
    .where(eq(organisations.id, org.id));
  const statuses = await db()
    .insert(recruitmentStatuses)
    .values(DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ organisationId: org.id, ...s, position: i + 1 })))
    .returning();
  statusId = statuses[0]!.id;
  const [role] = await db()
    .insert(jobRoles)
    .values({ organisationId: org.id, name: 'Engineer', status: 'open', published: true })
    .returning();
  roleId = role!.id;
  careersRoleId = role!.id;
  const [r] = await db()
    .insert(recruitments)
    .values({ organisationId: org.id, roleId, name: 'Engineer hiring', status: 'open' })
    .returning();
  recruitmentId = r!.id;
  await db().insert(careersSites).values({ organisationId: org.id, headline: 'Join us' });
  const seeded = await seedCandidate(t, org.id, statusId, { name: 'Cara Candidate' }, [recruitmentId]);
  candidateId = seeded.candidate.id;
  applicationId = seeded.applications[0]!.id;
  client = await signIn(t, owner);
  const type = await client.post(o('/interview-types'), { name: 'Technical', criteria: ['Depth'] });
  expect(type.status, type.text).toBe(201);
  typeId = type.json.interview_type.id;
});
afterAll(async () => t?.close());

type Sent = { status: number; text: string; json?: { code?: string; errors?: Record<string, string[]> } };
type Row = {
  /** Sends the request with `v` in one text field (or parameter). */
  send: (v: string) => Promise<Sent>;
  /** A clean value the same request accepts (< 400), proving the refused one would have been written; omitted for reads. */
  clean?: string;
};

let serial = 0;
const uniq = (v: string) => `${v}-${++serial}`;

const CASES: Record<string, Row> = {
  'POST /teams (name)': { send: (v) => client.post(o('/teams'), { name: v }), clean: 'Team ok' },
  'POST /teams (description, multi-line)': {
    send: (v) => client.post(o('/teams'), { name: uniq('Team'), description: v }),
    clean: 'Line one\nline two',
  },
  'POST /role (name)': { send: (v) => client.post(o('/role'), { name: v }), clean: 'Role ok' },
  'PATCH /role/:role (location)': { send: (v) => client.patch(o(`/role/${roleId}`), { location: v }), clean: 'Lisbon' },
  'POST /recruitments (name)': {
    send: (v) => client.post(o('/recruitments'), { role_id: roleId, name: v }),
    clean: 'Recruitment ok',
  },
  'POST /recruitments/:r/applications (candidate name)': {
    send: (v) =>
      client.post(o(`/recruitments/${recruitmentId}/applications`), {
        candidate: { name: v, email: `${uniq('new')}@example.test` },
      }),
    clean: 'New Person',
  },
  'PATCH /candidates/:c (name)': { send: (v) => client.patch(o(`/candidates/${candidateId}`), { name: v }), clean: 'Cara Renamed' },
  'POST /candidates/:c/notes (body)': {
    send: (v) => client.post(o(`/candidates/${candidateId}/notes`), { body: v }),
    clean: 'A fine note\nwith two lines',
  },
  'PATCH organisation (name)': { send: (v) => client.patch(o(), { name: v }), clean: 'Control Org' },
  'POST /organisations (name)': { send: (v) => client.post('organisations', { name: v }), clean: 'Another Org' },
  'PATCH /me (name)': { send: (v) => client.patch('me', { name: v }), clean: 'Olive Owner' },
  'POST /api-keys (name)': { send: (v) => client.post(o('/api-keys'), { name: v, scopes: ['candidates:read'] }), clean: 'Zapier' },
  'POST /experience-level (name)': { send: (v) => client.post(o('/experience-level'), { name: v }), clean: 'Principal' },
  'POST /interview-types (name)': { send: (v) => client.post(o('/interview-types'), { name: v }), clean: 'Phone screen' },
  'POST /onboarding-stages (name)': { send: (v) => client.post(o('/onboarding-stages'), { name: v }), clean: 'Orientation' },
  'PATCH /website (headline)': { send: (v) => client.patch(o('/website'), { headline: v }), clean: 'Build things' },
  'POST /applications/:a/interviews (location)': {
    send: (v) =>
      client.post(o(`/applications/${applicationId}/interviews`), {
        type_id: typeId,
        starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        duration_minutes: 60,
        timezone: 'Europe/Berlin',
        location: v,
        interviewer_ids: [owner.id],
      }),
    clean: 'Room 4',
  },
  'POST /applications/:a/offers (bonus note)': {
    send: (v) =>
      client.post(o(`/applications/${applicationId}/offers`), {
        salary: 85000,
        currency: 'EUR',
        salary_period: 'year',
        bonus_note: v,
        start_date: future(40),
        contract_type: 'full_time',
        expires_on: future(14),
        approver_ids: [owner.id],
      }),
    clean: '10% bonus',
  },
  'GET /role?filter[name]': { send: (v) => client.get(o(`/role?filter[name]=${encodeURIComponent(v)}`)) },
  'GET /teams?filter[name]': { send: (v) => client.get(o(`/teams?filter[name]=${encodeURIComponent(v)}`)) },
  'GET /users?filter[name]': { send: (v) => client.get(o(`/users?filter[name]=${encodeURIComponent(v)}`)) },
  'GET /candidates?filter[search]': { send: (v) => client.get(o(`/candidates?filter[search]=${encodeURIComponent(v)}`)) },
  'GET /recruitments/:r/applications?filter[search]': {
    send: (v) => client.get(o(`/recruitments/${recruitmentId}/applications?filter[search]=${encodeURIComponent(v)}`)),
  },
  'GET /audit-log?filter[action]': { send: (v) => client.get(o(`/audit-log?filter[action]=${encodeURIComponent(v)}`)) },
  'GET /role/:role (path)': { send: (v) => client.get(o(`/role/${encodeURIComponent(v)}`)) },
  'GET /teams/:team (path)': { send: (v) => client.get(o(`/teams/${encodeURIComponent(v)}`)) },
  'GET /careers/:slug': { send: (v) => client.get(`/careers/${encodeURIComponent(v)}`) },
  'GET /careers/:slug?location=': { send: (v) => client.get(`/careers/${org.slug}?location=${encodeURIComponent(v)}`) },
  'GET /careers/:slug/jobs/:role': { send: (v) => client.get(`/careers/${org.slug}/jobs/${encodeURIComponent(v)}`) },
  'GET /public/offers/:token': { send: (v) => client.get(`public/offers/${encodeURIComponent(v)}`) },
  'POST /public/offers/:token/accept': { send: (v) => client.post(`public/offers/${encodeURIComponent(v)}/accept`, {}) },
  'GET /public/new-hire/:token': { send: (v) => client.get(`public/new-hire/${encodeURIComponent(v)}`) },
  'POST careers apply (name)': { send: (v) => apply(applyFields({ name: v })), clean: 'Ada Lovelace' },
  'POST careers apply (cover note, multi-line)': {
    send: (v) => apply(applyFields({ cover_note: v })),
    clean: 'Dear team,\r\nhello.',
  },
  'POST /candidates/:c/files (kind, multipart)': {
    send: (v) =>
      multipart(o(`/candidates/${candidateId}/files`), { kind: v }, { field: 'file', filename: 'cv.pdf', bytes: documents.pdf() }),
    clean: 'resume',
  },
  'POST /recruitments/:r/imports (mapping, multipart)': {
    // An accepted import writes its rows after the 202; wait for it so that no later test counts them.
    send: async (v) =>
      settled(
        await multipart(
          o(`/recruitments/${recruitmentId}/imports`),
          { mapping: JSON.stringify({ name: v, email: 'Email' }) },
          { field: 'file', filename: 'people.csv', bytes: Buffer.from(`${v},Email\r\nZed,zed-${++serial}@example.test\r\n`) },
        ),
      ),
    clean: 'Name',
  },
};

describe('a NUL byte in any text input', () => {
  it.each(Object.entries(CASES))('%s: 4xx, never 500, nothing written', async (_name, row) => {
    const before = await snapshot();
    const res = await row.send(row.clean === undefined ? NUL : uniq(NUL));
    expect(res.status, res.text).toBeGreaterThanOrEqual(400);
    expect(res.status, res.text).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
    if (row.clean !== undefined) {
      const ok = await row.send(row.clean);
      expect(ok.status, ok.text).toBeLessThan(400);
    }
  });

  it('answers 422 with the field and the message in the errors envelope', async () => {
    const res = await client.post(o('/teams'), { name: 'Fine', description: `a${'\u0000'}b` });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'validation_failed', errors: { description: [ERROR_TEXTS.controlCharacters] } });
    const query = await client.get(o(`/role?filter[name]=${encodeURIComponent(NUL)}`));
    expect(query.status).toBe(422);
    expect(query.json.errors['filter.name']).toEqual([ERROR_TEXTS.controlCharacters]);
  });

  it.each([
    ['DEL', '\u007f'],
    ['C1 (NEL)', '\u0085'],
    ['escape', '\u001b[31m'],
    ['lone surrogate', '\ud800'],
  ])('refuses other control characters too: %s', async (_name, c) => {
    const res = await client.post(o('/candidates/' + candidateId + '/notes'), { body: `note ${c} here` });
    expect(res.status, res.text).toBe(422);
  });
});

describe('single-line fields refuse line breaks', () => {
  const INJECTION = 'Ann\rATTENDEE:mailto:evil@x.test\rX-INJECTED:1';
  it.each([
    ['candidate name', () => client.patch(o(`/candidates/${candidateId}`), { name: INJECTION })],
    ['team name', () => client.post(o('/teams'), { name: 'Ann\nNewline' })],
    ['my name', () => client.patch('me', { name: INJECTION })],
    ['role location', () => client.patch(o(`/role/${roleId}`), { location: 'A\tB' })],
  ])('%s', async (_name, send) => {
    const res = await send();
    expect(res.status, res.text).toBe(422);
  });

  it('the careers apply form refuses a name with bare CRs and stores nothing', async () => {
    const before = await db().select({ id: candidates.id }).from(candidates);
    const res = await apply(applyFields({ name: INJECTION }));
    expect(res.status, res.text).toBe(422);
    expect(res.json.errors.name).toBeDefined();
    expect(await db().select({ id: candidates.id }).from(candidates)).toHaveLength(before.length);
  });
});

describe('CSV import', () => {
  it('refuses only the row with a control character; the rest of the file imports', async () => {
    const lines = [
      'Name,Email',
      'First Row,first-nul@example.test',
      'Bad\u0000Row,bad-nul@example.test',
      'Third Row,third-nul@example.test',
    ];
    const res = await multipart(
      o(`/recruitments/${recruitmentId}/imports`),
      { mapping: JSON.stringify({ name: 'Name', email: 'Email' }) },
      { field: 'file', filename: 'people.csv', bytes: Buffer.from(lines.join('\r\n')) },
    );
    expect(res.status, res.text).toBe(202);
    const done = await finished(res.json.import.id);
    expect(done).toMatchObject({ status: 'done', created_count: 2, refused_count: 1 });
    expect(done.refused).toEqual([{ row: 3, reason: expect.stringContaining(ERROR_TEXTS.controlCharacters) }]);
  });

  it('a file name with a control character does not fail the import', async () => {
    const res = await multipart(
      o(`/recruitments/${recruitmentId}/imports`),
      { mapping: JSON.stringify({ name: 'Name', email: 'Email' }) },
      { field: 'file', filename: 'peo\u0001ple.csv', bytes: Buffer.from('Name,Email\r\nFile Name,file-name@example.test') },
    );
    expect(res.status, res.text).toBe(202);
    expect(await finished(res.json.import.id)).toMatchObject({ status: 'done', created_count: 1 });
  });
});

describe('interview invitations', () => {
  it('a name with bare CRs already in the database adds no attendee or property to the invitation', async () => {
    const { candidate, applications } = await seedCandidate(
      t,
      org.id,
      statusId,
      { name: 'Ann\rATTENDEE:mailto:evil@x.test\rX-INJECTED:1', email: 'ann-ics@example.test' },
      [recruitmentId],
    );
    const res = await client.post(o(`/applications/${applications[0]!.id}/interviews`), {
      type_id: typeId,
      starts_at: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      duration_minutes: 45,
      timezone: 'Europe/Berlin',
      location: 'Room 5',
      interviewer_ids: [owner.id],
    });
    expect(res.status, res.text).toBe(201);
    const sent = await db().select().from(outbox).where(eq(outbox.kind, 'mail'));
    const calendars = sent
      .map((r) => (r.payload as { attachments?: { contentType: string; content: string }[] }).attachments ?? [])
      .flat()
      .filter((a) => a.contentType.startsWith('text/calendar'))
      .map((a) => Buffer.from(a.content, 'base64').toString('utf8'))
      .filter((text) => text.includes('ann-ics@example.test'));
    expect(calendars.length).toBeGreaterThan(0);
    for (const text of calendars) {
      // As a lenient client reads it: any CR or LF ends a line.
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const event = new ICAL.Component(ICAL.parse(text.replace(/\r\n|\r|\n/g, '\r\n'))).getFirstSubcomponent('vevent')!;
      const addresses = event.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase());
      expect(addresses.sort()).toEqual([`mailto:${candidate.email}`, `mailto:${ownerEmail}`].sort());
      expect(event.getAllProperties().map((p) => p.name)).not.toContain('x-injected');
    }
  });
});
