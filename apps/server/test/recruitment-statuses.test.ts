import { recruitmentStatusOperations as ops, type recruitmentStatusesQuery } from '@hireloop/contract/operations/recruitment-statuses';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECRUITMENT_STATUS_IN_USE } from '@hireloop/contract/recruitment-statuses';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { applications, candidates } from '../src/db/schema/candidates.ts';
import { jobRoles } from '../src/db/schema/job-roles.ts';
import { recruitments } from '../src/db/schema/recruitments.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type Client, type TestApp } from './harness.ts';
import { expectOk } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Status = { id: string; name: string; colour: string; category: string; position: number };
type NewStatus = { name: string; colour?: string; category?: string };

/** A fresh organisation (no statuses yet) and its signed-in owner. */
async function ownerOfNewOrganisation(statuses: NewStatus[] = []) {
  const owner = await createUser(t, { name: 'Olivia Owner' });
  const org = await createOrganisation(t, owner);
  const client = await signIn(t, owner);
  const path = `organisation/${org.id}/recruitment-status`;
  for (const s of statuses) expect((await client.post(path, s)).status).toBe(201);
  return { org, client, path };
}

/** Three stages, one of each category. */
const minimalPipeline: NewStatus[] = [
  { name: 'Applied', category: 'in_progress' },
  { name: 'Hired', category: 'hired' },
  { name: 'Rejected', category: 'rejected' },
];

/** The organisation's stages through the list operation (`path` is `organisation/{id}/recruitment-status`), parsed with its schema. */
async function listed(client: Client, path: string, query: z.input<typeof recruitmentStatusesQuery> = { per_page: 100 }) {
  const organisationId = /^organisation\/([^/]+)\//.exec(path)?.[1] ?? '';
  return (await expectOk(client, ops.list, { params: { organisationId }, query })).statuses;
}

const names = async (client: Client, path: string) => (await listed(client, path)).data.map((s) => s.name);
const byName = async (client: Client, path: string, name: string) => (await listed(client, path)).data.find((s) => s.name === name)!;

function auditOf(organisationId: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.organisationId, organisationId)).orderBy(asc(auditLog.createdAt));
}

describe('the pipeline of a new organisation', () => {
  it('starts with Applied, Screening, Interview, Offer (in progress), Hired and Rejected', async () => {
    const client = await signIn(t, await createUser(t));
    const created = await client.post('organisations', { name: 'Pipeline Partners' });
    expect(created.status).toBe(201);
    const list = await listed(client, `organisation/${created.json.organisation.id}/recruitment-status`);
    expect(list.data.map(({ name, category, position }) => ({ name, category, position }))).toEqual([
      { name: 'Applied', category: 'in_progress', position: 1 },
      { name: 'Screening', category: 'in_progress', position: 2 },
      { name: 'Interview', category: 'in_progress', position: 3 },
      { name: 'Offer', category: 'in_progress', position: 4 },
      { name: 'Hired', category: 'hired', position: 5 },
      { name: 'Rejected', category: 'rejected', position: 6 },
    ]);
    for (const s of list.data) expect(s.colour).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('GET organisation/{id}/recruitment-status', () => {
  it('lists the stages by position; filter[name] searches case-insensitively', async () => {
    const { client, path } = await ownerOfNewOrganisation([
      { name: 'Applied' },
      { name: 'Phone screen' },
      { name: 'On-site interview' },
      { name: 'Hired', category: 'hired' },
    ]);
    const all = await listed(client, path);
    expect(all.data.map((s) => [s.position, s.name])).toEqual([
      [1, 'Applied'],
      [2, 'Phone screen'],
      [3, 'On-site interview'],
      [4, 'Hired'],
    ]);
    expect(all.meta).toEqual({ page: 1, per_page: 100, total: 4, last_page: 1 });
    const found = await listed(client, path, { filter: { name: 'E I' } });
    expect(found.data.map((s) => s.name)).toEqual(['On-site interview']);
  });

  it('lets every member read the stages, but only owners and admins change them', async () => {
    const { org, path } = await ownerOfNewOrganisation(minimalPipeline);
    const recruiter = await createUser(t);
    await addMember(t, org.id, recruiter.id, 'recruiter');
    const client = await signIn(t, recruiter);
    expect((await client.get(path)).status).toBe(200);
    expect((await client.post(path, { name: 'Sourced' })).status).toBe(403);
  });
});

describe('POST organisation/{id}/recruitment-status', () => {
  it('appends the stage with the given colour (lower-cased) and category, and records it', async () => {
    const { org, client, path } = await ownerOfNewOrganisation(minimalPipeline);
    const res = await client.post(path, { name: 'Reference check', colour: '#AABBCC', category: 'in_progress' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      status: { id: expect.any(String), name: 'Reference check', colour: '#aabbcc', category: 'in_progress', position: 4 },
    });
    expect((await auditOf(org.id)).at(-1)).toMatchObject({
      action: 'recruitment_status.created',
      actorName: 'Olivia Owner',
      targetId: res.json.status.id,
      after: { name: 'Reference check', colour: '#aabbcc', category: 'in_progress', position: 4 },
    });
  });

  it('defaults the colour to #228be6 and the category to in progress', async () => {
    const { client, path } = await ownerOfNewOrganisation();
    const res = await client.post(path, { name: 'Sourced' });
    expect(res.json.status).toMatchObject({ colour: '#228be6', category: 'in_progress', position: 1 });
  });

  it('refuses a name already used, ignoring case (409), and answers 422 for a bad colour or category', async () => {
    const { client, path } = await ownerOfNewOrganisation(minimalPipeline);
    const taken = await client.post(path, { name: 'HIRED', category: 'hired' });
    expect(taken.status).toBe(409);
    expect(taken.json.errors).toEqual({ name: ['A recruitment status with this name already exists.'] });
    const bad = await client.post(path, { name: 'Offer', colour: 'red', category: 'won' });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual({
      colour: ['The colour must be a hex colour like #228be6.'],
      category: ['The category must be one of in_progress, hired or rejected.'],
    });
    expect(await names(client, path)).toEqual(['Applied', 'Hired', 'Rejected']);
  });
});

describe('PATCH organisation/{id}/recruitment-status/{status}', () => {
  it('renames, recolours and recategorises, recording only what changed', async () => {
    const { org, client, path } = await ownerOfNewOrganisation([...minimalPipeline, { name: 'Offer' }]);
    const offer = await byName(client, path, 'Offer');
    const res = await client.patch(`${path}/${offer.id}`, { name: 'Offer made', colour: '#12B886', category: 'hired' });
    expect(res.status).toBe(200);
    expect(res.json.status).toEqual({ id: offer.id, name: 'Offer made', colour: '#12b886', category: 'hired', position: 4 });
    expect((await auditOf(org.id)).at(-1)).toMatchObject({
      action: 'recruitment_status.updated',
      before: { name: 'Offer', colour: '#228be6', category: 'in_progress' },
      after: { name: 'Offer made', colour: '#12b886', category: 'hired' },
    });
    const recolour = await client.patch(`${path}/${offer.id}`, { colour: '#000000' });
    expect(recolour.json.status).toMatchObject({ name: 'Offer made', colour: '#000000', category: 'hired' });
    expect((await auditOf(org.id)).at(-1)).toMatchObject({ before: { colour: '#12b886' }, after: { colour: '#000000' } });
  });

  it("answers 422 for an empty change, 409 for another stage's name and 404 for another organisation's stage", async () => {
    const a = await ownerOfNewOrganisation(minimalPipeline);
    const b = await ownerOfNewOrganisation(minimalPipeline);
    const applied = await byName(a.client, a.path, 'Applied');
    const empty = await a.client.patch(`${a.path}/${applied.id}`, {});
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({ body: ['Send a name, colour or category to change.'] });
    const taken = await a.client.patch(`${a.path}/${applied.id}`, { name: 'rejected' });
    expect(taken.status).toBe(409);
    const theirs = await byName(b.client, b.path, 'Applied');
    expect((await a.client.patch(`${a.path}/${theirs.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await a.client.patch(`${a.path}/nope`, { name: 'Mine now' })).status).toBe(404);
    expect(await names(b.client, b.path)).toEqual(['Applied', 'Hired', 'Rejected']);
  });

  it('will not move the last stage of a category into another category (422), and changes nothing', async () => {
    const { client, path } = await ownerOfNewOrganisation(minimalPipeline);
    const hired = await byName(client, path, 'Hired');
    const res = await client.patch(`${path}/${hired.id}`, { name: 'Started', category: 'in_progress' });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('The pipeline needs at least one “Hired” stage. Add another before moving this one.');
    expect(res.json.errors).toEqual({ category: [res.json.message] });
    expect(await byName(client, path, 'Hired')).toMatchObject({ category: 'hired' });
  });
});

describe('DELETE organisation/{id}/recruitment-status/{status}', () => {
  it('deletes the stage, closes up the positions and records it', async () => {
    const { org, client, path } = await ownerOfNewOrganisation([{ name: 'Applied' }, { name: 'Screening' }, ...minimalPipeline.slice(1)]);
    const screening = await byName(client, path, 'Screening');
    expect((await client.delete(`${path}/${screening.id}`)).status).toBe(204);
    expect((await listed(client, path)).data.map((s) => [s.position, s.name])).toEqual([
      [1, 'Applied'],
      [2, 'Hired'],
      [3, 'Rejected'],
    ]);
    expect((await auditOf(org.id)).at(-1)).toMatchObject({
      action: 'recruitment_status.deleted',
      before: { name: 'Screening', position: 2 },
    });
    expect((await client.delete(`${path}/${screening.id}`)).status).toBe(404);
  });

  it('keeps at least one stage of each category: deleting the last one answers 422 until another exists', async () => {
    const { client, path } = await ownerOfNewOrganisation(minimalPipeline);
    for (const [name, label] of [
      ['Applied', 'In progress'],
      ['Hired', 'Hired'],
      ['Rejected', 'Rejected'],
    ] as const) {
      const res = await client.delete(`${path}/${(await byName(client, path, name)).id}`);
      expect(res.status).toBe(422);
      expect(res.json.message).toBe(`The pipeline needs at least one “${label}” stage. Add another before deleting this one.`);
      expect(res.json.errors).toEqual({ status: [res.json.message] });
    }
    expect(await names(client, path)).toEqual(['Applied', 'Hired', 'Rejected']);
    await client.post(path, { name: 'Withdrew', category: 'rejected' });
    expect((await client.delete(`${path}/${(await byName(client, path, 'Rejected')).id}`)).status).toBe(204);
    expect(await names(client, path)).toEqual(['Applied', 'Hired', 'Withdrew']);
  });
});

describe('DELETE of a stage that holds candidates', () => {
  it('answers 422 with what to do (not a server error) while any application is in it, rejected or not', async () => {
    const { org, client, path } = await ownerOfNewOrganisation([{ name: 'Applied' }, { name: 'Screening' }, ...minimalPipeline.slice(1)]);
    const screening = await byName(client, path, 'Screening');
    const db = t.database.db;
    const [role] = await db.insert(jobRoles).values({ organisationId: org.id, name: 'Any role' }).returning();
    const [recruitment] = await db.insert(recruitments).values({ organisationId: org.id, roleId: role!.id, name: 'Any' }).returning();
    const [person] = await db
      .insert(candidates)
      .values({ organisationId: org.id, name: 'Ann Held', email: 'ann@example.test' })
      .returning();
    const [application] = await db
      .insert(applications)
      .values({
        organisationId: org.id,
        candidateId: person!.id,
        recruitmentId: recruitment!.id,
        statusId: screening.id,
        rejectedAt: new Date(),
      })
      .returning();
    const res = await client.delete(`${path}/${screening.id}`);
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(RECRUITMENT_STATUS_IN_USE);
    expect(res.json.errors).toEqual({ status: [RECRUITMENT_STATUS_IN_USE] });
    expect(await names(client, path)).toEqual(['Applied', 'Screening', 'Hired', 'Rejected']);
    await db.delete(applications).where(eq(applications.id, application!.id));
    expect((await client.delete(`${path}/${screening.id}`)).status).toBe(204);
  });
});

describe('PATCH organisation/{id}/recruitment-status/reorder ({ original, new }, 1-based)', () => {
  const pipeline = [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }];

  it('moves a stage down and up; the others shift', async () => {
    const { org, client, path } = await ownerOfNewOrganisation(pipeline);
    const down = await client.patch(`${path}/reorder`, { original: 1, new: 3 });
    expect(down.status).toBe(200);
    expect(down.json.statuses.data.map((s: Status) => s.name)).toEqual(['B', 'C', 'A', 'D']);
    expect(await names(client, path)).toEqual(['B', 'C', 'A', 'D']);
    expect((await client.patch(`${path}/reorder`, { original: 4, new: 1 })).status).toBe(200);
    expect((await listed(client, path)).data.map((s) => [s.position, s.name])).toEqual([
      [1, 'D'],
      [2, 'B'],
      [3, 'C'],
      [4, 'A'],
    ]);
    expect((await auditOf(org.id)).at(-1)).toMatchObject({
      action: 'recruitment_status.moved',
      before: { name: 'D', position: 4 },
      after: { name: 'D', position: 1 },
    });
  });

  it('leaves the order alone for the same position', async () => {
    const { client, path } = await ownerOfNewOrganisation(pipeline);
    expect((await client.patch(`${path}/reorder`, { original: 3, new: 3 })).status).toBe(200);
    expect(await names(client, path)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('answers 422 with field messages for positions out of range, and changes nothing', async () => {
    const { client, path } = await ownerOfNewOrganisation(pipeline);
    const res = await client.patch(`${path}/reorder`, { original: 2, new: 5 });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ new: ['Position 5 is past the end of the list. Positions run from 1 to 4.'] });
    expect((await client.patch(`${path}/reorder`, { original: -1, new: 2 })).status).toBe(422);
    expect(await names(client, path)).toEqual(['A', 'B', 'C', 'D']);
  });
});
