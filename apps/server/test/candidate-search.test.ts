import { candidateOperations as ops } from '@hireloop/contract/operations/candidates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSearch } from '../src/db/candidate-search.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { recruitmentStatuses } from '../src/db/schema/recruitment-settings.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

/**
 * The candidate search (docs/decisions/012-candidate-search.md) through the API: the organisation's
 * people (GET /candidates?filter[search]=) and a recruitment's table (GET …/applications?filter[search]=).
 */
let t: TestApp;
let org: { id: string };
let otherOrg: { id: string };
let emptyOrg: { id: string };
let client: Client;
let otherClient: Client;
let emptyClient: Client;
let backend: string;
let frontend: string;
let otherRecruitment: string;

async function newRecruitment(organisationId: string, name: string) {
  const db = t.database.db;
  await db
    .insert(recruitmentStatuses)
    .values({ organisationId, name: 'Applied', category: 'in_progress', position: 1 })
    .onConflictDoNothing();
  const [role] = await db.insert(jobRoles).values({ organisationId, name: 'Engineer', status: 'open' }).returning();
  const [row] = await db.insert(recruitments).values({ organisationId, roleId: role!.id, name, status: 'open' }).returning();
  return row!.id;
}

/** Adds a new person to the recruitment through the API. */
async function add(c: Client, organisationId: string, recruitmentId: string, name: string, email: string) {
  const res = await c.post(`organisation/${organisationId}/recruitments/${recruitmentId}/applications`, { candidate: { name, email } });
  expect(res.status, res.text).toBe(201);
}

type Paging = { page?: number; per_page?: number };
async function people(c: Client, organisationId: string, term: string, paging: Paging = {}) {
  return (await expectOk(c, ops.list, { params: { organisationId }, query: { ...paging, filter: { search: term } } })).candidates;
}
type Page = Awaited<ReturnType<typeof people>>;
const names = (page: Page) => page.data.map((p) => p.name);
const search = (term: string, paging: Paging = {}) => people(client, org.id, term, paging);

async function inRecruitment(recruitmentId: string, term: string) {
  const res = await client.get(
    `organisation/${org.id}/recruitments/${recruitmentId}/applications?sort=name&filter[state]=all&filter[search]=${encodeURIComponent(term)}`,
  );
  expect(res.status, res.text).toBe(200);
  return (res.json.applications.data as { candidate: { name: string } }[]).map((a) => a.candidate.name);
}

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t, { name: 'Olga Owner' });
  org = await createOrganisation(t, owner);
  client = await signIn(t, owner);
  const otherOwner = await createUser(t, { name: 'Oscar Other' });
  otherOrg = await createOrganisation(t, otherOwner);
  otherClient = await signIn(t, otherOwner);
  const emptyOwner = await createUser(t, { name: 'Nina New' });
  emptyOrg = await createOrganisation(t, emptyOwner);
  emptyClient = await signIn(t, emptyOwner);

  backend = await newRecruitment(org.id, 'Backend engineer');
  frontend = await newRecruitment(org.id, 'Frontend engineer');
  otherRecruitment = await newRecruitment(otherOrg.id, 'Elsewhere');
  for (const [name, email] of [
    ['José Álvarez', 'jose.alvarez@correo.example'],
    ['Renée Dubois', 'renee@mail.example'],
    ['Ann', 'ann@mail.example'],
    ['Anna Lindqvist', 'anna.l@mail.example'],
    ['Lisa Annerstedt', 'lisa@mail.example'],
    ['Mark Taylor', 'annabel.t@mail.example'],
    ['Hanna Berg', 'hb@mail.example'],
    ['John Smith', 'jsmith@mail.example'],
    ['Johnny Appleseed', 'apple@seed.example'],
  ] as const)
    await add(client, org.id, backend, name, email);
  await add(client, org.id, frontend, 'Frida Front', 'frida@front.example');
  // Another organisation has people by the same names.
  await add(otherClient, otherOrg.id, otherRecruitment, 'Anna Lindqvist', 'anna.l@mail.example');
  await add(otherClient, otherOrg.id, otherRecruitment, 'John Smith', 'john@elsewhere.example');
});
afterAll(async () => t.close());

describe('candidate search: the organisation’s people', () => {
  it('answers the same rows from the plans made once (0022) as from the plans made with the term’s values (0017), for every kind of term', async () => {
    let n = 0;
    const rowsOf = async (fn: 'candidate_search_matches' | 'candidate_search_matches_planned', term: string) => {
      const s = candidateSearch(term)!;
      const name = fn === 'candidate_search_matches' ? s.prefix : s.name;
      const statement = t.database.db
        .select({ id: sql<string>`m.id`, rank: sql<number>`m.rank` })
        .from(sql`${sql.identifier(fn)}(${sql.placeholder('organisationId')}::uuid, ${s.query}, ${name}, ${s.email}::text, 1001) m`)
        .prepare(`search_plans_test_${n++}`);
      return (await statement.execute({ ...s.values, organisationId: org.id })).map((r) => `${r.rank}:${r.id}`).sort();
    };
    const terms = [
      'ann',
      'ANNA',
      'an',
      'lind',
      'josé',
      'jose alvarez',
      'renee',
      'correo',
      'seed.example',
      'jsmith@mail.example',
      'example',
      'mail',
      'Mark Tay',
      'zzz',
      'a_n',
      'an%',
      "o'brien",
    ];
    for (const term of terms) {
      const planned = await rowsOf('candidate_search_matches_planned', term);
      expect(planned, term).toEqual(await rowsOf('candidate_search_matches', term));
    }
    expect((await rowsOf('candidate_search_matches_planned', 'ann')).length).toBeGreaterThan(0);
  });

  it('ignores accents and case, both ways', async () => {
    for (const term of ['jose', 'JOSE', 'José', 'álvarez', 'ALVAREZ', 'jose alv'])
      expect(names(await search(term)), term).toEqual(['José Álvarez']);
    expect(names(await search('renee'))).toEqual(['Renée Dubois']);
    expect(names(await search('RENÉE'))).toEqual(['Renée Dubois']);
  });

  it('finds words by their beginning, best matches first: the name itself, names that begin with it, a word of the name, then the e-mail', async () => {
    const ann = await search('ann');
    expect(names(ann)).toEqual(['Ann', 'Anna Lindqvist', 'Lisa Annerstedt', 'Mark Taylor']);
    expect(ann.meta.total).toBe(4);
    expect(names(await search('lind'))).toEqual(['Anna Lindqvist']);
    // Paged in the same order.
    expect(names(await search('ann', { per_page: 2, page: 2 }))).toEqual(['Lisa Annerstedt', 'Mark Taylor']);
  });

  it('finds e-mail addresses by a word of them, a domain, or the whole address (that person first)', async () => {
    expect(names(await search('correo'))).toEqual(['José Álvarez']);
    expect(names(await search('seed.example'))).toEqual(['Johnny Appleseed']);
    expect(names(await search('JSMITH@mail.example'))).toEqual(['John Smith']);
    const exact = await search('annabel.t@mail.example');
    expect(exact.data[0]).toMatchObject({ name: 'Mark Taylor', email: 'annabel.t@mail.example' });
    // The words of an address in their order: "mail.example" is not "example … mail".
    expect((await search('example.mail')).meta.total).toBe(0);
    // A word every address has finds every person, counted.
    expect((await search('example')).meta.total).toBe(10);
  });

  it('tolerates typos when nothing matches by words, most alike first; a short term is not guessed at', async () => {
    const jonh = names(await search('jonh'));
    expect(jonh[0]).toBe('John Smith');
    expect(jonh).not.toContain('Anna Lindqvist');
    expect(names(await search('Lindqvsit'))).toEqual(['Anna Lindqvist']);
    expect((await search('jhn')).meta.total).toBe(0);
    expect((await search('zzzzqqq')).meta.total).toBe(0);
  });

  it('never finds another organisation’s people; a new organisation finds no one', async () => {
    const mine = await search('anna lindqvist');
    expect(mine.data.map((p) => p.email)).toEqual(['anna.l@mail.example']);
    expect(mine.meta.total).toBe(1);
    const theirs = await people(otherClient, otherOrg.id, 'john');
    expect(theirs.data.map((p) => p.email)).toEqual(['john@elsewhere.example']);
    expect((await people(otherClient, otherOrg.id, 'alvarez')).meta.total).toBe(0);
    expect((await people(otherClient, otherOrg.id, 'jonh')).data.map((p) => p.email)).toEqual(['john@elsewhere.example']);
    const theirEmails = ['anna.l@mail.example', 'john@elsewhere.example'];
    for (const term of ['jose', 'ann', 'example', 'mail', 'jsmith@mail.example', 'Lindqvsit']) {
      const found = await people(otherClient, otherOrg.id, term);
      for (const p of found.data) expect(theirEmails, term).toContain(p.email);
      expect(found.meta.total, term).toBe(found.data.length);
    }
    for (const term of ['ann', 'example', 'jonh', 'jsmith@mail.example']) {
      const none = await people(emptyClient, emptyOrg.id, term);
      expect(none, term).toMatchObject({ data: [], meta: { total: 0 } });
    }
    // Another organisation's list is not reachable with this organisation's session.
    expect(
      (await callOperation(client, ops.list, { params: { organisationId: otherOrg.id }, query: { filter: { search: 'john' } } })).status,
    ).toBe(404);
  });
});

describe('candidate search: a recruitment’s candidates', () => {
  it('finds by accents, prefix, e-mail and typo inside the recruitment only', async () => {
    expect(await inRecruitment(backend, 'JOSE')).toEqual(['José Álvarez']);
    expect(await inRecruitment(backend, 'ann')).toEqual(['Ann', 'Anna Lindqvist', 'Lisa Annerstedt', 'Mark Taylor']);
    expect(await inRecruitment(backend, 'correo')).toEqual(['José Álvarez']);
    expect(await inRecruitment(backend, 'jonh')).toContain('John Smith');
    expect(await inRecruitment(backend, 'frida')).toEqual([]);
    expect(await inRecruitment(frontend, 'frida')).toEqual(['Frida Front']);
    expect(await inRecruitment(frontend, 'jose')).toEqual([]);
  });
});

describe('candidate search: a total past the count’s cap', () => {
  let capOrg: { id: string };
  let capClient: Client;
  beforeAll(async () => {
    const owner = await createUser(t, { name: 'Carla Capped' });
    capOrg = await createOrganisation(t, owner);
    capClient = await signIn(t, owner);
    // 1,001 people whose names share a word; exactly 1,000 of them share an e-mail domain.
    await t.database.db.execute(sql`insert into candidates (organisation_id, name, email)
      select ${capOrg.id}::uuid, 'Capped ' || lpad(g::text, 4, '0'),
        'c' || g || case when g <= 1000 then '@thousand.example' else '@other.example' end
      from generate_series(1, 1001) g`);
  });

  it('counts to 1,000 and says the total is capped; exactly 1,000 is a count', async () => {
    const many = await people(capClient, capOrg.id, 'capped', { per_page: 100 });
    expect(many.data).toHaveLength(100);
    expect(many.meta).toMatchObject({ total: 1000, last_page: 10, total_capped: true });
    const last = await people(capClient, capOrg.id, 'capped', { per_page: 100, page: 10 });
    expect(last.data).toHaveLength(100);
    expect(names(last).at(-1)).toBe('Capped 1000');
    expect((await people(capClient, capOrg.id, 'capped', { per_page: 100, page: 11 })).data).toEqual([]);

    const thousand = await people(capClient, capOrg.id, 'thousand');
    expect(thousand.meta.total).toBe(1000);
    expect(thousand.meta).not.toHaveProperty('total_capped');
  });

  it('the list without a search counts everyone, in one answer with its page', async () => {
    const list = async (page: number) =>
      (await expectStatus(capClient, ops.list, 200, { params: { organisationId: capOrg.id }, query: { per_page: 100, page } })).candidates;
    const res = await list(11);
    expect(res.meta).toEqual({ page: 11, per_page: 100, total: 1001, last_page: 11 });
    expect(res.data.map((p) => p.name)).toEqual(['Capped 1001']);
    expect(await list(12)).toMatchObject({ data: [], meta: { total: 1001 } });
  });
});
