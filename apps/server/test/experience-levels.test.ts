import { experienceLevelOperations as ops, type experienceLevelsQuery } from '@hireloop/contract/operations/experience-levels';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectOk } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** A fresh organisation (no levels yet) and its signed-in owner. */
async function ownerOfNewOrganisation(levels: string[] = []) {
  const owner = await createUser(t, { name: 'Olivia Owner' });
  const org = await createOrganisation(t, owner);
  const client = await signIn(t, owner);
  for (const name of levels) expect((await client.post(`organisation/${org.id}/experience-level`, { name })).status).toBe(201);
  return { org, client, path: `organisation/${org.id}/experience-level` };
}

/** The organisation's levels through the list operation (`path` is `organisation/{id}/experience-level`), parsed with its schema. */
async function listed(client: Client, path: string, query: z.input<typeof experienceLevelsQuery> = { per_page: 100 }) {
  const organisationId = /^organisation\/([^/]+)\//.exec(path)?.[1] ?? '';
  return (await expectOk(client, ops.list, { params: { organisationId }, query })).levels;
}

const names = async (client: Client, path: string) => (await listed(client, path)).data.map((l) => l.name);

function auditOf(organisationId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.organisationId, organisationId)).orderBy(asc(auditLog.createdAt));
}

describe('experience levels of a new organisation', () => {
  it('starts with Junior, Mid-level, Senior and Lead, in that order', async () => {
    const client = await signIn(t, await createUser(t));
    const created = await client.post('organisations', { name: 'Fresh Start Ltd' });
    expect(created.status).toBe(201);
    const list = await listed(client, `organisation/${created.json.organisation.id}/experience-level`);
    expect(list.data.map(({ name, position }) => ({ name, position }))).toEqual([
      { name: 'Junior', position: 1 },
      { name: 'Mid-level', position: 2 },
      { name: 'Senior', position: 3 },
      { name: 'Lead', position: 4 },
    ]);
  });
});

describe('GET organisation/{id}/experience-level', () => {
  it('lists the levels by position with page meta, and filter[name] searches case-insensitively', async () => {
    const { client, path } = await ownerOfNewOrganisation(['Graduate', 'Senior', 'Senior Staff', 'Principal']);
    const all = await listed(client, path);
    expect(all.data.map((l) => [l.position, l.name])).toEqual([
      [1, 'Graduate'],
      [2, 'Senior'],
      [3, 'Senior Staff'],
      [4, 'Principal'],
    ]);
    expect(all.meta).toEqual({ page: 1, per_page: 100, total: 4, last_page: 1 });
    const found = await listed(client, path, { filter: { name: 'SENIOR' } });
    expect(found.data.map((l) => l.name)).toEqual(['Senior', 'Senior Staff']);
    expect(found.meta.total).toBe(2);
    expect((await listed(client, path, { filter: { name: '%' } })).data).toEqual([]);
    const paged = await listed(client, path, { per_page: 3, page: 2 });
    expect(paged.data.map((l) => l.name)).toEqual(['Principal']);
    expect(paged.meta).toEqual({ page: 2, per_page: 3, total: 4, last_page: 2 });
  });

  it('lets every member read the levels, but only owners and admins change them', async () => {
    const { org, path } = await ownerOfNewOrganisation(['Junior']);
    const interviewer = await createUser(t);
    await addMember(t, org.id, interviewer.id, 'interviewer');
    const client = await signIn(t, interviewer);
    expect((await client.get(path)).status).toBe(200);
    const res = await client.post(path, { name: 'Senior' });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
  });
});

describe('POST organisation/{id}/experience-level', () => {
  it('appends the level at the end and records it in the audit log', async () => {
    const { org, client, path } = await ownerOfNewOrganisation(['Junior', 'Senior']);
    const res = await client.post(path, { name: '  Staff  ' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ level: { id: expect.any(String), name: 'Staff', position: 3 } });
    expect(await names(client, path)).toEqual(['Junior', 'Senior', 'Staff']);
    const entry = (await auditOf(org.id)).at(-1);
    expect(entry).toMatchObject({
      action: 'experience_level.created',
      actorName: 'Olivia Owner',
      targetType: 'experience_level',
      targetId: res.json.level.id,
      before: null,
      after: { id: res.json.level.id, name: 'Staff', position: 3 },
    });
  });

  it('refuses a name the organisation already uses, ignoring case (409 with the field message), and adds nothing', async () => {
    const { client, path } = await ownerOfNewOrganisation(['Senior']);
    const res = await client.post(path, { name: 'sENIOR' });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      message: 'An experience level with this name already exists.',
      code: 'conflict',
      errors: { name: ['An experience level with this name already exists.'] },
    });
    expect(await names(client, path)).toEqual(['Senior']);
  });

  it('keeps positions 1…n and names unique when creates race', async () => {
    const { client, path } = await ownerOfNewOrganisation();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => client.post(path, { name: i % 2 ? 'Twin' : `Level ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const list = await listed(client, path);
    expect(list.data.map((l) => l.position)).toEqual([1, 2, 3, 4, 5]);
    expect(list.data.filter((l) => l.name === 'Twin')).toHaveLength(1);
  });

  it('allows the same name in another organisation', async () => {
    const a = await ownerOfNewOrganisation(['Senior']);
    const b = await ownerOfNewOrganisation();
    expect((await b.client.post(b.path, { name: 'Senior' })).status).toBe(201);
    expect(await names(a.client, a.path)).toEqual(['Senior']);
  });

  it('answers 422 with field messages for a blank, too long or missing name', async () => {
    const { client, path } = await ownerOfNewOrganisation();
    const blank = await client.post(path, { name: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.json.errors).toEqual({ name: ['Enter a name.'] });
    const long = await client.post(path, { name: 'x'.repeat(61) });
    expect(long.json.errors).toEqual({ name: ['The name may not be longer than 60 characters.'] });
    expect((await client.post(path, {})).status).toBe(422);
    expect(await names(client, path)).toEqual([]);
  });
});

describe('PATCH organisation/{id}/experience-level/{level}', () => {
  it('renames the level, keeps its place and records before → after', async () => {
    const { org, client, path } = await ownerOfNewOrganisation(['Junior', 'Mid', 'Senior']);
    const mid = (await listed(client, path)).data[1]!;
    const res = await client.patch(`${path}/${mid.id}`, { name: 'Mid-level' });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ level: { id: mid.id, name: 'Mid-level', position: 2 } });
    expect(await names(client, path)).toEqual(['Junior', 'Mid-level', 'Senior']);
    expect((await auditOf(org.id)).at(-1)).toMatchObject({
      action: 'experience_level.renamed',
      targetId: mid.id,
      before: { name: 'Mid' },
      after: { name: 'Mid-level' },
    });
  });

  it("may change only the case of its own name, but not take another level's name (409)", async () => {
    const { client, path } = await ownerOfNewOrganisation(['Junior', 'Senior']);
    const [junior] = (await listed(client, path)).data;
    expect((await client.patch(`${path}/${junior!.id}`, { name: 'JUNIOR' })).json.level.name).toBe('JUNIOR');
    const taken = await client.patch(`${path}/${junior!.id}`, { name: 'senior' });
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual({ name: ['An experience level with this name already exists.'] });
    expect(await names(client, path)).toEqual(['JUNIOR', 'Senior']);
  });

  it("answers 404 for an unknown, malformed or another organisation's level", async () => {
    const a = await ownerOfNewOrganisation(['Junior']);
    const b = await ownerOfNewOrganisation(['Senior']);
    const theirs = (await listed(b.client, b.path)).data[0]!;
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await a.client.patch(`${a.path}/${id}`, { name: 'Taken over' });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('No such experience level.');
    }
    expect(await names(b.client, b.path)).toEqual(['Senior']);
  });
});

describe('DELETE organisation/{id}/experience-level/{level}', () => {
  it('deletes the level, closes up the positions and records it', async () => {
    const { org, client, path } = await ownerOfNewOrganisation(['A', 'B', 'C', 'D']);
    const b = (await listed(client, path)).data[1]!;
    const res = await client.delete(`${path}/${b.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await listed(client, path)).data.map((l) => [l.position, l.name])).toEqual([
      [1, 'A'],
      [2, 'C'],
      [3, 'D'],
    ]);
    expect((await auditOf(org.id)).at(-1)).toMatchObject({
      action: 'experience_level.deleted',
      targetId: b.id,
      before: { name: 'B', position: 2 },
    });
    expect((await client.delete(`${path}/${b.id}`)).status).toBe(404);
  });

  it("cannot delete another organisation's level (404)", async () => {
    const a = await ownerOfNewOrganisation();
    const b = await ownerOfNewOrganisation(['Senior']);
    const theirs = (await listed(b.client, b.path)).data[0]!;
    expect((await a.client.delete(`${a.path}/${theirs.id}`)).status).toBe(404);
    expect(await names(b.client, b.path)).toEqual(['Senior']);
  });
});

describe('PATCH organisation/{id}/experience-level/reorder ({ original, new }, 1-based)', () => {
  const order = async (levels: string[], move: { original: number; new: number }) => {
    const { org, client, path } = await ownerOfNewOrganisation(levels);
    const res = await client.patch(`${path}/reorder`, move);
    return { org, client, path, res };
  };

  it('moves an item down: the ones in between move up', async () => {
    const { res, client, path } = await order(['A', 'B', 'C', 'D'], { original: 1, new: 3 });
    expect(res.status).toBe(200);
    expect(res.json.levels.data.map((l: { name: string; position: number }) => [l.position, l.name])).toEqual([
      [1, 'B'],
      [2, 'C'],
      [3, 'A'],
      [4, 'D'],
    ]);
    expect(await names(client, path)).toEqual(['B', 'C', 'A', 'D']);
  });

  it('moves an item up: the ones in between move down, and records the move', async () => {
    const { res, org, client, path } = await order(['A', 'B', 'C', 'D'], { original: 4, new: 2 });
    expect(res.status).toBe(200);
    expect(await names(client, path)).toEqual(['A', 'D', 'B', 'C']);
    expect((await listed(client, path)).data.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    expect((await auditOf(org.id)).at(-1)).toMatchObject({
      action: 'experience_level.moved',
      before: { name: 'D', position: 4 },
      after: { name: 'D', position: 2 },
    });
  });

  it('moves to either end', async () => {
    const first = await order(['A', 'B', 'C'], { original: 3, new: 1 });
    expect(await names(first.client, first.path)).toEqual(['C', 'A', 'B']);
    const last = await order(['A', 'B', 'C'], { original: 1, new: 3 });
    expect(await names(last.client, last.path)).toEqual(['B', 'C', 'A']);
  });

  it('leaves the order as it is for the same position, and logs nothing', async () => {
    const { res, org, client, path } = await order(['A', 'B', 'C'], { original: 2, new: 2 });
    expect(res.status).toBe(200);
    expect(await names(client, path)).toEqual(['A', 'B', 'C']);
    expect((await auditOf(org.id)).filter((e) => e.action === 'experience_level.moved')).toEqual([]);
  });

  it('answers 422 with field messages for positions out of range, and changes nothing', async () => {
    const { res, client, path } = await order(['A', 'B', 'C'], { original: 4, new: 9 });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message: 'The given data was invalid.',
      code: 'validation_failed',
      errors: {
        original: ['There is nothing at position 4. Positions run from 1 to 3.'],
        new: ['Position 9 is past the end of the list. Positions run from 1 to 3.'],
      },
    });
    const zero = await client.patch(`${path}/reorder`, { original: 0, new: 1 });
    expect(zero.status).toBe(422);
    expect(zero.json.errors).toEqual({ original: ['The original position must be 1 or more.'] });
    const fractional = await client.patch(`${path}/reorder`, { original: 1.5, new: 'two' });
    expect(fractional.status).toBe(422);
    expect(Object.keys(fractional.json.errors).sort()).toEqual(['new', 'original']);
    expect(await names(client, path)).toEqual(['A', 'B', 'C']);
  });

  it('answers 422 when there is nothing to reorder', async () => {
    const { res } = await order([], { original: 1, new: 1 });
    expect(res.status).toBe(422);
    expect(res.json.errors.original).toEqual(['There are no experience levels to reorder.']);
  });
});

describe('GET experience-level (docs/product.md §7, unscoped)', () => {
  it("answers the current organisation's levels, filterable, and follows a switch", async () => {
    const owner = await createUser(t);
    const a = await createOrganisation(t, owner);
    const b = await createOrganisation(t, owner);
    const client = await signIn(t, owner);
    await client.post(`organisation/${a.id}/experience-level`, { name: 'Apprentice' });
    await client.post(`organisation/${b.id}/experience-level`, { name: 'Bard' });
    expect((await client.put('auth/current-organisation', { organisation_id: a.id })).status).toBe(200);
    expect((await client.get('experience-level')).json.levels.data.map((l: { name: string }) => l.name)).toEqual(['Apprentice']);
    expect((await client.put('auth/current-organisation', { organisation_id: b.id })).status).toBe(200);
    const filtered = await client.get('experience-level?filter[name]=ba');
    expect(filtered.json.levels.data.map((l: { name: string }) => l.name)).toEqual(['Bard']);
  });

  it('answers 404 "No business set" without a current organisation, and 401 signed out', async () => {
    const client = await signIn(t, await createUser(t));
    const res = await client.get('experience-level');
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('No business set');
    const { Client } = await import('./harness.ts');
    expect((await new Client(t.baseUrl).get('experience-level')).status).toBe(401);
  });
});
