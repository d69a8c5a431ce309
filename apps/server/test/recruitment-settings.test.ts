import { recruitmentSettingsOperations as ops } from '@hireloop/contract/operations/recruitment-settings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function ownerOfNewOrganisation() {
  const owner = await createUser(t, { name: 'Olivia Owner' });
  const org = await createOrganisation(t, owner);
  return { org, client: await signIn(t, owner), params: { organisationId: org.id } };
}

describe('GET organisation/{id}/recruitment-settings', () => {
  it('answers the defaults of a new organisation: 45-minute interviews, candidate data kept 24 months', async () => {
    const { client, params } = await ownerOfNewOrganisation();
    const res = await expectStatus(client, ops.get, 200, { params });
    expect(res).toEqual({ recruitment_settings: { default_interview_minutes: 45, candidate_retention_months: 24 } });
  });

  it('is readable by every member; only owners and admins change it', async () => {
    const { org, params } = await ownerOfNewOrganisation();
    for (const [role, canChange] of [
      ['admin', true],
      ['recruiter', false],
      ['interviewer', false],
    ] as const) {
      const member = await createUser(t);
      await addMember(t, org.id, member.id, role);
      const client = await signIn(t, member);
      await expectStatus(client, ops.get, 200, { params });
      expect((await callOperation(client, ops.update, { params, body: { default_interview_minutes: 60 } })).status).toBe(
        canChange ? 200 : 403,
      );
    }
  });
});

describe('PATCH organisation/{id}/recruitment-settings', () => {
  it('changes one or both values and records before → after of what changed', async () => {
    const { org, client, params } = await ownerOfNewOrganisation();
    const one = await expectStatus(client, ops.update, 200, { params, body: { default_interview_minutes: 60 } });
    expect(one).toEqual({ recruitment_settings: { default_interview_minutes: 60, candidate_retention_months: 24 } });
    const both = await expectStatus(client, ops.update, 200, {
      params,
      body: { default_interview_minutes: 30, candidate_retention_months: 36 },
    });
    expect(both.recruitment_settings).toEqual({ default_interview_minutes: 30, candidate_retention_months: 36 });
    expect((await expectOk(client, ops.get, { params })).recruitment_settings).toEqual({
      default_interview_minutes: 30,
      candidate_retention_months: 36,
    });
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
    const { client, params } = await ownerOfNewOrganisation();
    await expectStatus(client, ops.update, 200, { params, body: { default_interview_minutes: 15, candidate_retention_months: 1 } });
    await expectStatus(client, ops.update, 200, { params, body: { default_interview_minutes: 480, candidate_retention_months: 120 } });
  });

  it('answers 422 with field messages for values out of range or not whole numbers, and changes nothing', async () => {
    const { client, params } = await ownerOfNewOrganisation();
    const path = `organisation/${params.organisationId}/recruitment-settings`;
    const low = await expectStatus(client, ops.update, 422, {
      params,
      body: { default_interview_minutes: 14, candidate_retention_months: 0 },
    });
    expect(low.errors).toEqual({
      default_interview_minutes: ['An interview lasts at least 15 minutes.'],
      candidate_retention_months: ['Candidate data is kept at least 1 month.'],
    });
    const high = await expectStatus(client, ops.update, 422, {
      params,
      body: { default_interview_minutes: 481, candidate_retention_months: 121 },
    });
    expect(high.errors).toEqual({
      default_interview_minutes: ['An interview lasts at most 480 minutes (8 hours).'],
      candidate_retention_months: ['Candidate data is kept at most 120 months (10 years).'],
    });
    const odd = await client.patch(path, { default_interview_minutes: 45.5, candidate_retention_months: '12' });
    expect(odd.status).toBe(422);
    expect(Object.keys(odd.json.errors).sort()).toEqual(['candidate_retention_months', 'default_interview_minutes']);
    const empty = await expectStatus(client, ops.update, 422, { params, body: {} });
    expect(empty.errors).toEqual({ body: ['Send default_interview_minutes or candidate_retention_months.'] });
    expect((await expectOk(client, ops.get, { params })).recruitment_settings).toEqual({
      default_interview_minutes: 45,
      candidate_retention_months: 24,
    });
  });

  it("answers 404 for another organisation's settings", async () => {
    const a = await ownerOfNewOrganisation();
    const b = await ownerOfNewOrganisation();
    expect((await callOperation(a.client, ops.update, { params: b.params, body: { default_interview_minutes: 90 } })).status).toBe(404);
    expect((await expectOk(b.client, ops.get, { params: b.params })).recruitment_settings.default_interview_minutes).toBe(45);
  });
});
