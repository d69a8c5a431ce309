import { CANDIDATE_TEXTS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_REFUSED_LIST_MAX } from '@hireloop/contract/candidates';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, applicationStageChanges, applications, candidateImports, candidates } from '../src/db/schema/candidates.ts';
import { createImportService } from '../src/features/candidate-imports/service.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';

let t: TestApp;
let org: { id: string };
let owner: { id: string };
let ownerClient: Client;
let interviewerClient: Client;
let strangerClient: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner);
  const interviewer = await createUser(t);
  await addMember(t, org.id, interviewer.id, 'interviewer');
  const stranger = await createUser(t);
  await createOrganisation(t, stranger);
  ownerClient = await signIn(t, owner);
  interviewerClient = await signIn(t, interviewer);
  strangerClient = await signIn(t, stranger);
  pipeline = await seedPipeline(t, org.id);
});
afterAll(async () => t.close());

const MAPPING = { name: 'Name', email: 'Email', phone: 'Phone', tags: 'Tags', consent: 'Consent' };
const SIMPLE = { name: 'Name', email: 'Email' };

async function sendImport(
  client: Client,
  recruitmentId: string,
  file: Buffer | Blob | null,
  mapping: unknown = { name: 'Name', email: 'Email' },
  filename = 'people.csv',
) {
  const form = new FormData();
  if (mapping !== null) form.append('mapping', typeof mapping === 'string' ? mapping : JSON.stringify(mapping));
  if (file) form.append('file', file instanceof Blob ? file : new Blob([new Uint8Array(file)], { type: 'text/csv' }), filename);
  const xsrf = client.cookie('XSRF-TOKEN') ?? '';
  const res = await fetch(`${client.baseUrl}/api/v1/organisation/${org.id}/recruitments/${recruitmentId}/imports`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: `hireloop_session=${client.cookie('hireloop_session')}; XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: form,
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  return { status: res.status, text, json: (text ? JSON.parse(text) : undefined) as any };
}

/** Polls GET /imports/{id} until it is done or failed (bounded). */
async function finished(id: string) {
  return vi.waitFor(
    async () => {
      const res = await ownerClient.get(`organisation/${org.id}/imports/${id}`);
      expect(res.status, res.text).toBe(200);
      expect(['done', 'failed']).toContain(res.json.import.status);
      return res.json.import;
    },
    { timeout: 60_000, interval: 50 },
  );
}

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

describe('CSV import', () => {
  it('imports good rows, reports refused ones with row and reason, reuses existing people', async () => {
    const recruitment = await pipeline.recruitment('Import target');
    const other = await pipeline.recruitment('Elsewhere');
    const existing = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: 'Old Timer', email: 'old@example.test' }, [other.id]);
    const inHere = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: 'Already Here', email: 'here@example.test' }, [
      recruitment.id,
    ]);
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv([
        'Name,Email,Phone,Tags,Consent,Ignored',
        'Ada Lovelace,ADA@example.test,+44 1,"math, first",yes,x',
        '"Grace ""Amazing"" Hopper",grace@example.test,,navy,no,',
        ',nobody@example.test,,,,',
        'Bad Mail,not-an-email,,,,',
        'Ada Again,ada@example.test,,,,',
        'Old Timer,old@example.test,,,,',
        'Already,here@example.test,,,,',
        '"Multi',
        'Line",multi@example.test,,,,',
        ',,,,,',
      ]),
    ]);
    const res = await sendImport(ownerClient, recruitment.id, file, MAPPING);
    expect(res.status, res.text).toBe(202);
    expect(res.json.import).toMatchObject({ recruitment_id: recruitment.id, filename: 'people.csv', total_rows: 8 });
    expect(['pending', 'running', 'done']).toContain(res.json.import.status);
    const done = await finished(res.json.import.id);
    expect(done).toMatchObject({ status: 'done', processed_rows: 8, created_count: 2, matched_count: 1, refused_count: 5, error: null });
    expect(done.refused).toEqual([
      { row: 4, reason: 'Enter a name.' },
      { row: 5, reason: 'Enter a valid e-mail address.' },
      { row: 6, reason: 'The same e-mail is already on row 2 of this file.' },
      { row: 8, reason: CANDIDATE_TEXTS.alreadyInRecruitment },
      // A quoted cell may span lines, but a name is one line.
      { row: 9, reason: ERROR_TEXTS.singleLine },
    ]);
    expect(done.finished_at).toBeTruthy();

    const apps = await t.database.db
      .select({ app: applications, name: candidates.name, email: candidates.email, consent: candidates.consentSource })
      .from(applications)
      .innerJoin(candidates, eq(candidates.id, applications.candidateId))
      .where(eq(applications.recruitmentId, recruitment.id));
    const byEmail = new Map(apps.map((a) => [a.email, a]));
    expect(byEmail.get('ada@example.test')).toMatchObject({
      name: 'Ada Lovelace',
      consent: 'import',
      app: { tags: ['math', 'first'], source: 'imported' },
    });
    expect(byEmail.get('grace@example.test')).toMatchObject({ name: 'Grace "Amazing" Hopper', consent: null });
    expect(byEmail.get('multi@example.test')).toBeUndefined();
    expect(byEmail.get('old@example.test')!.app.candidateId).toBe(existing.candidate.id);
    expect(byEmail.get('here@example.test')!.app.candidateId).toBe(inHere.candidate.id);
    expect(apps.every((a) => a.app.statusId === pipeline.statuses[0]!.id)).toBe(true);
    // At the end of the column, in file order.
    const imported = apps.filter((a) => a.email !== 'here@example.test').sort((a, b) => a.app.boardPosition - b.app.boardPosition);
    expect(imported.map((a) => a.email)).toEqual(['ada@example.test', 'grace@example.test', 'old@example.test']);
    expect(imported[0]!.app.boardPosition).toBeGreaterThan(byEmail.get('here@example.test')!.app.boardPosition);
    // One person per e-mail in the organisation.
    expect(await t.database.db.select().from(candidates).where(eq(candidates.email, 'old@example.test'))).toHaveLength(1);
    const changes = await t.database.db
      .select()
      .from(applicationStageChanges)
      .where(eq(applicationStageChanges.recruitmentId, recruitment.id));
    expect(changes).toHaveLength(3);
    const created = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.recruitmentId, recruitment.id), eq(activities.type, 'application.created')));
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({ actorName: 'Olivia Owner' });
  });

  it('detects ; as the delimiter', async () => {
    const recruitment = await pipeline.recruitment('Semicolons');
    const res = await sendImport(
      ownerClient,
      recruitment.id,
      csv(['Full name;E-mail', 'Émile Zola;emile@example.test', 'Jean Valjean;jean@example.test']),
      {
        name: 'Full name',
        email: 'e-mail',
      },
    );
    expect(res.status, res.text).toBe(202);
    expect(await finished(res.json.import.id)).toMatchObject({ status: 'done', created_count: 2, refused_count: 0 });
  });

  it('refuses malformed files before creating anything', async () => {
    const recruitment = await pipeline.recruitment('Malformed');
    const check = async (file: Buffer | null, mapping: unknown, status: number, errors: Record<string, string[]>) => {
      const res = await sendImport(ownerClient, recruitment.id, file, mapping);
      expect(res.status, res.text).toBe(status);
      expect(res.json.errors).toEqual(errors);
    };
    const latin1 = Buffer.from('Name,Email\nJos\xe9 Garc\xeda,jose@example.test\n', 'latin1');
    await check(latin1, SIMPLE, 422, { file: [CANDIDATE_TEXTS.importEncoding] });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name,Email\nA,a@example.test\n', 'utf16le')]);
    await check(utf16, SIMPLE, 422, { file: [CANDIDATE_TEXTS.importEncoding] });
    await check(csv(['Name,Mail', 'A,a@example.test']), SIMPLE, 422, {
      'mapping.email': ['The mapped column "Email" is not in the file.'],
    });
    await check(csv(['Name,Email']), SIMPLE, 422, { file: [CANDIDATE_TEXTS.importEmpty] });
    await check(Buffer.alloc(0), SIMPLE, 422, { file: [CANDIDATE_TEXTS.importMissing] });
    await check(null, SIMPLE, 422, { file: [CANDIDATE_TEXTS.importMissing] });
    await check(csv(['Name,Email', 'A,a@example.test']), { name: 'Name' }, 422, { mapping: [CANDIDATE_TEXTS.importMappingRequired] });
    await check(csv(['Name,Email', 'A,a@example.test']), '{not json', 422, { mapping: [CANDIDATE_TEXTS.importMappingRequired] });
    await check(csv(['Name,Email', 'A,a@example.test']), null, 422, { mapping: [CANDIDATE_TEXTS.importMappingRequired] });
    await check(csv(['Name,Email', '"Unclosed,a@example.test', 'B,b@example.test']), SIMPLE, 422, {
      file: ['The CSV file could not be read: a quoted field is never closed.'],
    });
    await check(csv(['Name,Email', 'A,a@example.test', 'Bo "Bobby" B,b@example.test']), SIMPLE, 422, {
      file: ['The CSV file could not be read near line 3: a field has a quote but does not start with one.'],
    });
    const many = Buffer.from(`Name,Email\n${'A,a@example.test\n'.repeat(IMPORT_MAX_ROWS + 1)}`);
    await check(many, SIMPLE, 422, { file: [CANDIDATE_TEXTS.importTooManyRows] });
    expect(await t.database.db.select().from(candidateImports).where(eq(candidateImports.recruitmentId, recruitment.id))).toEqual([]);
  });

  it('refuses files over 20 MB, a 50 MB one without reading it all', async () => {
    const recruitment = await pipeline.recruitment('Huge');
    const over = Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x61);
    const res = await sendImport(ownerClient, recruitment.id, over);
    expect(res.status, res.text).toBe(413);
    expect(res.json.message).toBe(CANDIDATE_TEXTS.importTooLarge);
    const huge = await sendImport(ownerClient, recruitment.id, Buffer.alloc(50 * 1024 * 1024, 0x61)).catch((error: unknown) => ({
      status: 0,
      json: undefined,
      error,
    }));
    // The server answers 413 and closes the connection; the client may still be sending.
    if (huge.status !== 0) {
      expect(huge.status).toBe(413);
      expect(huge.json.message).toBe(CANDIDATE_TEXTS.importTooLarge);
    }
    expect(await t.database.db.select().from(candidateImports).where(eq(candidateImports.recruitmentId, recruitment.id))).toEqual([]);
  });

  it('caps the refused list but counts every refused row', async () => {
    const recruitment = await pipeline.recruitment('Many bad');
    const rows = Array.from({ length: IMPORT_REFUSED_LIST_MAX + 20 }, (_, i) => `Person ${i},bad-${i}`);
    const res = await sendImport(ownerClient, recruitment.id, csv(['Name,Email', ...rows]));
    const done = await finished(res.json.import.id);
    expect(done).toMatchObject({ status: 'done', refused_count: IMPORT_REFUSED_LIST_MAX + 20, created_count: 0 });
    expect(done.refused).toHaveLength(IMPORT_REFUSED_LIST_MAX);
    expect(done.refused[0]).toEqual({ row: 2, reason: 'Enter a valid e-mail address.' });
  });

  it('imports 10,000 rows', async () => {
    const recruitment = await pipeline.recruitment('Ten thousand');
    const rows = Array.from({ length: 10_000 }, (_, i) => `Bulk Person ${i},bulk-${i}@example.test,+1 555 ${i},"a, b",yes`);
    const file = csv(['Name,Email,Phone,Tags,Consent', ...rows]);
    const started = performance.now();
    const res = await sendImport(ownerClient, recruitment.id, file, MAPPING);
    expect(res.status, res.text).toBe(202);
    const done = await finished(res.json.import.id);
    const ms = Math.round(performance.now() - started);
    process.stdout.write(`candidate import: 10,000 rows in ${ms} ms end to end (${t.database.kind})\n`);
    expect(done).toMatchObject({ status: 'done', processed_rows: 10_000, created_count: 10_000, refused_count: 0 });
    const count = await t.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.recruitmentId, recruitment.id));
    expect(count).toHaveLength(10_000);
  });

  it('marks imports a stopped process left running as failed (what start-up does)', async () => {
    const recruitment = await pipeline.recruitment('Interrupted');
    const [row] = await t.database.db
      .insert(candidateImports)
      .values({
        organisationId: org.id,
        recruitmentId: recruitment.id,
        filename: 'cut.csv',
        status: 'running',
        totalRows: 900,
        processedRows: 500,
      })
      .returning();
    expect(await createImportService(t.database.db, t.app.log).failInterrupted()).toBe(1);
    const res = await ownerClient.get(`organisation/${org.id}/imports/${row!.id}`);
    expect(res.json.import).toMatchObject({ status: 'failed', processed_rows: 500, total_rows: 900 });
    expect(res.json.import.error).toMatch(/restarted/);
    expect(res.json.import.finished_at).toBeTruthy();
  });

  it('refuses a closed or foreign recruitment, interviewers, and strangers; hides other organisations’ imports', async () => {
    const closed = await pipeline.recruitment('Closed one', 'closed');
    const file = csv(['Name,Email', 'A,a-closed@example.test']);
    const c = await sendImport(ownerClient, closed.id, file);
    expect(c.status).toBe(422);
    expect(c.json.message).toBe(CANDIDATE_TEXTS.recruitmentClosed);
    expect((await sendImport(ownerClient, '00000000-0000-4000-8000-000000000000', file)).status).toBe(404);
    expect((await sendImport(ownerClient, 'nope', file)).status).toBe(404);
    const open = await pipeline.recruitment('Open one');
    expect((await sendImport(interviewerClient, open.id, file)).status).toBe(403);
    expect((await sendImport(strangerClient, open.id, file)).status).toBe(404);
    const ok = await sendImport(ownerClient, open.id, file);
    await finished(ok.json.import.id);
    expect((await strangerClient.get(`organisation/${org.id}/imports/${ok.json.import.id}`)).status).toBe(404);
    expect((await ownerClient.get(`organisation/${org.id}/imports/nope`)).status).toBe(404);
    expect((await ownerClient.get(`organisation/${org.id}/imports/00000000-0000-4000-8000-000000000000`)).json.message).toBe(
      CANDIDATE_TEXTS.importNotFound,
    );
  });
});
