import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function ownerOfNewOrganisation() {
  const owner = await createUser(t, { name: 'Olivia Owner' });
  const org = await createOrganisation(t, owner);
  return { org, client: await signIn(t, owner), path: `organisation/${org.id}/recruitment-settings` };
}

describe('GET organisation/{id}/recruitment-settings', () => {
  it('answers the defaults of a new organisation: 45-minute interviews, candidate data kept 24 months', async () => {
    const { client, path } = await ownerOfNewOrganisation();
    const res = await client.get(path);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ recruitment_settings: { default_interview_minutes: 45, candidate_retention_months: 24 } });
  });

  it('is readable by every member; only owners and admins change it', async () => {
    const { org, path } = await ownerOfNewOrganisation();
    for (const [role, canChange] of [
      ['admin', true],
      ['recruiter', false],
      ['interviewer', false],
    ] as const) {
      const member = await createUser(t);
      await addMember(t, org.id, member.id, role);
      const client = await signIn(t, member);
      expect((await client.get(path)).status).toBe(200);
      expect((await client.patch(path, { default_interview_minutes: 60 })).status).toBe(canChange ? 200 : 403);
    }
  });
});

describe('PATCH organisation/{id}/recruitment-settings', () => {
  it('changes one or both values and records before → after of what changed', async () => {
    const { org, client, path } = await ownerOfNewOrganisation();
    const one = await client.patch(path, { default_interview_minutes: 60 });
    expect(one.status).toBe(200);
    expect(one.json).toEqual({ recruitment_settings: { default_interview_minutes: 60, candidate_retention_months: 24 } });
    const both = await client.patch(path, { default_interview_minutes: 30, candidate_retention_months: 36 });
    expect(both.json.recruitment_settings).toEqual({ default_interview_minutes: 30, candidate_retention_months: 36 });
    expect((await client.get(path)).json.recruitment_settings).toEqual({ default_interview_minutes: 30, candidate_retention_months: 36 });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, 'recruitment_settings.updated')))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => ({ actor: e.actorName, before: e.before, after: e.after }))).toEqual([
      { actor: 'Olivia Owner', before: { default_interview_minutes: 45 }, after: { default_interview_minutes: 60 } },
      {
        actor: 'Olivia Owner',
        before: { default_interview_minutes: 60, candidate_retention_months: 24 },
        after: { default_interview_minutes: 30, candidate_retention_months: 36 },
      },
    ]);
  });

  it('accepts the bounds: 15 and 480 minutes, 1 and 120 months', async () => {
    const { client, path } = await ownerOfNewOrganisation();
    expect((await client.patch(path, { default_interview_minutes: 15, candidate_retention_months: 1 })).status).toBe(200);
    expect((await client.patch(path, { default_interview_minutes: 480, candidate_retention_months: 120 })).status).toBe(200);
  });

  it('answers 422 with field messages for values out of range or not whole numbers, and changes nothing', async () => {
    const { client, path } = await ownerOfNewOrganisation();
    const low = await client.patch(path, { default_interview_minutes: 14, candidate_retention_months: 0 });
    expect(low.status).toBe(422);
    expect(low.json.errors).toEqual({
      default_interview_minutes: ['An interview lasts at least 15 minutes.'],
      candidate_retention_months: ['Candidate data is kept at least 1 month.'],
    });
    const high = await client.patch(path, { default_interview_minutes: 481, candidate_retention_months: 121 });
    expect(high.json.errors).toEqual({
      default_interview_minutes: ['An interview lasts at most 480 minutes (8 hours).'],
      candidate_retention_months: ['Candidate data is kept at most 120 months (10 years).'],
    });
    const odd = await client.patch(path, { default_interview_minutes: 45.5, candidate_retention_months: '12' });
    expect(odd.status).toBe(422);
    expect(Object.keys(odd.json.errors).sort()).toEqual(['candidate_retention_months', 'default_interview_minutes']);
    const empty = await client.patch(path, {});
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({ body: ['Send default_interview_minutes or candidate_retention_months.'] });
    expect((await client.get(path)).json.recruitment_settings).toEqual({ default_interview_minutes: 45, candidate_retention_months: 24 });
  });

  it("answers 404 for another organisation's settings", async () => {
    const a = await ownerOfNewOrganisation();
    const b = await ownerOfNewOrganisation();
    expect((await a.client.patch(b.path, { default_interview_minutes: 90 })).status).toBe(404);
    expect((await b.client.get(b.path)).json.recruitment_settings.default_interview_minutes).toBe(45);
  });
});
