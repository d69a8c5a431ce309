import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { memberships } from '../src/db/schema/organisations.ts';
import { users } from '../src/db/schema/users.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

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

describe('PATCH organisation/{id}/users/{user}: change a role', () => {
  it('changes the role, answers the member, and records before → after in the audit log', async () => {
    const { org, recruiter, asAdmin } = await team();
    const res = await asAdmin.patch(`organisation/${org.id}/users/${recruiter.id}`, { role: 'hiring_manager' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.user).toMatchObject({ id: recruiter.id, name: 'Rita Recruiter', role: 'hiring_manager' });
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
    const grant = await asAdmin.patch(`organisation/${org.id}/users/${recruiter.id}`, { role: 'owner' });
    expect(grant.status).toBe(403);
    expect(grant.json.message).toBe('Only an owner can grant or remove the owner role.');
    expect((await asAdmin.patch(`organisation/${org.id}/users/${owner.id}`, { role: 'admin' })).status).toBe(403);
    expect((await asOwner.patch(`organisation/${org.id}/users/${admin.id}`, { role: 'owner' })).status).toBe(200);
    expect(await roleOf(org.id, admin.id)).toBe('owner');
  });

  it('never demotes the last owner (422 with a message), and does once there is another', async () => {
    const { org, owner, admin, asOwner } = await team();
    const res = await asOwner.patch(`organisation/${org.id}/users/${owner.id}`, { role: 'admin' });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('An organisation needs at least one owner. Make another member an owner first.');
    expect(res.json.errors).toEqual({ role: ['An organisation needs at least one owner. Make another member an owner first.'] });
    expect(await roleOf(org.id, owner.id)).toBe('owner');
    expect(await auditOf(org.id, 'member.role_changed')).toEqual([]);

    await asOwner.patch(`organisation/${org.id}/users/${admin.id}`, { role: 'owner' });
    expect((await asOwner.patch(`organisation/${org.id}/users/${owner.id}`, { role: 'admin' })).status).toBe(200);
    expect(await roleOf(org.id, owner.id)).toBe('admin');
  });

  it('keeps an owner when two owners demote each other at the same time', async () => {
    const { org, owner, asOwner } = await team();
    const second = await createUser(t);
    await addMember(t, org.id, second.id, 'owner');
    const asSecond = await signIn(t, second);
    const results = await Promise.all([
      asOwner.patch(`organisation/${org.id}/users/${second.id}`, { role: 'admin' }),
      asSecond.patch(`organisation/${org.id}/users/${owner.id}`, { role: 'admin' }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const roles = [await roleOf(org.id, owner.id), await roleOf(org.id, second.id)];
    expect(roles.filter((r) => r === 'owner')).toHaveLength(1);
  });

  it('refuses an unknown role (422 on role) and answers 404 for a non-member or malformed id', async () => {
    const { org, recruiter, asAdmin } = await team();
    const res = await asAdmin.patch(`organisation/${org.id}/users/${recruiter.id}`, { role: 'superuser' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ role: ['Choose one of the roles: owner, admin, recruiter, hiring_manager, interviewer.'] });
    expect(await roleOf(org.id, recruiter.id)).toBe('recruiter');
    const stranger = await createUser(t);
    expect((await asAdmin.patch(`organisation/${org.id}/users/${stranger.id}`, { role: 'admin' })).status).toBe(404);
    expect((await asAdmin.patch(`organisation/${org.id}/users/nope`, { role: 'admin' })).status).toBe(404);
  });

  it('cannot reach a member of another organisation through its own id', async () => {
    const a = await team();
    const b = await team();
    expect((await b.asOwner.patch(`organisation/${b.org.id}/users/${a.recruiter.id}`, { role: 'admin' })).status).toBe(404);
    expect((await b.asOwner.delete(`organisation/${b.org.id}/users/${a.recruiter.id}`)).status).toBe(404);
    expect(await roleOf(a.org.id, a.recruiter.id)).toBe('recruiter');
  });
});

describe('DELETE organisation/{id}/users/{user}: remove a member', () => {
  it('removes the member: their next call for the organisation gets 404 and it is no longer their current one', async () => {
    const { org, recruiter, asAdmin } = await team();
    await t.database.db.update(users).set({ currentOrganisationId: org.id }).where(eq(users.id, recruiter.id));
    const asRecruiter = await signIn(t, recruiter);
    expect((await asRecruiter.get(`organisation/${org.id}/users`)).status).toBe(200);

    expect((await asAdmin.delete(`organisation/${org.id}/users/${recruiter.id}`)).status).toBe(204);
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

  it('removed twice (a double click, a retry): the same 204 to whoever could remove them, one audit entry', async () => {
    const { org, admin, recruiter, asOwner, asAdmin } = await team();
    const path = `organisation/${org.id}/users/${recruiter.id}`;
    const [first, second] = await Promise.all([asAdmin.delete(path), asAdmin.delete(path)]);
    expect([first.status, second.status], second.text).toEqual([204, 204]);
    expect((await asOwner.delete(path)).status).toBe(204);
    expect(await auditOf(org.id, 'member.removed')).toHaveLength(1);

    // An owner's removal again: 204 to an owner, and 403 to an admin, as the removal itself would have been.
    const coOwner = await createUser(t);
    await addMember(t, org.id, coOwner.id, 'owner');
    const ownerPath = `organisation/${org.id}/users/${coOwner.id}`;
    expect((await asOwner.delete(ownerPath)).status).toBe(204);
    expect((await asOwner.delete(ownerPath)).status).toBe(204);
    const byAdmin = await asAdmin.delete(ownerPath);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.message).toBe('Only an owner can remove another owner.');
    expect(await auditOf(org.id, 'member.removed')).toHaveLength(2);

    // Someone who never was a member, or who left on their own: 404, as before.
    expect((await asAdmin.delete(`organisation/${org.id}/users/${(await createUser(t)).id}`)).status).toBe(404);
    expect((await asAdmin.delete(`me/memberships/${org.id}`)).status).toBe(204);
    expect((await asOwner.delete(`organisation/${org.id}/users/${admin.id}`)).status).toBe(404);
    // Another organisation's owner learns nothing of the removal: 404.
    const b = await team();
    expect((await b.asOwner.delete(`organisation/${b.org.id}/users/${recruiter.id}`)).status).toBe(404);
  });

  it('never removes the last owner, and lets only an owner remove an owner', async () => {
    const { org, owner, admin, asOwner, asAdmin } = await team();
    const res = await asOwner.delete(`organisation/${org.id}/users/${owner.id}`);
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('The last owner cannot be removed. Make another member an owner first.');
    expect(await roleOf(org.id, owner.id)).toBe('owner');

    const second = await createUser(t);
    await addMember(t, org.id, second.id, 'owner');
    const byAdmin = await asAdmin.delete(`organisation/${org.id}/users/${second.id}`);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.message).toBe('Only an owner can remove another owner.');
    expect((await asOwner.delete(`organisation/${org.id}/users/${second.id}`)).status).toBe(204);
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

    expect((await asRecruiter.delete(`me/memberships/${org.id}`)).status).toBe(204);
    expect((await asRecruiter.get(`organisation/${org.id}/users`)).status).toBe(404);
    const me = await asRecruiter.get('auth');
    expect(me.json.auth.user.current_organisation_id).toBe(other.id);
    expect(me.json.auth.organisations.map((o: { id: string }) => o.id)).toEqual([other.id]);
    const [entry] = await auditOf(org.id, 'member.left');
    expect(entry).toMatchObject({ actorName: 'Rita Recruiter', actorUserId: recruiter.id, targetId: recruiter.id });
  });

  it('refuses the last owner with a message, and answers 404 for an organisation the user is not in', async () => {
    const { org, owner, asOwner } = await team();
    const res = await asOwner.delete(`me/memberships/${org.id}`);
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(
      /^You are the last owner of .+\. Make another member an owner before you leave, or delete the organisation\.$/,
    );
    expect(await roleOf(org.id, owner.id)).toBe('owner');
    const elsewhere = await createOrganisation(t);
    expect((await asOwner.delete(`me/memberships/${elsewhere.id}`)).status).toBe(404);
    expect((await asOwner.delete('me/memberships/not-a-uuid')).status).toBe(404);
  });

  it('requires a session', async () => {
    const { org } = await team();
    const anonymous = await new Client(t.baseUrl).csrf();
    expect((await anonymous.delete(`me/memberships/${org.id}`)).status).toBe(401);
  });
});
