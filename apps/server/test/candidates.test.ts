import { CANDIDATE_TEXTS, MAX_DOCUMENT_BYTES } from '@hireloop/contract/candidates';
import { candidateOperations as ops } from '@hireloop/contract/operations/candidates';
import type { QueryInput } from '@hireloop/contract/operations/operation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { activities, applications, candidateFiles, candidateNotes, candidates } from '../src/db/schema/candidates.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox, storedFiles } from '../src/db/schema/outbox.ts';
import { documents, seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';
import { download, upload } from './uploads.ts';

let t: TestApp;
let org: { id: string };
let otherOrg: { id: string };
let owner: { id: string; name: string };
let recruiter: { id: string; name: string };
let interviewer: { id: string; name: string };
let stranger: { id: string; name: string };
let ownerClient: Client;
let recruiterClient: Client;
let interviewerClient: Client;
let strangerClient: Client;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;
let open1: { id: string };
let open2: { id: string };

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner);
  recruiter = await createUser(t, { name: 'Rick Recruiter' });
  await addMember(t, org.id, recruiter.id, 'recruiter');
  interviewer = await createUser(t, { name: 'Ivy Interviewer' });
  await addMember(t, org.id, interviewer.id, 'interviewer');
  stranger = await createUser(t, { name: 'Stan Stranger' });
  otherOrg = await createOrganisation(t, stranger);
  ownerClient = await signIn(t, owner);
  recruiterClient = await signIn(t, recruiter);
  interviewerClient = await signIn(t, interviewer);
  strangerClient = await signIn(t, stranger);
  pipeline = await seedPipeline(t, org.id);
  open1 = await pipeline.recruitment('Backend engineer');
  open2 = await pipeline.recruitment('Frontend engineer');
});
afterAll(async () => t.close());

const applied = () => pipeline.statuses[0]!.id;
const seed = (attrs: Parameters<typeof seedCandidate>[3] = {}, recruitmentIds: string[] = []) =>
  seedCandidate(t, org.id, applied(), attrs, recruitmentIds);
const base = (path = '') => `organisation/${org.id}/candidates${path}`;
const db = () => t.database.db;
const inOrg = () => ({ organisationId: org.id });
const of = (candidate: string) => ({ organisationId: org.id, candidate });
const search = async (client: Client, query: QueryInput<typeof ops.list>) =>
  (await expectOk(client, ops.list, { params: inOrg(), query })).candidates;
const activitiesOf = (candidateId: string) => db().select().from(activities).where(eq(activities.candidateId, candidateId));

describe('candidates: list, show, change', () => {
  it('lists people by name, searches name and e-mail, leaves erased ones out', async () => {
    const { candidate: a } = await seed({ name: 'Zoë Searchable', email: 'zoe.findme@example.test' });
    await seed({ name: 'Erased candidate', email: null, erasedAt: new Date() });
    const byName = await search(ownerClient, { filter: { search: 'searchab' } });
    expect(byName.data.map((c) => c.id)).toEqual([a.id]);
    const byEmail = await search(ownerClient, { filter: { search: 'FINDME' } });
    expect(byEmail.data).toHaveLength(1);
    expect(byEmail.data[0]).toMatchObject({ name: 'Zoë Searchable', email: 'zoe.findme@example.test', erased_at: null });
    // Wildcards are literal.
    expect((await search(ownerClient, { filter: { search: '%' } })).data).toEqual([]);
    const all = await search(ownerClient, { per_page: 100 });
    expect(all.data.some((c) => c.erased_at)).toBe(false);
    expect(all.meta).toMatchObject({ page: 1, per_page: 100 });
    // Searched pages are sorted by name too.
    for (const name of ['Pager Cyd', 'Pager Abe', 'Pager Bea']) await seed({ name });
    const page2 = await search(ownerClient, { filter: { search: 'pager' }, per_page: 2, page: 2 });
    expect(page2.data.map((c) => c.name)).toEqual(['Pager Cyd']);
    expect(page2.meta).toMatchObject({ total: 3, last_page: 2 });
    // The total of a search comes with its page; past the last page and without a match it is still right.
    const first = await search(ownerClient, { filter: { search: 'pager' }, per_page: 2 });
    expect(first.data.map((c) => c.name)).toEqual(['Pager Abe', 'Pager Bea']);
    expect(first.meta).toEqual({ page: 1, per_page: 2, total: 3, last_page: 2 });
    const beyond = await search(ownerClient, { filter: { search: 'pager' }, per_page: 2, page: 4 });
    expect(beyond).toEqual({ data: [], meta: { page: 4, per_page: 2, total: 3, last_page: 2 } });
    const none = await search(ownerClient, { filter: { search: 'nobody-at-all' } });
    expect(none.meta).toMatchObject({ page: 1, total: 0, last_page: 1 });
  });

  it('shows one; another organisation’s or a malformed id is 404', async () => {
    const { candidate } = await seed();
    const res = await expectStatus(interviewerClient, ops.get, 200, { params: of(candidate.id) });
    expect(res.candidate).toMatchObject({ id: candidate.id, name: candidate.name, links: [], source: 'sourced' });
    const foreign = await seedCandidate(t, otherOrg.id, applied());
    await expectStatus(ownerClient, ops.get, 404, { params: of(foreign.candidate.id) });
    expect(await expectStatus(ownerClient, ops.get, 404, { params: of('not-a-uuid') })).toMatchObject({
      code: 'not_found',
      message: CANDIDATE_TEXTS.notFound,
    });
    await expectStatus(strangerClient, ops.get, 404, { params: of(candidate.id) });
  });

  it('changes fields, records consent the first time, logs the changed field names', async () => {
    const { candidate } = await seed({ name: 'Carl Change' });
    const res = await expectStatus(recruiterClient, ops.update, 200, {
      params: of(candidate.id),
      body: { name: ' Carl Changed ', phone: '+44 1234', links: ['https://example.test/carl'], consent_source: 'email' },
    });
    expect(res.candidate).toMatchObject({
      name: 'Carl Changed',
      phone: '+44 1234',
      links: ['https://example.test/carl'],
      consent_source: 'email',
    });
    const consentAt = res.candidate.consent_at;
    expect(consentAt).toBeTruthy();
    const again = await expectOk(recruiterClient, ops.update, { params: of(candidate.id), body: { consent_source: 'verbal' } });
    expect(again.candidate.consent_at).toBe(consentAt);
    const cleared = await expectOk(recruiterClient, ops.update, { params: of(candidate.id), body: { consent_source: null } });
    expect(cleared.candidate).toMatchObject({ consent_source: null, consent_at: null });
    const log = await activitiesOf(candidate.id);
    const updated = log.filter((a) => a.type === 'candidate.updated');
    expect(updated).toHaveLength(3);
    expect(updated.map((a) => a.data.fields)).toContainEqual(['name', 'phone', 'links', 'consent_source']);
    expect(updated[0]).toMatchObject({ actorName: 'Rick Recruiter' });
  });

  it('refuses an e-mail another candidate has (409) and bad input (422)', async () => {
    const { candidate: a } = await seed({ email: 'taken@example.test' });
    const { candidate: b } = await seed();
    const dup = await expectStatus(ownerClient, ops.update, 409, { params: of(b.id), body: { email: ' TAKEN@example.test ' } });
    expect(dup).toMatchObject({ code: 'conflict', message: CANDIDATE_TEXTS.duplicate });
    // Its own address is no conflict.
    await expectStatus(ownerClient, ops.update, 200, { params: of(a.id), body: { email: 'taken@example.test' } });
    const bad = await expectStatus(ownerClient, ops.update, 422, {
      params: of(b.id),
      body: { email: 'nope', name: '', links: ['javascript:alert(1)'] },
    });
    expect(Object.keys(bad.errors ?? {})).toEqual(expect.arrayContaining(['email', 'name']));
    expect((await callOperation(interviewerClient, ops.update, { params: of(b.id), body: { name: 'X' } })).status).toBe(403);
  });
});

describe('notes and mentions', () => {
  it('adds a note, notifies the mentioned members (not the author), links to the application', async () => {
    const {
      candidate,
      applications: [app],
    } = await seed({ name: 'Nora Noted' }, [open1.id]);
    const body = `Great call. @[Rick Recruiter](${recruiter.id}) and @[Olivia Owner](${owner.id}) please look.`;
    const res = await expectStatus(ownerClient, ops.addNote, 201, { params: of(candidate.id), body: { body, application_id: app!.id } });
    expect(res.note).toMatchObject({
      candidate_id: candidate.id,
      application_id: app!.id,
      author: { id: owner.id, name: 'Olivia Owner' },
      body,
      mentioned_user_ids: expect.arrayContaining([recruiter.id, owner.id]),
    });
    const sent = await db().select().from(notifications).where(eq(notifications.type, 'mention'));
    const mine = sent.filter((n) => (n.data as { note_id?: string }).note_id === res.note.id);
    expect(mine.map((n) => n.userId)).toEqual([recruiter.id]);
    expect(mine[0]!.data).toMatchObject({
      title: 'Olivia Owner mentioned you',
      body: 'Great call. @Rick Recruiter and @Olivia Owner please look.',
      url: `/recruitment/${open1.id}/candidates?application=${app!.id}`,
    });
    expect((await activitiesOf(candidate.id)).map((a) => a.type)).toContain('note.added');
    const [after] = await db().select().from(candidates).where(eq(candidates.id, candidate.id));
    expect(after!.lastActivityAt.getTime()).toBeGreaterThan(candidate.lastActivityAt.getTime());
  });

  it('a repeated create with the same client_id returns the first note: one note, one mention mail', async () => {
    const { candidate } = await seed({ name: 'Ines Idempotent' }, [open1.id]);
    const clientId = crypto.randomUUID();
    const body = `Double-clicked @[Rick Recruiter](${recruiter.id}) ${clientId}`;
    const addNote = (candidateId: string, note: { body: string; client_id?: string }) =>
      callOperation(ownerClient, ops.addNote, { params: of(candidateId), body: note });
    const [a, b] = await Promise.all([
      addNote(candidate.id, { body, client_id: clientId }),
      addNote(candidate.id, { body, client_id: clientId }),
    ]);
    expect([a.status, b.status].sort(), a.text + b.text).toEqual([200, 201]);
    const noteId = (res: Awaited<ReturnType<typeof addNote>>) => ('note' in res.json ? res.json.note.id : undefined);
    expect(noteId(a)).toBe(noteId(b));
    const again = await expectStatus(ownerClient, ops.addNote, 200, { params: of(candidate.id), body: { body, client_id: clientId } });
    expect(again.note.id).toBe(noteId(a));
    expect(await db().select().from(candidateNotes).where(eq(candidateNotes.candidateId, candidate.id))).toHaveLength(1);
    const mentions = (await db().select().from(notifications).where(eq(notifications.type, 'mention'))).filter(
      (n) => (n.data as { note_id?: string }).note_id === noteId(a),
    );
    expect(mentions).toHaveLength(1);
    const mails = (await db().select().from(outbox).where(eq(outbox.kind, 'mail'))).filter((m) =>
      (m.payload as { text: string }).text.includes(clientId),
    );
    expect(mails).toHaveLength(1);
    expect((await activitiesOf(candidate.id)).filter((x) => x.type === 'note.added')).toHaveLength(1);
    // Another note (another key) is another note; a key is not reusable on another candidate.
    expect((await addNote(candidate.id, { body, client_id: crypto.randomUUID() })).status).toBe(201);
    const { candidate: elsewhere } = await seed({}, [open1.id]);
    expect((await addNote(elsewhere.id, { body: 'x', client_id: clientId })).status).toBe(422);
    expect((await addNote(candidate.id, { body: 'x', client_id: 'not-a-uuid' })).status).toBe(422);
  });

  it('links a mention without an application to the latest one', async () => {
    const { candidate, applications: apps } = await seed({}, [open1.id, open2.id]);
    await db()
      .update(applications)
      .set({ appliedAt: new Date(Date.now() + 1000) })
      .where(eq(applications.id, apps[1]!.id));
    const res = await expectStatus(interviewerClient, ops.addNote, 201, {
      params: of(candidate.id),
      body: { body: `@[Rick](${recruiter.id}) fyi` },
    });
    const [n] = (await db().select().from(notifications).where(eq(notifications.userId, recruiter.id))).filter(
      (x) => (x.data as { note_id?: string }).note_id === res.note.id,
    );
    expect(n!.data).toMatchObject({
      url: `/recruitment/${open2.id}/candidates?application=${apps[1]!.id}`,
      title: 'Ivy Interviewer mentioned you',
    });
  });

  it('refuses a mention of a non-member, a foreign application and an empty body; writes nothing', async () => {
    const { candidate } = await seed();
    const params = of(candidate.id);
    const outsider = await expectStatus(ownerClient, ops.addNote, 422, { params, body: { body: `hi @[Stan](${stranger.id})` } });
    expect(outsider.errors).toEqual({ body: [CANDIDATE_TEXTS.mentionUnknown] });
    // not a mention mark (ids are hex): plain text
    await expectStatus(ownerClient, ops.addNote, 201, { params, body: { body: 'hi @[X](zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz)' } });
    const other = await seed({}, [open1.id]);
    await expectStatus(ownerClient, ops.addNote, 422, { params, body: { body: 'x', application_id: other.applications[0]!.id } });
    await expectStatus(ownerClient, ops.addNote, 422, { params, body: { body: '   ' } });
    const notes = await db().select().from(candidateNotes).where(eq(candidateNotes.candidateId, candidate.id));
    expect(notes).toHaveLength(1);
  });

  it('lists newest first, paged; deletes by author or admin only', async () => {
    const { candidate } = await seed();
    const params = of(candidate.id);
    const first = (await expectOk(interviewerClient, ops.addNote, { params, body: { body: 'first' } })).note;
    const second = (await expectOk(recruiterClient, ops.addNote, { params, body: { body: 'second' } })).note;
    const list = await expectStatus(interviewerClient, ops.notes, 200, { params, query: { per_page: 1 } });
    expect(list.notes.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(list.notes.data[0]?.body).toBe('second');
    const noteOf = (note: string) => ({ ...params, note });
    const notYours = await expectStatus(interviewerClient, ops.removeNote, 403, { params: noteOf(second.id) });
    expect(notYours.message).toBe(CANDIDATE_TEXTS.noteNotYours);
    await expectStatus(interviewerClient, ops.removeNote, 204, { params: noteOf(first.id) });
    await expectStatus(ownerClient, ops.removeNote, 204, { params: noteOf(second.id) });
    await expectStatus(ownerClient, ops.removeNote, 404, { params: noteOf(second.id) });
    await expectStatus(ownerClient, ops.removeNote, 404, { params: noteOf('nope') });
    expect((await activitiesOf(candidate.id)).filter((a) => a.type === 'note.deleted')).toHaveLength(2);
  });

  it('shows the timeline newest first, paged', async () => {
    const { candidate } = await seed();
    const params = of(candidate.id);
    await expectOk(ownerClient, ops.update, { params, body: { location: 'Lisbon' } });
    await expectOk(ownerClient, ops.addNote, { params, body: { body: 'n' } });
    const res = await expectStatus(interviewerClient, ops.activities, 200, { params });
    expect(res.activities.data.map((a) => a.type)).toEqual(['note.added', 'candidate.updated']);
    expect(res.activities.data[1]).toMatchObject({ actor: { id: owner.id, name: 'Olivia Owner' }, candidate: { id: candidate.id } });
    await expectStatus(strangerClient, ops.activities, 404, { params });
  });
});

describe('files', () => {
  const send = (client: Client, candidateId: string, bytes: Buffer, filename: string, type = 'application/pdf') =>
    upload(client, `/api/v1/${base(`/${candidateId}/files`)}`, 'file', { bytes, filename, type });

  it('stores a PDF, DOC and DOCX by their bytes and serves them as downloads', async () => {
    const { candidate } = await seed();
    const pdf = await send(recruiterClient, candidate.id, documents.pdf(), 'CV of Carla.pdf');
    expect(pdf.status, pdf.text).toBe(201);
    expect(pdf.json.file).toMatchObject({
      kind: 'resume',
      filename: 'CV of Carla.pdf',
      content_type: 'application/pdf',
      uploaded_by: { id: recruiter.id },
    });
    const doc = await send(recruiterClient, candidate.id, documents.doc(), 'letter.bin', 'application/octet-stream');
    expect(doc.json.file).toMatchObject({ content_type: 'application/msword', filename: 'letter.doc' });
    const docx = await send(recruiterClient, candidate.id, documents.zipWith('[Content_Types].xml', 'word/document.xml'), 'cv.docx');
    expect(docx.json.file.content_type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const [stored] = await db().select().from(storedFiles).where(eq(storedFiles.filename, 'CV of Carla.pdf'));
    expect(stored!.key).toBe(`candidates/${org.id}/${candidate.id}/${pdf.json.file.id}.pdf`);

    const got = await download(interviewerClient, pdf.json.file.url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(documents.pdf())).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="CV_of_Carla.pdf"/);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    const inline = await download(interviewerClient, `${pdf.json.file.url}?inline=1`);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    const docInline = await download(interviewerClient, `${doc.json.file.url}?inline=1`);
    expect(docInline.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(docInline.headers.get('content-type')).toBe('application/msword');
    expect((await activitiesOf(candidate.id)).filter((a) => a.type === 'file.uploaded')).toHaveLength(3);
  });

  it('refuses other types whatever their name, an empty upload, a bad kind and 10 MB + 1 byte', async () => {
    const { candidate } = await seed();
    const html = await send(ownerClient, candidate.id, Buffer.from('<html><script>alert(1)</script></html>'), 'resume.pdf');
    expect(html.status).toBe(422);
    expect(html.json.errors).toEqual({ file: [CANDIDATE_TEXTS.documentType] });
    const xlsx = await send(ownerClient, candidate.id, documents.zipWith('[Content_Types].xml', 'xl/workbook.xml'), 'cv.docx');
    expect(xlsx.json.errors).toEqual({ file: [CANDIDATE_TEXTS.documentType] });
    const png = await send(ownerClient, candidate.id, Buffer.from('89504e470d0a1a0a0000', 'hex'), 'cv.pdf');
    expect(png.status).toBe(422);
    const empty = await send(ownerClient, candidate.id, Buffer.alloc(0), 'cv.pdf');
    expect(empty.json.errors).toEqual({ file: [CANDIDATE_TEXTS.documentMissing] });
    const big = Buffer.concat([documents.pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - documents.pdf().length, 0x20)]);
    const tooBig = await send(ownerClient, candidate.id, big, 'big.pdf');
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe(CANDIDATE_TEXTS.documentTooLarge);
    const exact = await send(ownerClient, candidate.id, big.subarray(0, MAX_DOCUMENT_BYTES), 'exact.pdf');
    expect(exact.status).toBe(201);
    const form = new FormData();
    form.append('kind', 'tax_return');
    form.append('file', new Blob([new Uint8Array(documents.pdf())]), 'cv.pdf');
    const badKind = await rawUpload(ownerClient, `/api/v1/${base(`/${candidate.id}/files`)}`, form);
    expect(badKind.status).toBe(422);
    expect(Object.keys(badKind.json.errors)).toEqual(['kind']);
    expect((await ownerClient.post(base(`/${candidate.id}/files`), { file: 'x' })).status).toBe(422);
    const rows = await db().select().from(candidateFiles).where(eq(candidateFiles.candidateId, candidate.id));
    expect(rows).toHaveLength(1);
  });

  it('takes a cover letter; interviewers may not upload; another organisation’s file or candidate is 404', async () => {
    const { candidate } = await seed();
    const form = new FormData();
    form.append('kind', 'cover_letter');
    form.append('file', new Blob([new Uint8Array(documents.pdf())]), 'letter.pdf');
    const res = await rawUpload(ownerClient, `/api/v1/${base(`/${candidate.id}/files`)}`, form);
    expect(res.status, res.text).toBe(201);
    expect(res.json.file.kind).toBe('cover_letter');
    expect((await send(interviewerClient, candidate.id, documents.pdf(), 'x.pdf')).status).toBe(403);
    const { candidate: other } = await seed();
    // The file exists, but not under this candidate.
    expect((await download(ownerClient, `/api/v1/${base(`/${other.id}/files/${res.json.file.id}`)}`)).status).toBe(404);
    expect((await download(strangerClient, res.json.file.url)).status).toBe(404);
    expect((await download(ownerClient, `/api/v1/${base(`/${candidate.id}/files/nope`)}`)).status).toBe(404);
    expect((await send(ownerClient, '00000000-0000-4000-8000-000000000000', documents.pdf(), 'x.pdf')).status).toBe(404);
  });

  it('deletes a file: rows and bytes go, the timeline says so', async () => {
    const { candidate } = await seed();
    const up = await send(ownerClient, candidate.id, documents.pdf(), 'gone.pdf');
    const [stored] = await db().select().from(storedFiles).where(eq(storedFiles.filename, 'gone.pdf'));
    const params = { ...of(candidate.id), file: up.json.file.id as string };
    expect((await callOperation(interviewerClient, ops.removeFile, { params })).status).toBe(403);
    await expectStatus(ownerClient, ops.removeFile, 204, { params });
    expect(await db().select().from(storedFiles).where(eq(storedFiles.id, stored!.id))).toEqual([]);
    expect((await download(ownerClient, up.json.file.url)).status).toBe(404);
    expect((await activitiesOf(candidate.id)).map((a) => a.type)).toContain('file.deleted');
  });
});

describe('GDPR: export and erase', () => {
  it('exports the person’s data as a JSON attachment; interviewers may not', async () => {
    const { candidate } = await seed({ name: 'Erin Export', email: 'erin@example.test', phone: '+1 555' }, [open1.id]);
    await expectOk(ownerClient, ops.addNote, { params: of(candidate.id), body: { body: 'Strong on SQL.' } });
    await upload(ownerClient, `/api/v1/${base(`/${candidate.id}/files`)}`, 'file', {
      bytes: documents.pdf(),
      filename: 'erin.pdf',
      type: 'application/pdf',
    });
    expect((await callOperation(interviewerClient, ops.export, { params: of(candidate.id) })).status).toBe(403);
    const res = await callOperation(recruiterClient, ops.export, { params: of(candidate.id) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="candidate-${candidate.id}.json"`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({
      candidate: { id: candidate.id, name: 'Erin Export', email: 'erin@example.test', phone: '+1 555' },
      applications: [{ recruitment: 'Backend engineer', status: 'Applied', rejected_at: null, tags: [], source: 'sourced' }],
      notes: [{ author: 'Olivia Owner', body: 'Strong on SQL.' }],
      files: [{ filename: 'erin.pdf', kind: 'resume', content_type: 'application/pdf' }],
    });
    expect('activities' in res.json && res.json.activities.map((a) => a.type)).toEqual(
      expect.arrayContaining(['note.added', 'file.uploaded']),
    );
    expect((await activitiesOf(candidate.id)).map((a) => a.type)).toContain('candidate.exported');
    await expectStatus(recruiterClient, ops.export, 404, { params: of('00000000-0000-4000-8000-000000000000') });
  });

  it('erases: anonymises the row, removes notes and files, keeps applications, scrubs the timeline, audits', async () => {
    const {
      candidate,
      applications: [app],
    } = await seed(
      {
        name: 'Edgar Erase',
        email: 'edgar@example.test',
        phone: '+1',
        location: 'Oslo',
        links: ['https://edgar.example'],
        consentNote: 'said yes',
      },
      [open1.id],
    );
    await expectOk(ownerClient, ops.addNote, {
      params: of(candidate.id),
      body: { body: `Edgar Erase was great, @[Rick](${recruiter.id})` },
    });
    const mentionsOf = async () =>
      (await db().select().from(notifications).where(eq(notifications.userId, recruiter.id))).filter(
        (n) => (n.data as { candidate_id?: string }).candidate_id === candidate.id,
      );
    expect(await mentionsOf()).toHaveLength(1);
    const url = `/recruitment/${open1.id}/candidates?application=${app!.id}`;
    const [kept] = await db()
      .insert(notifications)
      .values([
        {
          userId: recruiter.id,
          organisationId: org.id,
          type: 'new_application',
          data: { title: 'New candidate', body: 'Edgar Erase', url },
        },
        {
          userId: recruiter.id,
          organisationId: org.id,
          type: 'new_application',
          data: { title: 'New candidate', body: 'Someone', url: `${url}0` },
        },
      ])
      .returning()
      .then((rows) => rows.slice(1));
    const up = await upload(ownerClient, `/api/v1/${base(`/${candidate.id}/files`)}`, 'file', {
      bytes: documents.pdf(),
      filename: 'edgar.pdf',
      type: 'application/pdf',
    });
    await db()
      .insert(activities)
      .values({
        organisationId: org.id,
        candidateId: candidate.id,
        actorName: 'x',
        type: 'application.moved',
        data: { candidate_name: 'Edgar Erase', from: 'Applied', to: 'Screen', text: 'moved Edgar Erase' },
      });
    const [stored] = await db().select().from(storedFiles).where(eq(storedFiles.filename, 'edgar.pdf'));

    expect((await callOperation(interviewerClient, ops.erase, { params: of(candidate.id) })).status).toBe(403);
    expect((await callOperation(recruiterClient, ops.erase, { params: of(candidate.id) })).status).toBe(403);
    await expectStatus(ownerClient, ops.erase, 204, { params: of(candidate.id) });

    const [row] = await db().select().from(candidates).where(eq(candidates.id, candidate.id));
    expect(row).toMatchObject({ name: 'Erased candidate', email: null, phone: null, location: null, links: [], consentNote: null });
    expect(row!.erasedAt).toBeInstanceOf(Date);
    expect(await db().select().from(candidateNotes).where(eq(candidateNotes.candidateId, candidate.id))).toEqual([]);
    expect(await mentionsOf()).toEqual([]);
    const left = await db().select().from(notifications).where(eq(notifications.userId, recruiter.id));
    expect(JSON.stringify(left)).not.toContain('Edgar');
    expect(left.map((n) => n.id)).toContain(kept!.id);
    expect(await db().select().from(candidateFiles).where(eq(candidateFiles.candidateId, candidate.id))).toEqual([]);
    expect(await db().select().from(storedFiles).where(eq(storedFiles.id, stored!.id))).toEqual([]);
    expect((await download(ownerClient, up.json.file.url)).status).toBe(404);
    expect(await db().select().from(applications).where(eq(applications.id, app!.id))).toHaveLength(1);
    const timeline = await activitiesOf(candidate.id);
    expect(JSON.stringify(timeline.map((a) => a.data))).not.toContain('Edgar');
    expect(JSON.stringify(timeline.map((a) => a.data))).not.toContain('edgar');
    expect(timeline.find((a) => a.type === 'application.moved')!.data).toEqual({ from: 'Applied', to: 'Screen', text: 'moved [erased]' });
    expect(timeline.map((a) => a.type)).toContain('candidate.erased');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'candidate.erased'), eq(auditLog.targetId, candidate.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorName: 'Olivia Owner',
      targetType: 'candidate',
      after: { applications_kept: 1, files_removed: 1 },
    });

    // Erased: no further changes.
    for (const r of [
      await callOperation(ownerClient, ops.update, { params: of(candidate.id), body: { name: 'Back' } }),
      await callOperation(ownerClient, ops.addNote, { params: of(candidate.id), body: { body: 'more' } }),
      await upload(ownerClient, `/api/v1/${base(`/${candidate.id}/files`)}`, 'file', {
        bytes: documents.pdf(),
        filename: 'x.pdf',
        type: 'application/pdf',
      }),
      await callOperation(ownerClient, ops.erase, { params: of(candidate.id) }),
    ]) {
      expect(r.status).toBe(422);
      expect((r.json as { message?: string }).message).toBe(CANDIDATE_TEXTS.erased);
    }
    const shown = await expectOk(ownerClient, ops.get, { params: of(candidate.id) });
    expect(shown.candidate).toMatchObject({ name: 'Erased candidate', email: null });
    expect(shown.candidate.erased_at).toBeTruthy();
  });
});

describe('merge', () => {
  it('moves applications, notes, files and timeline to the target, fills its empty fields and deletes the source', async () => {
    const target = await seed({ name: 'Tina Target', email: 'tina@example.test', phone: null }, [open1.id]);
    const source = await seed({ name: 'Tina T.', email: 'tina.t@example.test', phone: '+49 1', location: 'Berlin' }, [open1.id, open2.id]);
    const { note } = await expectOk(ownerClient, ops.addNote, {
      params: of(source.candidate.id),
      body: { body: 'about open1', application_id: source.applications[0]!.id },
    });
    await upload(ownerClient, `/api/v1/${base(`/${source.candidate.id}/files`)}`, 'file', {
      bytes: documents.pdf(),
      filename: 'tina.pdf',
      type: 'application/pdf',
    });

    const merge = { params: of(target.candidate.id), body: { source_id: source.candidate.id } };
    expect((await callOperation(interviewerClient, ops.merge, merge)).status).toBe(403);
    const res = await expectStatus(recruiterClient, ops.merge, 200, merge);
    expect(res.candidate).toMatchObject({
      id: target.candidate.id,
      name: 'Tina Target',
      email: 'tina@example.test',
      phone: '+49 1',
      location: 'Berlin',
    });

    expect(await db().select().from(candidates).where(eq(candidates.id, source.candidate.id))).toEqual([]);
    const apps = await db().select().from(applications).where(eq(applications.candidateId, target.candidate.id));
    // One per recruitment: the target's in open1 is kept, the source's in open2 moved.
    expect(apps.map((a) => a.recruitmentId).sort()).toEqual([open1.id, open2.id].sort());
    expect(apps.find((a) => a.recruitmentId === open1.id)!.id).toBe(target.applications[0]!.id);
    const [movedNote] = await db().select().from(candidateNotes).where(eq(candidateNotes.id, note.id));
    expect(movedNote).toMatchObject({ candidateId: target.candidate.id, applicationId: target.applications[0]!.id });
    expect(await db().select().from(candidateFiles).where(eq(candidateFiles.candidateId, target.candidate.id))).toHaveLength(1);
    const timeline = await activitiesOf(target.candidate.id);
    expect(timeline.map((a) => a.type)).toEqual(expect.arrayContaining(['note.added', 'file.uploaded', 'candidate.merged']));
    // The note's timeline entry was about the source's dropped application: it is about the kept one now.
    expect(timeline.find((a) => a.type === 'note.added')).toMatchObject({ applicationId: target.applications[0]!.id });
  });

  it('refuses itself, an unknown or foreign source, and erased ones', async () => {
    const { candidate } = await seed();
    const merge = (into: string, source_id: string) => ({ params: of(into), body: { source_id } });
    const self = await expectStatus(ownerClient, ops.merge, 422, merge(candidate.id, candidate.id));
    expect(self.errors).toEqual({ source_id: [CANDIDATE_TEXTS.mergeSelf] });
    const foreign = await seedCandidate(t, otherOrg.id, applied());
    const f = await expectStatus(ownerClient, ops.merge, 422, merge(candidate.id, foreign.candidate.id));
    expect(f.errors).toEqual({ source_id: [CANDIDATE_TEXTS.notFound] });
    await expectStatus(ownerClient, ops.merge, 422, merge(candidate.id, 'nope'));
    const { candidate: erased } = await seed({ name: 'Erased candidate', email: null, erasedAt: new Date() });
    expect((await expectStatus(ownerClient, ops.merge, 422, merge(candidate.id, erased.id))).message).toBe(CANDIDATE_TEXTS.erased);
    expect((await expectStatus(ownerClient, ops.merge, 422, merge(erased.id, candidate.id))).message).toBe(CANDIDATE_TEXTS.erased);
    await expectStatus(ownerClient, ops.merge, 404, merge(foreign.candidate.id, candidate.id));
    expect(await db().select().from(candidates).where(eq(candidates.id, foreign.candidate.id))).toHaveLength(1);
  });
});

async function rawUpload(client: Client, path: string, form: FormData) {
  const xsrf = client.cookie('XSRF-TOKEN');
  const res = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      cookie: `hireloop_session=${client.cookie('hireloop_session')}; XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf ?? ''),
    },
    body: form,
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  return { status: res.status, text, json: (text ? JSON.parse(text) : undefined) as any };
}
