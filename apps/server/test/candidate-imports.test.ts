import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CANDIDATE_TEXTS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_REFUSED_LIST_MAX } from '@hireloop/contract/candidates';
import { errorResponse } from '@hireloop/contract/error-response';
import { candidateImportOperations as ops } from '@hireloop/contract/operations/candidate-imports';
import type { AnyOperation } from '@hireloop/contract/operations/operation';
import { operationPath } from '@hireloop/contract/operations/path';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, applicationStageChanges, applications, candidateImports, candidates } from '../src/db/schema/candidates.ts';
import { readCsvBatches } from '../src/features/candidate-imports/csv.ts';
import { IMPORT_LEASE_MS, type ImportRunnerOptions } from '../src/features/candidate-imports/service.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { manualClock, manualTimer } from './manual-time.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectOk, expectStatus } from './operations.ts';
import { sendForm } from './uploads.ts';

let t: TestApp;
let org: { id: string };
let owner: { id: string };
let ownerClient: Client;
let interviewerClient: Client;
let strangerClient: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;
/** The stored uploads of every node (all nodes of a test share it, as they would share S3). */
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-imports-'));
  t = await startTestApp({ DATA_DIR: dataDir });
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
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

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
  const res = await sendForm(client, operationPath(ops.start, { organisationId: org.id, recruitment: recruitmentId }), form);
  return answerOf(ops.start, res);
}

/**
 * A multipart answer (the test client sends JSON only), parsed like callOperation's: with the
 * operation's schema of its status, or the error envelope every route may answer with.
 */
function answerOf(operation: AnyOperation, res: { status: number; text: string }) {
  const { text } = res;
  const schema = operation.responses[res.status] ?? (res.status >= 400 ? errorResponse : undefined);
  if (!schema) throw new Error(`${operation.path} answered ${res.status}, which the contract does not describe: ${text.slice(0, 300)}`);
  const parsed = schema.safeParse(text ? JSON.parse(text) : null);
  if (!parsed.success) throw new Error(`${operation.path} answered ${res.status} outside its schema: ${parsed.error.message}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  return { status: res.status, text, json: parsed.data as any };
}

/** Polls GET /imports/{id} until it is done or failed (bounded). */
async function finished(id: string) {
  return vi.waitFor(
    async () => {
      const res = await expectOk(ownerClient, ops.get, { params: { organisationId: org.id, import: id } });
      expect(['done', 'failed']).toContain(res.import.status);
      return res.import;
    },
    { timeout: 60_000, interval: 50 },
  );
}

const csv = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');
const NOT_CLOSED = 'This line could not be read as CSV: a quote on this line is never closed (the lines after it are read on their own).';

/** POST …/imports/preview with the same multipart body as the import. */
async function sendPreview(client: Client, recruitmentId: string, file: Buffer, mapping: unknown = SIMPLE) {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', new Blob([new Uint8Array(file)], { type: 'text/csv' }), 'people.csv');
  const res = await sendForm(client, operationPath(ops.preview, { organisationId: org.id, recruitment: recruitmentId }), form);
  return answerOf(ops.preview, res);
}

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
    expect(res.json.import).toMatchObject({ recruitment_id: recruitment.id, filename: 'people.csv', total_rows: 9 });
    expect(['pending', 'running', 'done']).toContain(res.json.import.status);
    const done = await finished(res.json.import.id);
    expect(done).toMatchObject({ status: 'done', processed_rows: 9, created_count: 2, matched_count: 1, refused_count: 6, error: null });
    expect(done.refused).toEqual([
      { row: 4, reason: 'Enter a name.' },
      { row: 5, reason: 'Enter a valid e-mail address.' },
      { row: 6, reason: 'The same e-mail is already on row 2 of this file.' },
      { row: 8, reason: CANDIDATE_TEXTS.alreadyInRecruitment },
      // A quoted line break in a mapped cell (a name is one line) reads as a quote never closed: both lines are refused.
      { row: 9, reason: NOT_CLOSED },
      { row: 10, reason: 'This line could not be read as CSV: its quote closes the one left open on line 9.' },
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
    expect(changes.every((c) => c.fromStatusId === null && c.movedById !== null)).toBe(true);
    const created = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.recruitmentId, recruitment.id), eq(activities.type, 'application.created')));
    expect(created).toHaveLength(3);
    expect(created[0]).toMatchObject({ actorName: 'Olivia Owner' });
  });

  it('imports the good rows of a file with stray quotes and reports each broken line with its number and reason', async () => {
    const recruitment = await pipeline.recruitment('Stray quotes');
    const file = csv([
      'Name,Email,Notes',
      'Ann Able,ann@example.test,"a note',
      'over two lines"',
      '"Ben Broken,ben@example.test,',
      'Cy Clear,cy@example.test,',
      'Di "Dee" Day,di@example.test,',
      'Ed Else,ed@example.test,',
      'Fay Final",fay@example.test,',
      'Gus Good,gus@example.test,',
      '"Hal Hanging,hal@example.test,',
      'Ida Last,ida@example.test,',
    ]);
    const res = await sendImport(ownerClient, recruitment.id, file, SIMPLE);
    expect(res.status, res.text).toBe(202);
    const done = await finished(res.json.import.id);
    expect(done).toMatchObject({ status: 'done', total_rows: 9, processed_rows: 9, created_count: 6, refused_count: 3, error: null });
    expect(done.refused).toEqual([
      { row: 4, reason: NOT_CLOSED },
      { row: 8, reason: 'This line could not be read as CSV: a quote on this line has no partner.' },
      { row: 10, reason: NOT_CLOSED },
    ]);
    const names = await t.database.db
      .select({ name: candidates.name })
      .from(applications)
      .innerJoin(candidates, eq(candidates.id, applications.candidateId))
      .where(eq(applications.recruitmentId, recruitment.id));
    expect(names.map((n) => n.name).sort()).toEqual(['Ann Able', 'Cy Clear', 'Di "Dee" Day', 'Ed Else', 'Gus Good', 'Ida Last']);
  });

  it('previews the import: counts what would be imported and flags invalid, unreadable and duplicate rows, saving nothing', async () => {
    const recruitment = await pipeline.recruitment('Preview target');
    const other = await pipeline.recruitment('Preview elsewhere');
    await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: 'Known Person', email: 'known@example.test' }, [other.id]);
    await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: 'In Here', email: 'inhere@example.test' }, [recruitment.id]);
    const file = csv([
      'Name,Email',
      'New Person,new@example.test',
      ',noname@example.test',
      'Bad Mail,not-an-email',
      '"Broken,broken@example.test',
      'New Again,NEW@example.test',
      'Known Person,known@example.test',
      'In Here,inhere@example.test',
      'Other New,other@example.test',
    ]);
    const candidatesBefore = (await t.database.db.select({ id: candidates.id }).from(candidates)).length;
    const res = await sendPreview(ownerClient, recruitment.id, file);
    expect(res.status, res.text).toBe(200);
    expect(res.json.preview).toEqual({
      total_rows: 8,
      importable_rows: 3,
      new_count: 2,
      matched_count: 1,
      refused_count: 5,
      flagged_count: 6,
      flagged: [
        { row: 3, problem: 'invalid', reason: 'Enter a name.', imported: false },
        { row: 4, problem: 'invalid', reason: 'Enter a valid e-mail address.', imported: false },
        { row: 5, problem: 'unreadable', reason: NOT_CLOSED, imported: false },
        { row: 6, problem: 'duplicate', reason: 'The same e-mail is already on row 2 of this file.', imported: false },
        { row: 7, problem: 'existing', reason: CANDIDATE_TEXTS.importMatchesExisting, imported: true },
        { row: 8, problem: 'duplicate', reason: CANDIDATE_TEXTS.alreadyInRecruitment, imported: false },
      ],
    });
    // Nothing saved: no import, no candidate, no application.
    expect(await t.database.db.select().from(candidateImports).where(eq(candidateImports.recruitmentId, recruitment.id))).toEqual([]);
    expect((await t.database.db.select({ id: candidates.id }).from(candidates)).length).toBe(candidatesBefore);

    // The import then does what the preview said.
    const started = await sendImport(ownerClient, recruitment.id, file, SIMPLE);
    const done = await finished(started.json.import.id);
    expect(done).toMatchObject({ created_count: 2, matched_count: 1, refused_count: 5 });
    expect(done.refused.map((r: { row: number }) => r.row)).toEqual([3, 4, 5, 6, 8]);
  });

  it('refuses a preview of a malformed file, another organisation’s recruitment (404) and a member without candidates.import (403)', async () => {
    const recruitment = await pipeline.recruitment('Preview refusals');
    const empty = await sendPreview(ownerClient, recruitment.id, csv(['Name,Email']));
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({ file: [CANDIDATE_TEXTS.importEmpty] });
    const missing = await sendPreview(ownerClient, recruitment.id, csv(['Name,Mail', 'A,a@example.test']));
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({ 'mapping.email': ['The mapped column "Email" is not in the file.'] });
    expect((await sendPreview(strangerClient, recruitment.id, csv(['Name,Email', 'A,a@example.test']))).status).toBe(404);
    expect((await sendPreview(interviewerClient, recruitment.id, csv(['Name,Email', 'A,a@example.test']))).status).toBe(403);
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
    process.stdout.write(`candidate import: 10,000 rows in ${ms} ms end to end\n`);
    expect(done).toMatchObject({ status: 'done', processed_rows: 10_000, created_count: 10_000, refused_count: 0 });
    const count = await t.database.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.recruitmentId, recruitment.id));
    expect(count).toHaveLength(10_000);
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
    const importOf = (id: string) => ({ organisationId: org.id, import: id });
    await expectStatus(strangerClient, ops.get, 404, { params: importOf(ok.json.import.id) });
    await expectStatus(ownerClient, ops.get, 404, { params: importOf('nope') });
    expect((await expectStatus(ownerClient, ops.get, 404, { params: importOf('00000000-0000-4000-8000-000000000000') })).message).toBe(
      CANDIDATE_TEXTS.importNotFound,
    );
  });
});

/** A node's import runner hook that holds the import before the batch starting at `atRow` until released. */
function pauseAt(atRow: number) {
  let reached = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const beforeBatch: NonNullable<ImportRunnerOptions['beforeBatch']> = async ({ processedRows }) => {
    if (processedRows !== atRow) return;
    reached = true;
    await released;
  };
  return {
    beforeBatch,
    release,
    /** Waits (bounded) until the import stands at the pause. */
    reached: () =>
      vi.waitFor(
        () => {
          if (!reached) throw new Error(`the import never reached row ${atRow}`);
        },
        { timeout: 20_000, interval: 20 },
      ),
  };
}

const people = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `Person ${tag} ${i},${tag}-${i}@example.test`);
const importRow = async (id: string) => (await t.database.db.select().from(candidateImports).where(eq(candidateImports.id, id)))[0]!;
const storedUploads = async () => readdir(path.join(dataDir, 'files', 'imports'), { recursive: true }).catch(() => []);

describe('CSV import under row-level security (docs/decisions/011-row-level-security.md)', () => {
  it('imports each batch in the import’s organisation, as hireloop_app: a query without an organisation condition sees only that organisation', async () => {
    const recruitment = await pipeline.recruitment('Imported under RLS');
    type Seen = { role: string; setting: string; organisations: number };
    const seen: Seen[] = [];
    const node = await startTestApp(
      { DATA_DIR: dataDir },
      {
        sharing: t,
        imports: {
          nodeId: 'rls-node',
          every: manualTimer().every,
          beforeBatch: async () => {
            const { rows } = (await t.database.db.execute(
              sql`select current_user as role, current_setting('app.organisation_id', true) as setting,
                         (select count(*)::int from organisations) as organisations`,
            )) as unknown as { rows: Seen[] };
            seen.push(rows[0]!);
          },
        },
      },
    );
    try {
      const res = await sendImport(await signIn(node, owner), recruitment.id, csv(['Name,Email', ...people(700, 'rls')]));
      expect(res.status, res.text).toBe(202);
      expect(await finished(res.json.import.id)).toMatchObject({ status: 'done', created_count: 700 });
    } finally {
      await node.close();
    }
    // Two batches (500 + 200), each in the organisation's transaction; the owner's connection sees both organisations.
    expect(seen).toEqual([
      { role: 'hireloop_app', setting: org.id, organisations: 1 },
      { role: 'hireloop_app', setting: org.id, organisations: 1 },
    ]);
    expect(
      ((await t.database.db.execute(sql`select count(*)::int as n from organisations`)) as unknown as { rows: { n: number }[] }).rows[0]!.n,
    ).toBeGreaterThan(1);
  });
});

describe('CSV import on several nodes (leases)', () => {
  it('a second node starting leaves a running import alone; the heartbeat keeps the lease; it finishes', async () => {
    const recruitment = await pipeline.recruitment('Two nodes');
    const pause = pauseAt(500);
    const clockA = manualClock();
    const timerA = manualTimer();
    const a = await startTestApp(
      { DATA_DIR: dataDir },
      { sharing: t, imports: { nodeId: 'node-a', now: clockA.now, every: timerA.every, beforeBatch: pause.beforeBatch } },
    );
    try {
      const res = await sendImport(await signIn(a, owner), recruitment.id, csv(['Name,Email', ...people(1200, 'two')]));
      expect(res.status, res.text).toBe(202);
      const id: string = res.json.import.id;
      await pause.reached();
      expect(await importRow(id)).toMatchObject({ status: 'running', lockedBy: 'node-a', processedRows: 500 });
      expect((await importRow(id)).heartbeatAt?.getTime()).toBe(clockA.at());
      // 50 s later node A's heartbeat renews its lease…
      clockA.advance(50_000);
      await timerA.tick();
      expect((await importRow(id)).heartbeatAt?.getTime()).toBe(clockA.at());
      // …so a node starting 100 s after the claim (40 s after the heartbeat) does not take the import over.
      const timerB = manualTimer();
      const b = await startTestApp(
        { DATA_DIR: dataDir },
        { sharing: t, imports: { nodeId: 'node-b', now: () => new Date(clockA.at() + 50_000), every: timerB.every } },
      );
      try {
        await timerB.tick();
        expect(await importRow(id)).toMatchObject({ status: 'running', lockedBy: 'node-a', processedRows: 500, error: null });
        pause.release();
        const done = await finished(id);
        expect(done).toMatchObject({ status: 'done', processed_rows: 1200, created_count: 1200, refused_count: 0, error: null });
        expect(await importRow(id)).toMatchObject({ lockedBy: null });
      } finally {
        await b.close();
      }
    } finally {
      pause.release();
      await a.close();
    }
    // The stored upload is removed once the import is done.
    expect(await storedUploads()).not.toContainEqual(expect.stringContaining('.csv'));
  });

  it('resumes the import of a node that died where it stopped: no duplicates, the right counts', async () => {
    const recruitment = await pipeline.recruitment('Resumed');
    const other = await pipeline.recruitment('Resumed elsewhere');
    // Matched (not created) on row 800, after the takeover.
    await seedCandidate(t, org.id, pipeline.statuses[0]!.id, { name: 'Known Person', email: 'known-resume@example.test' }, [other.id]);
    const rows = people(1300, 'resume');
    rows[99] = 'No Email,'; // row 101: refused before the takeover
    rows[699] = 'Again,resume-5@example.test'; // row 701: the same e-mail as row 7, refused after the takeover
    rows[798] = 'Known Person,known-resume@example.test'; // row 800
    const pause = pauseAt(500);
    const a = await startTestApp(
      { DATA_DIR: dataDir },
      { sharing: t, imports: { nodeId: 'node-a', every: manualTimer().every, beforeBatch: pause.beforeBatch } },
    );
    try {
      const res = await sendImport(await signIn(a, owner), recruitment.id, csv(['Name,Email', ...rows]));
      expect(res.status, res.text).toBe(202);
      const id: string = res.json.import.id;
      await pause.reached();
      expect(await importRow(id)).toMatchObject({ status: 'running', lockedBy: 'node-a', processedRows: 500, createdCount: 499 });

      // Node A stops heartbeating (it hangs, or died). A node whose clock is past the lease takes the import over.
      const b = await startTestApp(
        { DATA_DIR: dataDir },
        {
          sharing: t,
          imports: { nodeId: 'node-b', now: () => new Date(Date.now() + IMPORT_LEASE_MS + 1_000), every: manualTimer().every },
        },
      );
      try {
        const done = await finished(id);
        expect(done).toMatchObject({
          status: 'done',
          total_rows: 1300,
          processed_rows: 1300,
          created_count: 1297,
          matched_count: 1,
          refused_count: 2,
          error: null,
        });
        expect(done.refused).toEqual([
          { row: 101, reason: 'Enter an e-mail address.' },
          { row: 701, reason: 'The same e-mail is already on row 7 of this file.' },
        ]);
        // Node A wakes up: its lease is gone, so it writes nothing more.
        pause.release();
        await a.close();
        expect(await importRow(id)).toMatchObject({ status: 'done', processedRows: 1300, createdCount: 1297, lockedBy: null });
        const apps = await t.database.db
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.recruitmentId, recruitment.id));
        expect(apps).toHaveLength(1298);
        const [persons] = await t.database.db
          .select({ n: sql<number>`count(*)::int`, emails: sql<number>`count(distinct ${candidates.email})::int` })
          .from(candidates)
          .where(and(eq(candidates.organisationId, org.id), like(candidates.email, 'resume-%')));
        expect(persons).toEqual({ n: 1297, emails: 1297 });
        const created = await t.database.db
          .select({ id: activities.id })
          .from(activities)
          .where(and(eq(activities.recruitmentId, recruitment.id), eq(activities.type, 'application.created')));
        expect(created).toHaveLength(1298);
      } finally {
        await b.close();
      }
    } finally {
      pause.release();
      await a.close();
    }
  });

  it('a starting node fails only abandoned imports it cannot resume (no stored file), never one whose lease is live', async () => {
    const recruitment = await pipeline.recruitment('Interrupted');
    const [legacy] = await t.database.db
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
    const [live] = await t.database.db
      .insert(candidateImports)
      .values({
        organisationId: org.id,
        recruitmentId: recruitment.id,
        filename: 'live.csv',
        status: 'running',
        totalRows: 900,
        processedRows: 500,
        lockedBy: 'node-elsewhere',
        heartbeatAt: new Date(),
      })
      .returning();
    const c = await startTestApp({ DATA_DIR: dataDir }, { sharing: t, imports: { nodeId: 'node-c', every: manualTimer().every } });
    try {
      const res = await expectOk(ownerClient, ops.get, { params: { organisationId: org.id, import: legacy!.id } });
      expect(res.import).toMatchObject({ status: 'failed', processed_rows: 500, total_rows: 900 });
      expect(res.import.error).toMatch(/restarted/);
      expect(res.import.finished_at).toBeTruthy();
      expect(await importRow(live!.id)).toMatchObject({ status: 'running', lockedBy: 'node-elsewhere', error: null });
    } finally {
      await c.close();
      await t.database.db.delete(candidateImports).where(eq(candidateImports.id, live!.id));
    }
  });
});

describe('CSV reading (streamed)', () => {
  const chunked = (bytes: Buffer, size: number) =>
    (async function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })();

  it('reads the same rows whatever the chunk boundaries (inside a character, a quoted line break)', async () => {
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv([
        'Name;E-mail;Notes',
        'Émile Zola;emile@example.test;',
        'Multi;multi@example.test;"Line',
        'break ""Q"""',
        ';;',
        'Łukasz Ż;lz@example.test;',
      ]),
    ]);
    const read = async (size: number) => {
      const rows = [];
      for await (const batch of readCsvBatches(chunked(file, size), { name: 'Name', email: 'e-mail' }, 2)) rows.push(...batch);
      return rows;
    };
    const whole = await read(file.length);
    expect(whole).toEqual([
      { row: 2, cells: { name: 'Émile Zola', email: 'emile@example.test' } },
      { row: 3, cells: { name: 'Multi', email: 'multi@example.test' } },
      // Rows are numbered by the line they start on: the quoted line break counts.
      { row: 6, cells: { name: 'Łukasz Ż', email: 'lz@example.test' } },
    ]);
    for (const size of [1, 2, 3, 7]) expect(await read(size)).toEqual(whole);
  });

  it('lets the event loop run while it reads a large file', async () => {
    const file = csv(['Name,Email', ...Array.from({ length: 40_000 }, (_, i) => `Person ${i} with a longer name,p-${i}@example.test`)]);
    let turns = 0;
    let reading = true;
    const spin = () => {
      turns++;
      if (reading) setImmediate(spin);
    };
    setImmediate(spin);
    let rows = 0;
    for await (const batch of readCsvBatches(chunked(file, 64 * 1024), { name: 'Name', email: 'Email' }, 500)) rows += batch.length;
    reading = false;
    expect(rows).toBe(40_000);
    // At least one turn of the event loop per batch of 500 rows (a synchronous parse gives none).
    expect(turns).toBeGreaterThanOrEqual(80);
  });
});
