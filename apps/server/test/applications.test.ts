import { CANDIDATE_TEXTS, EXPORT_COLUMNS, type CandidateInput } from '@hireloop/contract/candidates';
import { applicationOperations as ops } from '@hireloop/contract/operations/applications';
import type { BodyInput, QueryInput } from '@hireloop/contract/operations/operation';
import { and, asc, eq, sql } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  applicationStageChanges,
  applications,
  candidateFiles,
  candidateNotes,
  candidates,
} from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { storedFiles } from '../src/db/schema/outbox.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from '../src/db/schema/recruitments.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
let org: { id: string };
let otherOrg: { id: string };
let owner: { id: string; name: string };
let teamMember: { id: string };
let client: Client;
let interviewer: Client;
let roleId: string;
/** The pipeline: Applied, Screening, Interview, Hired (category hired). */
let st: { applied: string; screening: string; interview: string; hired: string };
let foreignStatus: string;
let foreignRecruitment: string;

const db = () => t.database.db;
let serial = 0;
const email = (name = 'person') => `${name}-${++serial}@example.test`;

async function newRecruitment(name: string, attrs: { status?: string; organisationId?: string } = {}) {
  const organisationId = attrs.organisationId ?? org.id;
  const [role] =
    organisationId === org.id ? [{ id: roleId }] : await db().insert(jobRoles).values({ organisationId, name: 'Role' }).returning();
  const [row] = await db()
    .insert(recruitments)
    .values({ organisationId, roleId: role!.id, name, status: attrs.status ?? 'open' })
    .returning();
  return row!.id;
}

const rpath = (recruitmentId: string, rest = '') => `organisation/${org.id}/recruitments/${recruitmentId}${rest}`;
const apath = (applicationId: string, rest = '') => `organisation/${org.id}/applications/${applicationId}${rest}`;
/** The path params of the operations on a recruitment's applications and on one application. */
const inRecruitment = (recruitment: string) => ({ organisationId: org.id, recruitment });
const ofApplication = (application: string) => ({ organisationId: org.id, application });

/** Adds a new person to the recruitment through the API; returns the application. */
async function add(
  recruitmentId: string,
  name: string,
  extra: Omit<BodyInput<typeof ops.create>, 'candidate'> = {},
  candidate: Partial<CandidateInput> = {},
) {
  const body = { candidate: { name, email: email(name.split(' ')[0]), ...candidate }, ...extra };
  return (await expectStatus(client, ops.create, 201, { params: inRecruitment(recruitmentId), body })).application;
}

const move = (id: string, body: BodyInput<typeof ops.move>) => callOperation(client, ops.move, { params: ofApplication(id), body });
const detailOf = async (id: string) => (await expectOk(client, ops.get, { params: ofApplication(id) })).application;
const boardNames = async (recruitmentId: string) => {
  const { board } = await expectStatus(client, ops.board, 200, { params: inRecruitment(recruitmentId) });
  return Object.fromEntries(board.columns.map((c) => [c.status.name, c.cards.map((x) => x.name)]));
};
/** A page of the table; `query` as the address bar writes it (`?sort=name&filter[state]=all`). */
const list = async (recruitmentId: string, query: string) => {
  const parsed = qs.parse(query.replace(/^\?/, '')) as QueryInput<typeof ops.list>;
  return (await expectStatus(client, ops.list, 200, { params: inRecruitment(recruitmentId), query: parsed })).applications;
};
const names = (page: { data: { candidate: { name: string } }[] }) => page.data.map((a) => a.candidate.name);
const historyOf = (applicationId: string) =>
  db()
    .select()
    .from(applicationStageChanges)
    .where(eq(applicationStageChanges.applicationId, applicationId))
    .orderBy(asc(applicationStageChanges.movedAt), asc(applicationStageChanges.id));
const activitiesOf = (applicationId: string) =>
  // Entries of one transaction share its time: then by type, so the order is stable.
  db()
    .select()
    .from(activities)
    .where(eq(activities.applicationId, applicationId))
    .orderBy(asc(activities.createdAt), asc(activities.type));

beforeAll(async () => {
  t = await startTestApp();
  owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner);
  client = await signIn(t, owner);
  teamMember = await createUser(t, { name: 'Tess Team' });
  await addMember(t, org.id, teamMember.id, 'recruiter');
  const iv = await createUser(t, { name: 'Ivan Interviewer' });
  await addMember(t, org.id, iv.id, 'interviewer');
  interviewer = await signIn(t, iv);
  const statuses = await db()
    .insert(recruitmentStatuses)
    .values(
      [
        { name: 'Applied', category: 'in_progress' },
        { name: 'Screening', category: 'in_progress' },
        { name: 'Interview', category: 'in_progress' },
        { name: 'Hired', category: 'hired' },
      ].map((s, i) => ({ organisationId: org.id, ...s, position: i + 1 })),
    )
    .returning();
  st = { applied: statuses[0]!.id, screening: statuses[1]!.id, interview: statuses[2]!.id, hired: statuses[3]!.id };
  const [role] = await db().insert(jobRoles).values({ organisationId: org.id, name: 'Backend Engineer' }).returning();
  roleId = role!.id;
  const stranger = await createUser(t);
  otherOrg = await createOrganisation(t, stranger);
  const [fs] = await db().insert(recruitmentStatuses).values({ organisationId: otherOrg.id, name: 'Theirs', position: 1 }).returning();
  foreignStatus = fs!.id;
  foreignRecruitment = await newRecruitment('Their recruitment', { organisationId: otherOrg.id });
});
afterAll(async () => t.close());

describe('adding candidates', () => {
  let recruitment: string;
  beforeAll(async () => {
    recruitment = await newRecruitment('Backend Engineer (Lisbon)');
    await db().insert(recruitmentMembers).values({ recruitmentId: recruitment, userId: teamMember.id, role: 'recruiter' });
    await db().insert(recruitmentMembers).values({ recruitmentId: recruitment, userId: owner.id, role: 'hiring_manager' });
  });

  it('creates the person and the application in the first status, with consent, history, activity and a notification', async () => {
    const res = await expectStatus(client, ops.create, 201, {
      params: inRecruitment(recruitment),
      body: {
        candidate: {
          name: 'Ada Lovelace',
          email: ' Ada.Lovelace@Example.test ',
          consent_source: 'application_form',
          links: ['https://ada.example'],
        },
        source: 'referral',
        rating: 4,
        tags: ['math', 'math', 'poetry'],
      },
    });
    const a = res.application;
    expect(a).toMatchObject({
      candidate: {
        name: 'Ada Lovelace',
        email: 'ada.lovelace@example.test',
        source: 'referral',
        consent_source: 'application_form',
        links: ['https://ada.example'],
      },
      recruitment: { id: recruitment, name: 'Backend Engineer (Lisbon)', status: 'open' },
      status: { id: st.applied, name: 'Applied', category: 'in_progress' },
      source: 'referral',
      rating: 4,
      tags: ['math', 'poetry'],
      version: 1,
      rejected_at: null,
      hired_at: null,
      files: [],
      other_applications: [],
    });
    expect(a.candidate.consent_at).not.toBeNull();
    expect(a.history).toEqual([
      expect.objectContaining({ from: null, to: { id: st.applied, name: 'Applied' }, moved_by: { id: owner.id, name: 'Olivia Owner' } }),
    ]);
    const types = (await db().select().from(activities).where(eq(activities.candidateId, a.candidate.id))).map((r) => r.type).sort();
    expect(types).toEqual(['application.created', 'candidate.created']);
    const sent = await db().select().from(notifications).where(eq(notifications.type, 'new_application'));
    expect(sent.map((n) => n.userId)).toEqual([teamMember.id]); // the actor is not notified
    expect(sent[0]!.data).toMatchObject({ body: 'Ada Lovelace', url: `/recruitment/${recruitment}/candidates?application=${a.id}` });
  });

  it('records no consent without a consent source, and places a new card at the end of its column', async () => {
    const first = await add(recruitment, 'Bo Consentless', { status_id: st.screening });
    const second = await add(recruitment, 'Cy Second', { status_id: st.screening });
    expect((await detailOf(first.id)).candidate.consent_at).toBeNull();
    expect((await boardNames(recruitment)).Screening).toEqual(['Bo Consentless', 'Cy Second']);
    expect(second.status.id).toBe(st.screening);
  });

  it('answers 409 duplicate with the existing person when the e-mail exists (ignoring case), and creates nothing', async () => {
    const existing = await add(recruitment, 'Dee Dupe');
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(candidates)
        .where(eq(candidates.organisationId, org.id))
    )[0]!.n;
    const res = await expectStatus(client, ops.create, 409, {
      params: inRecruitment(recruitment),
      body: { candidate: { name: 'Another Dee', email: (existing.candidate.email ?? '').toUpperCase() } },
    });
    expect(res).toMatchObject({
      code: 'duplicate',
      message: CANDIDATE_TEXTS.duplicate,
      duplicate: { id: existing.candidate.id, name: 'Dee Dupe' },
    });
    const after = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(candidates)
        .where(eq(candidates.organisationId, org.id))
    )[0]!.n;
    expect(after).toBe(before);
  });

  it('adds an existing person to another recruitment, once', async () => {
    const existing = await add(recruitment, 'Eve Existing');
    const second = await newRecruitment('Data Engineer');
    const res = await expectStatus(client, ops.create, 201, {
      params: inRecruitment(second),
      body: { candidate_id: existing.candidate.id },
    });
    expect(res.application.other_applications).toEqual([
      expect.objectContaining({ id: existing.id, recruitment: { id: recruitment, name: 'Backend Engineer (Lisbon)' } }),
    ]);
    const types = (await db().select().from(activities).where(eq(activities.candidateId, existing.candidate.id))).map((r) => r.type);
    expect(types.filter((x) => x === 'candidate.created')).toHaveLength(1);
    const again = await expectStatus(client, ops.create, 409, {
      params: inRecruitment(second),
      body: { candidate_id: existing.candidate.id },
    });
    expect(again.message).toBe(CANDIDATE_TEXTS.alreadyInRecruitment);
  });

  it('refuses a person of another organisation or an erased one, a foreign status and a closed recruitment (422)', async () => {
    const [theirs] = await db().insert(candidates).values({ organisationId: otherOrg.id, name: 'Not ours', email: email() }).returning();
    const refused = (body: BodyInput<typeof ops.create>, recruitmentId = recruitment) =>
      expectStatus(client, ops.create, 422, { params: inRecruitment(recruitmentId), body });
    const foreign = await refused({ candidate_id: theirs!.id });
    expect(foreign.errors).toEqual({ candidate_id: [CANDIDATE_TEXTS.notFound] });
    const [erased] = await db().insert(candidates).values({ organisationId: org.id, name: 'Erased', erasedAt: new Date() }).returning();
    const gone = await refused({ candidate_id: erased!.id });
    expect(gone.errors).toEqual({ candidate_id: [CANDIDATE_TEXTS.erased] });
    const status = await refused({ candidate: { name: 'Fay', email: email() }, status_id: foreignStatus });
    expect(status.errors).toEqual({ status_id: [CANDIDATE_TEXTS.statusUnknown] });
    const closed = await newRecruitment('Closed one', { status: 'closed' });
    const res = await refused({ candidate: { name: 'Gus', email: email() } }, closed);
    expect(res.message).toBe(CANDIDATE_TEXTS.recruitmentClosed);
    await refused({ candidate: { name: 'X', email: email() }, candidate_id: erased!.id });
  });

  it('answers 404 for a recruitment of another organisation or a malformed id, reads included', async () => {
    for (const id of [foreignRecruitment, 'nope']) {
      await expectStatus(client, ops.create, 404, { params: inRecruitment(id), body: { candidate: { name: 'Hal', email: email() } } });
      await expectStatus(client, ops.list, 404, { params: inRecruitment(id) });
      await expectStatus(client, ops.board, 404, { params: inRecruitment(id) });
    }
    await expectStatus(client, ops.get, 404, { params: ofApplication('nope') });
    const [theirs] = await db().insert(candidates).values({ organisationId: otherOrg.id, name: 'Theirs', email: email() }).returning();
    const [app] = await db()
      .insert(applications)
      .values({ organisationId: otherOrg.id, candidateId: theirs!.id, recruitmentId: foreignRecruitment, statusId: foreignStatus })
      .returning();
    const res = await expectStatus(client, ops.get, 404, { params: ofApplication(app!.id) });
    expect(res.message).toBe(CANDIDATE_TEXTS.applicationNotFound);
    expect((await move(app!.id, { status_id: st.screening })).status).toBe(404);
  });
});

describe('the table', () => {
  let recruitment: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    recruitment = await newRecruitment('Table');
    const people: [string, Omit<BodyInput<typeof ops.create>, 'candidate'>, string?][] = [
      ['Alice Archer', { rating: 5, tags: ['go', 'remote'], source: 'referral', status_id: st.applied }],
      ['Bob Baker', { rating: 2, tags: ['go'], source: 'job_board', status_id: st.screening }],
      ['Carol Cole', { rating: 4, tags: ['rust'], source: 'referral', status_id: st.interview }, 'carol@cole.example'],
      ['Dan Drake', { tags: [], source: 'agency', status_id: st.hired }],
      ['Erin 100% Eve', { rating: 3, tags: ['remote'], source: 'sourced', status_id: st.applied }],
    ];
    for (const [name, extra, mail] of people) {
      ids[name.split(' ')[0]!] = (await add(recruitment, name, extra, mail === undefined ? {} : { email: mail })).id;
    }
    const days = { Alice: '2026-03-01', Bob: '2026-03-05', Carol: '2026-03-10', Dan: '2026-03-15', Erin: '2026-03-20' };
    for (const [name, day] of Object.entries(days)) {
      await db()
        .update(applications)
        .set({ appliedAt: new Date(`${day}T12:00:00Z`) })
        .where(eq(applications.id, ids[name]!));
    }
    await expectStatus(client, ops.reject, 200, { params: ofApplication(ids.Bob!), body: { reason: 'Not qualified' } });
  });

  it('pages the active applications, newest first by default', async () => {
    const page1 = await list(recruitment, '?per_page=2');
    expect(names(page1)).toEqual(['Erin 100% Eve', 'Dan Drake']);
    expect(page1.meta).toMatchObject({ total: 4, page: 1, last_page: 2 });
    expect(names(await list(recruitment, '?per_page=2&page=2'))).toEqual(['Carol Cole', 'Alice Archer']);
    // Past the last page: no rows, and still the total.
    const past = await list(recruitment, '?per_page=2&page=3');
    expect(names(past)).toEqual([]);
    expect(past.meta).toMatchObject({ total: 4, page: 3 });
    const none = await list(recruitment, '?filter[search]=nobodyhere');
    expect(none.meta).toMatchObject({ total: 0, page: 1 });
  });

  it('sorts by each sort key', async () => {
    const all = '&filter[state]=all';
    expect(names(await list(recruitment, `?sort=applied_at${all}`))).toEqual([
      'Alice Archer',
      'Bob Baker',
      'Carol Cole',
      'Dan Drake',
      'Erin 100% Eve',
    ]);
    expect(names(await list(recruitment, `?sort=-applied_at${all}`))).toEqual([
      'Erin 100% Eve',
      'Dan Drake',
      'Carol Cole',
      'Bob Baker',
      'Alice Archer',
    ]);
    expect(names(await list(recruitment, `?sort=name${all}`))).toEqual([
      'Alice Archer',
      'Bob Baker',
      'Carol Cole',
      'Dan Drake',
      'Erin 100% Eve',
    ]);
    expect(names(await list(recruitment, `?sort=-name${all}`))).toEqual([
      'Erin 100% Eve',
      'Dan Drake',
      'Carol Cole',
      'Bob Baker',
      'Alice Archer',
    ]);
    // Unrated last either way.
    expect(names(await list(recruitment, `?sort=rating${all}`))).toEqual([
      'Bob Baker',
      'Erin 100% Eve',
      'Carol Cole',
      'Alice Archer',
      'Dan Drake',
    ]);
    expect(names(await list(recruitment, `?sort=-rating${all}`))).toEqual([
      'Alice Archer',
      'Carol Cole',
      'Erin 100% Eve',
      'Bob Baker',
      'Dan Drake',
    ]);
    // Pipeline position, then board order within a status.
    expect(names(await list(recruitment, `?sort=stage${all}`))).toEqual([
      'Alice Archer',
      'Erin 100% Eve',
      'Bob Baker',
      'Carol Cole',
      'Dan Drake',
    ]);
    expect(names(await list(recruitment, `?sort=-stage${all}`))).toEqual([
      'Dan Drake',
      'Carol Cole',
      'Bob Baker',
      'Alice Archer',
      'Erin 100% Eve',
    ]);
    await expectOk(client, ops.update, { params: ofApplication(ids.Carol!), body: { rating: 5 } });
    expect(names(await list(recruitment, `?sort=-updated_at${all}`))[0]).toBe('Carol Cole');
    expect(names(await list(recruitment, `?sort=updated_at${all}`)).at(-1)).toBe('Carol Cole');
  });

  it('filters by status (one or several), state, tag, source, minimum rating and applied dates', async () => {
    expect(names(await list(recruitment, `?sort=name&filter[status]=${st.applied}`))).toEqual(['Alice Archer', 'Erin 100% Eve']);
    expect(names(await list(recruitment, `?sort=name&filter[status]=${st.applied},${st.hired}`))).toEqual([
      'Alice Archer',
      'Dan Drake',
      'Erin 100% Eve',
    ]);
    expect(names(await list(recruitment, `?filter[state]=rejected`))).toEqual(['Bob Baker']);
    expect(names(await list(recruitment, `?filter[state]=hired`))).toEqual(['Dan Drake']);
    expect((await list(recruitment, `?filter[state]=all`)).meta.total).toBe(5);
    expect(names(await list(recruitment, `?sort=name&filter[tag]=remote`))).toEqual(['Alice Archer', 'Erin 100% Eve']);
    expect(names(await list(recruitment, `?sort=name&filter[tag]=go&filter[state]=all`))).toEqual(['Alice Archer', 'Bob Baker']);
    expect(names(await list(recruitment, `?sort=name&filter[source]=referral`))).toEqual(['Alice Archer', 'Carol Cole']);
    expect(names(await list(recruitment, `?sort=name&filter[rating]=4`))).toEqual(['Alice Archer', 'Carol Cole']);
    expect(names(await list(recruitment, `?sort=name&filter[applied_from]=2026-03-10`))).toEqual([
      'Carol Cole',
      'Dan Drake',
      'Erin 100% Eve',
    ]);
    expect(names(await list(recruitment, `?sort=name&filter[applied_to]=2026-03-10`))).toEqual(['Alice Archer', 'Carol Cole']);
    expect(
      names(await list(recruitment, `?sort=name&filter[applied_from]=2026-03-02&filter[applied_to]=2026-03-15&filter[state]=all`)),
    ).toEqual(['Bob Baker', 'Carol Cole', 'Dan Drake']);
    const combined = await list(recruitment, `?filter[status]=${st.applied}&filter[tag]=remote&filter[rating]=4`);
    expect(names(combined)).toEqual(['Alice Archer']);
    expect(combined.meta.total).toBe(1);
  });

  it('searches name and e-mail words case-insensitively; punctuation is no wildcard', async () => {
    expect(names(await list(recruitment, '?filter[search]=aRCh'))).toEqual(['Alice Archer']);
    expect(names(await list(recruitment, '?filter[search]=COLE.EXAMPLE'))).toEqual(['Carol Cole']);
    expect(names(await list(recruitment, `?filter[search]=${encodeURIComponent('100%')}`))).toEqual(['Erin 100% Eve']);
    // A term without letters or digits has no word to look for: it matches nothing.
    expect(names(await list(recruitment, `?filter[search]=${encodeURIComponent('%')}`))).toEqual([]);
    expect(names(await list(recruitment, `?filter[search]=${encodeURIComponent('_')}`))).toEqual([]);
    expect((await list(recruitment, '?filter[search]=baker')).meta.total).toBe(0); // rejected: not active
  });

  it('finds a candidate by a changed name or e-mail at once (the search copy follows the person)', async () => {
    const carol = (await list(recruitment, '?filter[search]=carol')).data[0]!;
    const renamed = await client.patch(`organisation/${org.id}/candidates/${carol.candidate.id}`, {
      name: 'Caroline Coleridge',
      email: 'caroline@new.example',
    });
    expect(renamed.status).toBe(200);
    expect(names(await list(recruitment, '?filter[search]=coleridge'))).toEqual(['Caroline Coleridge']);
    expect(names(await list(recruitment, '?filter[search]=NEW.EXAMPLE'))).toEqual(['Caroline Coleridge']);
    expect((await list(recruitment, '?filter[search]=cole.example')).meta.total).toBe(0);
    const back = await client.patch(`organisation/${org.id}/candidates/${carol.candidate.id}`, {
      name: 'Carol Cole',
      email: 'carol@cole.example',
    });
    expect(back.status).toBe(200);
    expect(names(await list(recruitment, '?filter[search]=COLE.EXAMPLE'))).toEqual(['Carol Cole']);
  });

  it('refuses malformed filters and sorts with 422 naming them', async () => {
    const res = await client.get(
      rpath(
        recruitment,
        '/applications?filter[status]=nope&filter[state]=gone&filter[source]=x&filter[rating]=9&filter[applied_from]=2026-02-30&filter[applied_to]=03/01/2026',
      ),
    );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      'filter.applied_from': ['Enter a date as YYYY-MM-DD.'],
      'filter.applied_to': ['Enter a date as YYYY-MM-DD.'],
      'filter.rating': ['Rate from 1 to 5 stars.'],
      'filter.source': ['Choose a source.'],
      'filter.state': ['Choose active, rejected, hired or all.'],
      'filter.status': [CANDIDATE_TEXTS.statusUnknown],
    });
    const sort = await client.get(rpath(recruitment, '/applications?sort=salary'));
    expect(sort.status).toBe(422);
    expect(sort.json.errors.sort).toBeDefined();
  });

  it('lets an interviewer read the table, the board and a detail', async () => {
    await expectStatus(interviewer, ops.list, 200, { params: inRecruitment(recruitment) });
    await expectStatus(interviewer, ops.board, 200, { params: inRecruitment(recruitment) });
    await expectStatus(interviewer, ops.get, 200, { params: ofApplication(ids.Alice!) });
  });
});

describe('the board and moves', () => {
  let recruitment: string;
  const cards: Record<string, string> = {};
  beforeAll(async () => {
    recruitment = await newRecruitment('Board');
    for (const name of ['A', 'B', 'C', 'D']) cards[name] = (await add(recruitment, name)).id;
  });

  it('shows every status in pipeline order with its cards in board order', async () => {
    const { board } = await expectOk(client, ops.board, { params: inRecruitment(recruitment) });
    expect(board.columns.map((c) => c.status.name)).toEqual(['Applied', 'Screening', 'Interview', 'Hired']);
    expect(board.columns[0]!.cards[0]).toMatchObject({ id: cards.A, name: 'A', version: 1, tags: [], source: 'sourced' });
    expect(await boardNames(recruitment)).toEqual({ Applied: ['A', 'B', 'C', 'D'], Screening: [], Interview: [], Hired: [] });
  });

  it('reorders within a column, places before a card of another column, and appends without before_id', async () => {
    expect((await move(cards.D!, { status_id: st.applied, before_id: cards.A })).status).toBe(200);
    expect((await boardNames(recruitment)).Applied).toEqual(['D', 'A', 'B', 'C']);
    await move(cards.A!, { status_id: st.applied, before_id: cards.C });
    expect((await boardNames(recruitment)).Applied).toEqual(['D', 'B', 'A', 'C']);
    await move(cards.B!, { status_id: st.screening });
    await move(cards.C!, { status_id: st.screening, before_id: cards.B });
    await move(cards.D!, { status_id: st.screening });
    expect(await boardNames(recruitment)).toMatchObject({ Applied: ['A'], Screening: ['C', 'B', 'D'] });
    await move(cards.D!, { status_id: st.screening, before_id: cards.B });
    expect((await boardNames(recruitment)).Screening).toEqual(['C', 'D', 'B']);
    // A reorder is no stage change.
    expect((await historyOf(cards.D!)).map((h) => h.toStatusId)).toEqual([st.applied, st.screening]);
  });

  it('keeps the order when the fractional gaps run out (the column is renumbered)', async () => {
    const r = await newRecruitment('Renumber');
    const first = await add(r, 'first');
    const last = await add(r, 'last');
    const order = ['first'];
    // Each new card goes right before `last`: the gap before it halves every time.
    for (let i = 0; i < 30; i++) {
      const c = await add(r, `n${i}`);
      expect((await move(c.id, { status_id: st.applied, before_id: last.id })).status).toBe(200);
      order.push(`n${i}`);
    }
    order.push('last');
    expect((await boardNames(r)).Applied).toEqual(order);
    const positions = await db()
      .select({ p: applications.boardPosition })
      .from(applications)
      .where(eq(applications.recruitmentId, r))
      .orderBy(asc(applications.boardPosition));
    const gaps = positions.slice(1).map((p, i) => p.p - positions[i]!.p);
    expect(Math.min(...gaps)).toBeGreaterThan(1e-7);
    expect(first.id).toBeDefined();
  });

  it('records a stage change and its activity, enters the stage, and sets hired_at only while hired', async () => {
    const a = await add(recruitment, 'Hannah Hire');
    const res = await move(a.id, { status_id: st.hired, version: 1 });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ conflict: false, application: { id: a.id, status: { id: st.hired, category: 'hired' }, version: 2 } });
    let detail = await detailOf(a.id);
    expect(detail.hired_at).not.toBeNull();
    expect(detail.history.map((h) => [h.from?.name ?? null, h.to?.name])).toEqual([
      [null, 'Applied'],
      ['Applied', 'Hired'],
    ]);
    const moved = (await activitiesOf(a.id)).find((x) => x.type === 'application.moved');
    expect(moved?.data).toMatchObject({ from: 'Applied', to: 'Hired' });
    expect(moved?.actorName).toBe('Olivia Owner');
    await move(a.id, { status_id: st.interview });
    detail = await detailOf(a.id);
    expect(detail.hired_at).toBeNull();
    expect(detail.status.name).toBe('Interview');
    expect(Date.parse(detail.stage_entered_at ?? '')).toBeGreaterThanOrEqual(Date.parse(detail.applied_at));
  });

  it('sets hired_at for a card that starts in a hired status', async () => {
    const a = await add(recruitment, 'Direct Hire', { status_id: st.hired });
    expect((await detailOf(a.id)).hired_at).not.toBeNull();
  });

  it('the same move twice (a double click, a retry): the same answer, one stage change, one activity', async () => {
    const r = await newRecruitment('Same move');
    const a = await add(r, 'Mo Twice');
    const b = await add(r, 'Bo Behind');
    const c = await add(r, 'Cy Column');
    await move(b.id, { status_id: st.screening });
    await move(c.id, { status_id: st.screening });
    // Into another column, between b and c; then the same request twice at once, and once more.
    const body = { status_id: st.screening, before_id: c.id, version: a.version };
    const first = await move(a.id, body);
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({ conflict: false, application: { status: { id: st.screening }, version: a.version + 1 } });
    const repeats = await Promise.all([move(a.id, body), move(a.id, body)]);
    for (const again of [...repeats, await move(a.id, body)]) {
      expect(again.status, again.text).toBe(200);
      expect(again.json).toEqual(first.json);
    }
    expect((await boardNames(r)).Screening).toEqual(['Bo Behind', 'Mo Twice', 'Cy Column']);
    expect((await historyOf(a.id)).map((h) => h.toStatusId)).toEqual([st.applied, st.screening]);
    expect((await activitiesOf(a.id)).filter((x) => x.type === 'application.moved')).toHaveLength(1);
    // The same end of a column, twice: the second changes nothing.
    const toEnd = await move(a.id, { status_id: st.screening });
    expect((await move(a.id, { status_id: st.screening })).json).toEqual(toEnd.json);
    // Another column is a different request: moved, and recorded.
    const other = await move(a.id, { status_id: st.interview, version: a.version });
    expect(other.json).toMatchObject({ conflict: true, application: { status: { id: st.interview } } });
    expect((await activitiesOf(a.id)).filter((x) => x.type === 'application.moved')).toHaveLength(2);
  });

  it('still moves with a stale version, answering conflict: true', async () => {
    const a = await add(recruitment, 'Stale Sam');
    await move(a.id, { status_id: st.screening, version: 1 });
    const res = await expectStatus(client, ops.move, 200, { params: ofApplication(a.id), body: { status_id: st.interview, version: 1 } });
    expect(res.conflict).toBe(true);
    expect(res.application).toMatchObject({ status: { id: st.interview }, version: 3 });
  });

  it.each([1, 2, 3, 4, 5])(
    'serialises two concurrent moves of one card (%i): both succeed, the last one wins, the history is a chain',
    async (n) => {
      const a = await add(recruitment, `Racy Rae ${n}`);
      // Both succeed (200, or expectStatus fails the test with the answer).
      const [one, two] = await Promise.all([
        expectStatus(client, ops.move, 200, { params: ofApplication(a.id), body: { status_id: st.screening, version: 1 } }),
        expectStatus(client, ops.move, 200, { params: ofApplication(a.id), body: { status_id: st.interview, version: 1 } }),
      ]);
      // Exactly one of them saw the version it expected.
      expect([one.conflict, two.conflict].sort()).toEqual([false, true]);
      const winner = one.conflict ? one : two;
      const final = await detailOf(a.id);
      expect(final.version).toBe(3);
      expect(final.status.id).toBe(winner.application.status.id);
      const history = await historyOf(a.id);
      expect(history).toHaveLength(3);
      for (let i = 1; i < history.length; i++) expect(history[i]!.fromStatusId).toBe(history[i - 1]!.toStatusId);
      expect(history.at(-1)!.toStatusId).toBe(final.status.id);
      const { board } = await expectOk(client, ops.board, { params: inRecruitment(recruitment) });
      const where = board.columns.filter((c) => c.cards.some((x) => x.id === a.id));
      expect(where).toHaveLength(1);
    },
  );

  it('refuses a status of another organisation, a rejected card and a closed recruitment (422), and an interviewer (403)', async () => {
    const a = await add(recruitment, 'Ivy Edge');
    const refusedMove = (id: string, body: BodyInput<typeof ops.move>) =>
      expectStatus(client, ops.move, 422, { params: ofApplication(id), body });
    const foreign = await refusedMove(a.id, { status_id: foreignStatus });
    expect(foreign.errors).toEqual({ status_id: [CANDIDATE_TEXTS.statusUnknown] });
    const forbidden = await callOperation(interviewer, ops.move, { params: ofApplication(a.id), body: { status_id: st.screening } });
    expect(forbidden.status).toBe(403);
    await expectOk(client, ops.reject, { params: ofApplication(a.id), body: { reason: 'Withdrew' } });
    const rejected = await refusedMove(a.id, { status_id: st.screening });
    expect(rejected.message).toBe(CANDIDATE_TEXTS.alreadyRejected);
    const closed = await newRecruitment('Closing');
    const c = await add(closed, 'Closed Carl');
    await db().update(recruitments).set({ status: 'closed' }).where(eq(recruitments.id, closed));
    const res = await refusedMove(c.id, { status_id: st.screening });
    expect(res.message).toBe(CANDIDATE_TEXTS.recruitmentClosed);
    await expectStatus(client, ops.get, 200, { params: ofApplication(c.id) }); // reads still work
    await expectStatus(client, ops.board, 200, { params: inRecruitment(closed) });
    for (const [path, body] of [
      ['', { rating: 3 }],
      ['/reject', { reason: 'No response' }],
    ] as const) {
      const r = path === '' ? await client.patch(apath(c.id), body) : await client.post(apath(c.id, path), body);
      expect(r.status).toBe(422);
    }
    expect((await client.post(rpath(closed, '/applications/bulk'), { action: 'tag', ids: [c.id], tags: ['x'] })).status).toBe(422);
  });
});

describe('rating, tags, reject, restore and transfer', () => {
  let recruitment: string;
  beforeAll(async () => {
    recruitment = await newRecruitment('Lifecycle');
  });

  it('rates, tags and changes the source with activities, bumping the version on every change', async () => {
    const a = await add(recruitment, 'Rita Rate');
    const update = (body: BodyInput<typeof ops.update>) => expectStatus(client, ops.update, 200, { params: ofApplication(a.id), body });
    const res = await update({ rating: 4, tags: ['go', 'go', 'remote'], source: 'agency' });
    expect(res.application).toMatchObject({ rating: 4, tags: ['go', 'remote'], source: 'agency', version: 2 });
    const same = await update({ rating: 4 });
    expect(same.application.version).toBe(2);
    const cleared = await update({ rating: null, tags: ['remote'] });
    expect(cleared.application).toMatchObject({ rating: null, tags: ['remote'], version: 3 });
    const acts = (await activitiesOf(a.id)).filter((x) => x.type !== 'application.created');
    expect(acts.map((x) => [x.type, x.data])).toEqual([
      ['application.rated', { rating: 4, previous: null }],
      ['application.tagged', { added: ['go', 'remote'], removed: [] }],
      ['application.rated', { rating: null, previous: 4 }],
      ['application.tagged', { added: [], removed: ['go'] }],
    ]);
    const bad = await expectStatus(client, ops.update, 422, { params: ofApplication(a.id), body: { rating: 6 } });
    expect(bad.errors?.rating).toEqual(['Rate from 1 to 5 stars.']);
  });

  it('rejects with a reason and a note, refuses a second rejection, restores to the end of its column', async () => {
    const a = await add(recruitment, 'Rex Reject');
    const b = await add(recruitment, 'Bea Behind');
    const res = await expectStatus(client, ops.reject, 200, {
      params: ofApplication(a.id),
      body: { reason: 'Salary expectations', note: 'Asked for twice the budget.' },
    });
    expect(res.application).toMatchObject({
      rejection_reason: 'Salary expectations',
      rejected_by: { id: owner.id, name: 'Olivia Owner' },
      version: 2,
    });
    expect(res.application.rejected_at).not.toBeNull();
    const [note] = await db().select().from(candidateNotes).where(eq(candidateNotes.applicationId, a.id));
    expect(note).toMatchObject({ body: 'Asked for twice the budget.', authorId: owner.id, candidateId: a.candidate.id });
    expect((await boardNames(recruitment)).Applied).not.toContain('Rex Reject');
    const again = await expectStatus(client, ops.reject, 422, { params: ofApplication(a.id), body: { reason: 'Withdrew' } });
    expect(again.message).toBe(CANDIDATE_TEXTS.alreadyRejected);
    await expectStatus(client, ops.reject, 422, { params: ofApplication(a.id), body: { reason: ' ' } });
    const restored = await expectStatus(client, ops.restore, 200, { params: ofApplication(a.id) });
    expect(restored.application).toMatchObject({ rejected_at: null, rejection_reason: null, rejected_by: null, version: 3 });
    const applied = (await boardNames(recruitment)).Applied!;
    expect(applied.indexOf('Rex Reject')).toBeGreaterThan(applied.indexOf('Bea Behind'));
    expect(b.id).toBeDefined();
    const notRejected = await expectStatus(client, ops.restore, 422, { params: ofApplication(a.id) });
    expect(notRejected.message).toBe(CANDIDATE_TEXTS.notRejected);
    expect((await activitiesOf(a.id)).map((x) => x.type)).toEqual(['application.created', 'application.rejected', 'application.restored']);
  });

  it('the same rejection twice (a double click, a retry): the same answer, one note, one activity', async () => {
    const a = await add(recruitment, 'Rae Twice');
    const body = { reason: 'Position filled', note: 'Keep in mind for the next opening.' };
    const [first, second] = await Promise.all([client.post(apath(a.id, '/reject'), body), client.post(apath(a.id, '/reject'), body)]);
    expect([first.status, second.status], second.text).toEqual([200, 200]);
    expect(second.json).toEqual(first.json);
    const third = await client.post(apath(a.id, '/reject'), body);
    expect(third.status, third.text).toBe(200);
    expect(third.json).toEqual(first.json);
    expect(first.json.application).toMatchObject({ rejection_reason: 'Position filled', version: 2 });
    expect(await db().select().from(candidateNotes).where(eq(candidateNotes.applicationId, a.id))).toHaveLength(1);
    expect((await activitiesOf(a.id)).map((x) => x.type)).toEqual(['application.created', 'application.rejected']);
    // Without the note it is the same rejection too; another reason, or another note, is a different one: refused.
    expect((await client.post(apath(a.id, '/reject'), { reason: 'Position filled' })).json).toEqual(first.json);
    for (const other of [{ reason: 'Withdrew' }, { reason: 'Position filled', note: 'Something else.' }]) {
      const res = await client.post(apath(a.id, '/reject'), other);
      expect(res.status).toBe(422);
      expect(res.json.message).toBe(CANDIDATE_TEXTS.alreadyRejected);
    }
  });

  it('transfers to another open recruitment into the first status, keeping the history', async () => {
    const a = await add(recruitment, 'Tom Transfer');
    await move(a.id, { status_id: st.interview });
    const target = await newRecruitment('Frontend Engineer');
    const transfer = (id: string, recruitmentId: string) =>
      callOperation(client, ops.transfer, { params: ofApplication(id), body: { recruitment_id: recruitmentId } });
    const res = await expectStatus(client, ops.transfer, 200, { params: ofApplication(a.id), body: { recruitment_id: target } });
    expect(res.application).toMatchObject({
      recruitment_id: target,
      recruitment: { id: target, name: 'Frontend Engineer' },
      status: { id: st.applied },
    });
    expect(res.application.history.map((h) => h.to?.name)).toEqual(['Applied', 'Interview', 'Applied']);
    expect((await boardNames(target)).Applied).toEqual(['Tom Transfer']);
    const transferred = (await activitiesOf(a.id)).find((x) => x.type === 'application.transferred');
    expect(transferred).toMatchObject({ recruitmentId: target, data: { from: 'Lifecycle', to: 'Frontend Engineer' } });
    // Back, where the person now is not: fine; to a recruitment the person is already in: 409.
    const other = await add(recruitment, 'Olga Other');
    await expectStatus(client, ops.create, 201, { params: inRecruitment(target), body: { candidate_id: other.candidate.id } });
    const dup = await expectStatus(client, ops.transfer, 409, { params: ofApplication(other.id), body: { recruitment_id: target } });
    expect(dup.message).toBe(CANDIDATE_TEXTS.alreadyInRecruitment);
    const closed = await newRecruitment('Shut', { status: 'closed' });
    expect((await transfer(other.id, closed)).status).toBe(422);
    const foreign = await expectStatus(client, ops.transfer, 422, {
      params: ofApplication(other.id),
      body: { recruitment_id: foreignRecruitment },
    });
    expect(foreign.errors).toEqual({ recruitment_id: [CANDIDATE_TEXTS.recruitmentUnknown] });
    expect((await transfer(other.id, recruitment)).status).toBe(422);
  });

  it('shows the candidate’s files with their download address', async () => {
    const a = await add(recruitment, 'Fiona File');
    const [stored] = await db()
      .insert(storedFiles)
      .values({
        organisationId: org.id,
        key: `candidates/${a.candidate.id}/cv.pdf`,
        filename: 'cv.pdf',
        contentType: 'application/pdf',
        size: 1234,
      })
      .returning();
    const [file] = await db()
      .insert(candidateFiles)
      .values({ organisationId: org.id, candidateId: a.candidate.id, storedFileId: stored!.id, kind: 'resume', uploadedById: owner.id })
      .returning();
    expect((await detailOf(a.id)).files).toEqual([
      {
        id: file!.id,
        kind: 'resume',
        filename: 'cv.pdf',
        content_type: 'application/pdf',
        size: 1234,
        uploaded_by: { id: owner.id, name: 'Olivia Owner' },
        created_at: expect.any(String),
        url: `/api/v1/organisation/${org.id}/candidates/${a.candidate.id}/files/${file!.id}`,
      },
    ]);
  });
});

describe('bulk actions', () => {
  let recruitment: string;
  const ids: string[] = [];
  beforeAll(async () => {
    recruitment = await newRecruitment('Bulk');
    for (const name of ['P1', 'P2', 'P3', 'P4']) ids.push((await add(recruitment, name, { tags: name === 'P1' ? ['keep'] : [] })).id);
  });
  const bulk = (body: Record<string, unknown>) => client.post(rpath(recruitment, '/applications/bulk'), body);

  it('changes nothing when one id is not an application of the recruitment', async () => {
    const elsewhere = await add(await newRecruitment('Elsewhere'), 'Zed');
    const before = await db().select().from(applications).where(eq(applications.recruitmentId, recruitment)).orderBy(asc(applications.id));
    for (const action of [
      { action: 'move', status_id: st.interview },
      { action: 'reject', reason: 'Position filled' },
      { action: 'tag', tags: ['x'] },
    ]) {
      const res = await bulk({ ...action, ids: [...ids, elsewhere.id, '00000000-0000-4000-8000-000000000000'] });
      expect(res.status).toBe(422);
      expect(res.json.errors.ids[0]).toMatch(/^2 of the 6 selected applications are not in this recruitment/);
    }
    const after = await db().select().from(applications).where(eq(applications.recruitmentId, recruitment)).orderBy(asc(applications.id));
    expect(after).toEqual(before);
    const foreign = await expectStatus(client, ops.bulk, 422, {
      params: inRecruitment(recruitment),
      body: { action: 'move', ids, status_id: foreignStatus },
    });
    expect(foreign.errors).toEqual({ status_id: [CANDIDATE_TEXTS.statusUnknown] });
  });

  it('moves the selection to the end of the target column in their board order, with history and activities', async () => {
    await move(ids[2]!, { status_id: st.screening });
    const res = await expectStatus(client, ops.bulk, 200, {
      params: inRecruitment(recruitment),
      body: { action: 'move', ids: [ids[1]!, ids[0]!, ids[2]!], status_id: st.screening },
    });
    expect(res).toEqual({ bulk: { updated: 2 } }); // P3 is there already
    expect(await boardNames(recruitment)).toMatchObject({ Applied: ['P4'], Screening: ['P3', 'P1', 'P2'] });
    for (const id of [ids[0]!, ids[1]!]) {
      expect((await historyOf(id)).map((h) => h.toStatusId)).toEqual([st.applied, st.screening]);
      expect((await activitiesOf(id)).map((x) => x.type)).toContain('application.moved');
    }
    const hired = await bulk({ action: 'move', ids: [ids[0]], status_id: st.hired });
    expect(hired.json.bulk.updated).toBe(1);
    const [row] = await db().select().from(applications).where(eq(applications.id, ids[0]!));
    expect(row!.hiredAt).not.toBeNull();
    expect(row!.version).toBe(3);
  });

  it('tags and untags in one go, each tag once', async () => {
    const tagged = await bulk({ action: 'tag', ids, tags: ['keep', 'hot'] });
    expect(tagged.json.bulk.updated).toBe(4);
    const rows = await db()
      .select({ id: applications.id, tags: applications.tags })
      .from(applications)
      .where(eq(applications.recruitmentId, recruitment));
    const tagsOf = (id: string) => rows.find((r) => r.id === id)!.tags;
    expect(tagsOf(ids[0]!)).toEqual(['keep', 'hot']);
    expect(tagsOf(ids[1]!)).toEqual(['keep', 'hot']);
    const again = await bulk({ action: 'tag', ids, tags: ['hot'] });
    expect(again.json.bulk.updated).toBe(0);
    const untagged = await bulk({ action: 'untag', ids: [ids[0], ids[1]], tags: ['keep', 'absent'] });
    expect(untagged.json.bulk.updated).toBe(2);
    const [p1] = await db().select().from(applications).where(eq(applications.id, ids[0]!));
    expect(p1!.tags).toEqual(['hot']);
    const entries = (await activitiesOf(ids[0]!)).filter((x) => x.type === 'application.tagged');
    expect(entries.map((e) => e.data)).toEqual([
      { added: ['hot'], removed: [] },
      { added: [], removed: ['keep'] },
    ]);
  });

  it('rejects the selection with a reason (the already rejected ones stay as they were)', async () => {
    await expectOk(client, ops.reject, { params: ofApplication(ids[3]!), body: { reason: 'Withdrew' } });
    const res = await bulk({ action: 'reject', ids: [ids[1], ids[3]], reason: 'Position filled' });
    expect(res.json.bulk.updated).toBe(1);
    const rows = await db()
      .select()
      .from(applications)
      .where(and(eq(applications.recruitmentId, recruitment)));
    expect(rows.find((r) => r.id === ids[1])!.rejectionReason).toBe('Position filled');
    expect(rows.find((r) => r.id === ids[3])!.rejectionReason).toBe('Withdrew');
    expect((await boardNames(recruitment)).Screening).toEqual(['P3']);
  });

  it('refuses an interviewer (403)', async () => {
    const res = await callOperation(interviewer, ops.bulk, {
      params: inRecruitment(recruitment),
      body: { action: 'tag', ids, tags: ['x'] },
    });
    expect(res.status).toBe(403);
  });
});

describe('CSV export', () => {
  let recruitment: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    recruitment = await newRecruitment('Café Ñandú / Berlin');
    ids = {};
    ids.formula = (
      await add(
        recruitment,
        '=HYPERLINK("http://evil.example","click")',
        { rating: 3, tags: ['+danger', 'ok'], source: 'referral' },
        { location: '@SUM(A1)', email: email('formula') },
      )
    ).id;
    ids.plain = (await add(recruitment, 'Paula Plain', { tags: ['ok'] }, { phone: '-1 555 0100', location: 'Porto, Portugal' })).id;
    ids.rejected = (await add(recruitment, 'Rhea Rejected')).id;
    await expectOk(client, ops.reject, { params: ofApplication(ids.rejected), body: { reason: 'Not qualified' } });
  });
  const exportOf = (query = '') => client.get(rpath(recruitment, `/applications/export${query}`), { headers: { accept: 'text/csv' } });
  const linesOf = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('sends a UTF-8 CSV attachment with a BOM, the columns and neutralised formula cells', async () => {
    const res = await exportOf('?sort=name');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Cafe_Nandu_Berlin-candidates.csv"');
    // fetch's text() drops a BOM: read the bytes.
    const raw = await fetch(`${t.baseUrl}/api/v1/${rpath(recruitment, '/applications/export')}`, {
      headers: { cookie: `hireloop_session=${client.cookie('hireloop_session')}` },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 'N'.charCodeAt(0)]);
    const lines = linesOf(res.text);
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(3); // active ones by default
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")",${await emailOf(ids.formula!)},,'@SUM(A1),Applied,3,Referral,"'+danger, ok",${today()},,`,
    );
    expect(lines[2]).toBe(`Paula Plain,${await emailOf(ids.plain!)},'-1 555 0100,"Porto, Portugal",Applied,,Sourced,ok,${today()},,`);
  });

  it('applies the list filters, or exports a selection', async () => {
    const rejected = linesOf((await exportOf('?filter[state]=rejected')).text);
    expect(rejected).toHaveLength(2);
    expect(rejected[1]).toContain('Rhea Rejected');
    expect(rejected[1]).toContain('Not qualified');
    expect(linesOf((await exportOf('?filter[search]=paula')).text)).toHaveLength(2);
    expect(linesOf((await exportOf('?filter[tag]=ok')).text)).toHaveLength(3);
    const selection = linesOf((await exportOf(`?ids=${ids.plain},${ids.rejected}&sort=name`)).text);
    expect(selection.slice(1).map((l) => l.split(',')[0])).toEqual(['Paula Plain', 'Rhea Rejected']);
    const refused = await expectStatus(client, ops.export, 422, { params: inRecruitment(recruitment), query: { ids: 'nope' } });
    expect(refused.errors).toEqual({ ids: ['Choose the applications to export.'] });
    const badDay = await expectStatus(client, ops.export, 422, {
      params: inRecruitment(recruitment),
      query: { filter: { applied_from: 'yesterday' } },
    });
    expect(badDay.errors).toEqual({ 'filter.applied_from': ['Enter a date as YYYY-MM-DD.'] });
  });

  it('is refused to an interviewer (403) and 404 for another organisation’s recruitment', async () => {
    const res = await callOperation(interviewer, ops.export, { params: inRecruitment(recruitment) });
    expect(res.status).toBe(403);
    await expectStatus(client, ops.export, 404, { params: inRecruitment(foreignRecruitment) });
  });
});

const today = () => new Date().toISOString().slice(0, 10);
async function emailOf(applicationId: string) {
  const [row] = await db()
    .select({ email: candidates.email })
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .where(eq(applications.id, applicationId));
  return row!.email;
}
