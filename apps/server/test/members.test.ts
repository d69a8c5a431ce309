import { memberOperations as ops, myMembershipOperations } from '@hireloop/contract/operations/members';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { memberships } from '../src/db/schema/organisations.ts';
import { users } from '../src/db/schema/users.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { callOperation, expectOk, expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function team() {
  const owner = await createUser(t, { name: 'Olivia Owner' });
  const org = await createOrganisation(t, owner);
  const admin = await createUser(t, { name: 'Adam Admin' });
  const recruiter = await createUser(t, { name: 'Rita Recruiter' });
  await addMember(t, org.id, admin.id, 'admin');
  await addMember(t, org.id, recruiter.id, 'recruiter');
  return { org, owner, admin, recruiter, asOwner: await signIn(t, owner), asAdmin: await signIn(t, admin) };
}

const roleOf = async (organisationId: string, userId: string) =>
  (
    await t.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
  )[0]?.role;

const auditOf = (organisationId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, action)));

/** PATCH organisation/{id}/users/{user} (the role as sent, an unknown one too). */
const changeRole = (client: Client, organisationId: string, user: string, role: string) =>
  callOperation(client, ops.changeRole, { params: { organisationId, user }, body: { role: role as 'admin' } });
/** DELETE organisation/{id}/users/{user}. */
const removeMember = (client: Client, organisationId: string, user: string) =>
  callOperation(client, ops.remove, { params: { organisationId, user } });
/** DELETE me/memberships/{organisation}. */
const leave = (client: Client, organisation: string) => callOperation(client, myMembershipOperations.leave, { params: { organisation } });

describe('PATCH organisation/{id}/users/{user}: change a role', () => {
  it('changes the role, answers the member, and records before → after in the audit log', async () => {
    const { org, recruiter, asAdmin } = await team();
    const res = await expectOk(asAdmin, ops.changeRole, {
      params: { organisationId: org.id, user: recruiter.id },
      body: { role: 'hiring_manager' },
    });
    expect(res.user).toMatchObject({ id: recruiter.id, name: 'Rita Recruiter', role: 'hiring_manager' });
    expect(await roleOf(org.id, recruiter.id)).toBe('hiring_manager');
    const [entry] = await auditOf(org.id, 'member.role_changed');
    expect(entry).toMatchObject({
      actorName: 'Adam Admin',
      targetType: 'member',
      targetId: recruiter.id,
      before: expect.objectContaining({ role: 'recruiter' }),
      after: expect.objectContaining({ role: 'hiring_manager' }),
    });
    // The member's permissions follow at once.
    const asRecruiter = await signIn(t, recruiter);
    expect((await asRecruiter.post(`organisation/${org.id}/role`, { name: 'Not any more' })).status).toBe(403);
  });

  it('lets only an owner grant or remove the owner role', async () => {
    const { org, owner, admin, recruiter, asOwner, asAdmin } = await team();
    const grant = await expectStatus(asAdmin, ops.changeRole, 403, {
      params: { organisationId: org.id, user: recruiter.id },
      body: { role: 'owner' },
    });
    expect(grant.message).toBe('Only an owner can grant or remove the owner role.');
    expect((await changeRole(asAdmin, org.id, owner.id, 'admin')).status).toBe(403);
    expect((await changeRole(asOwner, org.id, admin.id, 'owner')).status).toBe(200);
    expect(await roleOf(org.id, admin.id)).toBe('owner');
  });

  it('never demotes the last owner (422 with a message), and does once there is another', async () => {
    const { org, owner, admin, asOwner } = await team();
    const res = await expectStatus(asOwner, ops.changeRole, 422, {
      params: { organisationId: org.id, user: owner.id },
      body: { role: 'admin' },
    });
    expect(res.message).toBe('An organisation needs at least one owner. Make another member an owner first.');
    expect(res.errors).toEqual({ role: ['An organisation needs at least one owner. Make another member an owner first.'] });
    expect(await roleOf(org.id, owner.id)).toBe('owner');
    expect(await auditOf(org.id, 'member.role_changed')).toEqual([]);

    await changeRole(asOwner, org.id, admin.id, 'owner');
    expect((await changeRole(asOwner, org.id, owner.id, 'admin')).status).toBe(200);
    expect(await roleOf(org.id, owner.id)).toBe('admin');
  });

  it('keeps an owner when two owners demote each other at the same time', async () => {
    const { org, owner, asOwner } = await team();
    const second = await createUser(t);
    await addMember(t, org.id, second.id, 'owner');
    const asSecond = await signIn(t, second);
    const results = await Promise.all([changeRole(asOwner, org.id, second.id, 'admin'), changeRole(asSecond, org.id, owner.id, 'admin')]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const roles = [await roleOf(org.id, owner.id), await roleOf(org.id, second.id)];
    expect(roles.filter((r) => r === 'owner')).toHaveLength(1);
  });

  it('refuses an unknown role (422 on role) and answers 404 for a non-member or malformed id', async () => {
    const { org, recruiter, asAdmin } = await team();
    const res = await expectStatus(asAdmin, ops.changeRole, 422, {
      params: { organisationId: org.id, user: recruiter.id },
      body: { role: 'superuser' as 'admin' },
    });
    expect(res.errors).toEqual({ role: ['Choose one of the roles: owner, admin, recruiter, hiring_manager, interviewer.'] });
    expect(await roleOf(org.id, recruiter.id)).toBe('recruiter');
    const stranger = await createUser(t);
    expect((await changeRole(asAdmin, org.id, stranger.id, 'admin')).status).toBe(404);
    expect((await changeRole(asAdmin, org.id, 'nope', 'admin')).status).toBe(404);
  });

  it('cannot reach a member of another organisation through its own id', async () => {
    const a = await team();
    const b = await team();
    expect((await changeRole(b.asOwner, b.org.id, a.recruiter.id, 'admin')).status).toBe(404);
    expect((await removeMember(b.asOwner, b.org.id, a.recruiter.id)).status).toBe(404);
    expect(await roleOf(a.org.id, a.recruiter.id)).toBe('recruiter');
  });
});

describe('DELETE organisation/{id}/users/{user}: remove a member', () => {
  it('removes the member: their next call for the organisation gets 404 and it is no longer their current one', async () => {
    const { org, recruiter, asAdmin } = await team();
    await t.database.db.update(users).set({ currentOrganisationId: org.id }).where(eq(users.id, recruiter.id));
    const asRecruiter = await signIn(t, recruiter);
    expect((await asRecruiter.get(`organisation/${org.id}/users`)).status).toBe(200);

    expect((await removeMember(asAdmin, org.id, recruiter.id)).status).toBe(200);
    expect((await asRecruiter.get(`organisation/${org.id}/users`)).status).toBe(404);
    const me = await asRecruiter.get('auth');
    expect(me.json.auth.user.current_organisation_id).toBeNull();
    expect(me.json.auth.organisations).toEqual([]);
    const [entry] = await auditOf(org.id, 'member.removed');
    expect(entry).toMatchObject({
      actorName: 'Adam Admin',
      targetId: recruiter.id,
      before: expect.objectContaining({ role: 'recruiter' }),
      after: null,
    });
  });

  it('removed twice (a double click, a retry): the same 200 to whoever could remove them, one audit entry', async () => {
    const { org, admin, recruiter, asOwner, asAdmin } = await team();
    const [first, second] = await Promise.all([removeMember(asAdmin, org.id, recruiter.id), removeMember(asAdmin, org.id, recruiter.id)]);
    expect([first.status, second.status], second.text).toEqual([200, 200]);
    expect((await removeMember(asOwner, org.id, recruiter.id)).status).toBe(200);
    expect(await auditOf(org.id, 'member.removed')).toHaveLength(1);

    // An owner's removal again: 200 to an owner, and 403 to an admin, as the removal itself would have been.
    const coOwner = await createUser(t);
    await addMember(t, org.id, coOwner.id, 'owner');
    const ownerParams = { organisationId: org.id, user: coOwner.id };
    expect((await removeMember(asOwner, org.id, coOwner.id)).status).toBe(200);
    expect((await removeMember(asOwner, org.id, coOwner.id)).status).toBe(200);
    const byAdmin = await expectStatus(asAdmin, ops.remove, 403, { params: ownerParams });
    expect(byAdmin.message).toBe('Only an owner can remove another owner.');
    expect(await auditOf(org.id, 'member.removed')).toHaveLength(2);

    // Someone who never was a member, or who left on their own: 404, as before.
    expect((await removeMember(asAdmin, org.id, (await createUser(t)).id)).status).toBe(404);
    expect((await leave(asAdmin, org.id)).status).toBe(204);
    expect((await removeMember(asOwner, org.id, admin.id)).status).toBe(404);
    // Another organisation's owner learns nothing of the removal: 404.
    const b = await team();
    expect((await removeMember(b.asOwner, b.org.id, recruiter.id)).status).toBe(404);
  });

  it('never removes the last owner, and lets only an owner remove an owner', async () => {
    const { org, owner, admin, asOwner, asAdmin } = await team();
    const res = await expectStatus(asOwner, ops.remove, 422, { params: { organisationId: org.id, user: owner.id } });
    expect(res.message).toBe('The last owner cannot be removed. Make another member an owner first.');
    expect(await roleOf(org.id, owner.id)).toBe('owner');

    const second = await createUser(t);
    await addMember(t, org.id, second.id, 'owner');
    const byAdmin = await expectStatus(asAdmin, ops.remove, 403, { params: { organisationId: org.id, user: second.id } });
    expect(byAdmin.message).toBe('Only an owner can remove another owner.');
    expect((await removeMember(asOwner, org.id, second.id)).status).toBe(200);
    expect(await roleOf(org.id, second.id)).toBeUndefined();
    expect(await roleOf(org.id, admin.id)).toBe('admin');
  });
});

describe('DELETE /me/memberships/{organisation}: leave', () => {
  it('leaves; the organisation stops being current and another one of the user’s takes its place', async () => {
    const { org, recruiter } = await team();
    const other = await createOrganisation(t);
    await addMember(t, other.id, recruiter.id, 'interviewer');
    await t.database.db.update(users).set({ currentOrganisationId: org.id }).where(eq(users.id, recruiter.id));
    const asRecruiter = await signIn(t, recruiter);

    expect((await leave(asRecruiter, org.id)).status).toBe(204);
    expect((await asRecruiter.get(`organisation/${org.id}/users`)).status).toBe(404);
    const me = await asRecruiter.get('auth');
    expect(me.json.auth.user.current_organisation_id).toBe(other.id);
    expect(me.json.auth.organisations.map((o: { id: string }) => o.id)).toEqual([other.id]);
    const [entry] = await auditOf(org.id, 'member.left');
    expect(entry).toMatchObject({ actorName: 'Rita Recruiter', actorUserId: recruiter.id, targetId: recruiter.id });
  });

  it('refuses the last owner with a message, and answers 404 for an organisation the user is not in', async () => {
    const { org, owner, asOwner } = await team();
    const res = await expectStatus(asOwner, myMembershipOperations.leave, 422, { params: { organisation: org.id } });
    expect(res.message).toMatch(
      /^You are the last owner of .+\. Make another member an owner before you leave, or delete the organisation\.$/,
    );
    expect(await roleOf(org.id, owner.id)).toBe('owner');
    const elsewhere = await createOrganisation(t);
    expect((await leave(asOwner, elsewhere.id)).status).toBe(404);
    expect((await leave(asOwner, 'not-a-uuid')).status).toBe(404);
  });

  it('requires a session', async () => {
    const { org } = await team();
    const anonymous = await new Client(t.baseUrl).csrf();
    expect((await leave(anonymous, org.id)).status).toBe(401);
  });
});
