import { userOperations } from '@hireloop/contract/operations/users';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { invitations } from '../src/db/schema/invitations.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { memberships, organisations } from '../src/db/schema/organisations.ts';
import { startOutboxWorker, type OutboxWorker } from '../src/jobs/outbox-worker.ts';
import {
  Client,
  addMember,
  createOrganisation,
  createUser,
  signIn,
  signInThroughIssuer,
  startTestApp,
  type Client as ClientType,
  type TestApp,
} from './harness.ts';
import { expectOk } from './operations.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.ts';

let t: TestApp;
let smtp: SmtpSink;
let worker: OutboxWorker;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ SMTP_URL: smtp.url });
  worker = startOutboxWorker({ db: t.database.db, config: t.config, log: t.app.log, intervalMs: 0 });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await smtp.close();
});

/** An organisation with its owner signed in. */
async function orgWithOwner(name = 'Northwind Labs') {
  const owner = await createUser(t, { name: 'Dana Whitfield' });
  const org = await createOrganisation(t, owner, { name });
  return { owner, org, client: await signIn(t, owner) };
}

/** Runs the outbox and returns the mail that arrived for this address. */
async function mailTo(email: string): Promise<ReceivedMail> {
  const before = smtp.received.length;
  const { delivered } = await worker.runOnce();
  const arrived = (await smtp.waitFor(before + delivered)).slice(before);
  const mail = arrived.find((m) => m.envelopeTo.includes(email));
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}

const tokenFrom = (mail: ReceivedMail) => {
  const match = new RegExp(`${t.baseUrl}/invitations/([A-Za-z0-9_-]{43})`).exec(mail.text);
  if (!match) throw new Error(`no accept link in: ${mail.text}`);
  return match[1]!;
};

const audit = (organisationId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, action)));

async function invite(client: ClientType, orgId: string, email: string, role = 'recruiter') {
  const res = await client.post(`organisation/${orgId}/invitations`, { email, role });
  expect(res.status, res.text).toBe(201);
  const token = tokenFrom(await mailTo(email.toLowerCase()));
  return { invitation: res.json.invitation, token };
}

describe('inviting by email', () => {
  it('mails an accept link that a different signed-in identity with that email accepts, and joins', async () => {
    const { org, client } = await orgWithOwner();
    const res = await client.post(`organisation/${org.id}/invitations`, { email: '  Ada.Lovelace@Example.TEST ', role: 'recruiter' });
    expect(res.status, res.text).toBe(201);
    const created = res.json.invitation;
    expect(created).toMatchObject({ email: 'ada.lovelace@example.test', role: 'recruiter', state: 'pending' });
    expect(created.invited_by).toMatchObject({ name: 'Dana Whitfield' });
    expect(Object.keys(created).sort()).toEqual(['created_at', 'email', 'expires_at', 'id', 'invited_by', 'last_sent_at', 'role', 'state']);
    const days = (Date.parse(created.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const mail = await mailTo('ada.lovelace@example.test');
    expect(mail.subject).toBe('Dana Whitfield invited you to join Northwind Labs on Hireloop');
    expect(mail.from).toBe('"Hireloop" <no-reply@hireloop.local>');
    expect(mail.text).toContain('as Recruiter');
    expect(mail.text).toContain('Sign in with Google as ada.lovelace@example.test');
    // The expiry in the short date and time styles, in UTC (the invitee's zone is unknown).
    const expires = new Date(created.expires_at);
    const hour = expires.getUTCHours() % 12 || 12;
    const expiry = `${expires.getUTCMonth() + 1}/${expires.getUTCDate()}/${String(expires.getUTCFullYear()).slice(2)}, ${hour}:${String(expires.getUTCMinutes()).padStart(2, '0')} ${expires.getUTCHours() < 12 ? 'AM' : 'PM'} UTC`;
    expect(mail.text.replace(/\s/g, ' ')).toContain(`The link is valid until ${expiry}.`);
    const token = tokenFrom(mail);
    expect(mail.html).toContain(`href="${t.baseUrl}/invitations/${token}"`);
    // Only the token's hash is stored.
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // Anyone holding the link sees whom it is from, and nothing else of the organisation.
    const anonymous = await new Client(t.baseUrl).csrf();
    const preview = await anonymous.get(`invitations/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.json).toEqual({
      invitation: {
        id: created.id,
        organisation: { name: 'Northwind Labs' },
        email: 'ada.lovelace@example.test',
        role: 'recruiter',
        inviter_name: 'Dana Whitfield',
        state: 'pending',
        expires_at: created.expires_at,
      },
    });
    expect((await anonymous.post(`invitations/${token}/accept`)).status).toBe(401);

    // A brand-new identity signs in from the link and comes back to it.
    const invitee = new Client(t.baseUrl);
    const { location } = await signInThroughIssuer(
      invitee,
      { name: 'Ada Lovelace', email: 'ada.lovelace@example.test' },
      `/invitations/${token}`,
    );
    expect(location).toBe(`/invitations/${token}`);
    const accepted = await invitee.post(`invitations/${token}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.organisation).toMatchObject({ id: org.id, name: 'Northwind Labs', role: 'recruiter' });
    expect(accepted.json.organisation.permissions).toContain('roles.manage');

    const me = await invitee.get('auth');
    expect(me.json.auth.user.current_organisation_id).toBe(org.id);
    expect(me.json.auth.organisations).toHaveLength(1);
    expect((await invitee.get(`organisation/${org.id}/users`)).status).toBe(200);

    const members = await expectOk(client, userOperations.list, { params: { organisationId: org.id }, query: { filter: { name: 'ada' } } });
    expect(members.users.data).toEqual([expect.objectContaining({ name: 'Ada Lovelace', role: 'recruiter' })]);
    expect((await client.get(`organisation/${org.id}/invitations`)).json.invitations.data).toEqual([]);

    const [created_] = await audit(org.id, 'invitation.created');
    expect(created_).toMatchObject({
      actorName: 'Dana Whitfield',
      targetId: created.id,
      after: expect.objectContaining({ role: 'recruiter' }),
    });
    const [acceptedEntry] = await audit(org.id, 'invitation.accepted');
    expect(acceptedEntry).toMatchObject({ actorName: 'Ada Lovelace', targetType: 'invitation', targetId: created.id });
  });

  it('refuses a signed-in user whose verified email is another one (403), and changes nothing', async () => {
    const { org, client } = await orgWithOwner();
    const { token } = await invite(client, org.id, 'grace@example.test');
    const stranger = await createUser(t, { email: 'mallory@example.test' });
    const res = await (await signIn(t, stranger)).post(`invitations/${token}/accept`);
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(
      'This invitation was sent to grace@example.test. Sign in with that email address to accept it, or ask for an invitation to your own address.',
    );
    expect(await t.database.db.select().from(memberships).where(eq(memberships.userId, stranger.id))).toEqual([]);
    const still = await client.get(`organisation/${org.id}/invitations`);
    expect(still.json.invitations.data).toEqual([expect.objectContaining({ email: 'grace@example.test', state: 'pending' })]);
    expect((await (await signIn(t, stranger)).post(`invitations/${token}/decline`)).status).toBe(403);
  });

  it('answers 410 for an expired link, and lets the admin invite again', async () => {
    const { org, client } = await orgWithOwner();
    const { invitation, token } = await invite(client, org.id, 'late@example.test');
    await t.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(invitations.id, invitation.id));
    const invitee = await signIn(t, await createUser(t, { email: 'late@example.test' }));
    const preview = await invitee.get(`invitations/${token}`);
    expect(preview.status).toBe(410);
    expect(preview.json).toEqual({
      message: 'This invitation has expired. Ask the person who invited you to send a new one.',
      code: 'gone',
    });
    const res = await invitee.post(`invitations/${token}/accept`);
    expect(res.status).toBe(410);
    expect(res.json.message).toContain('expired');
    expect((await client.get(`organisation/${org.id}/invitations`)).json.invitations.data[0].state).toBe('expired');

    const again = await client.post(`organisation/${org.id}/invitations`, { email: 'late@example.test', role: 'recruiter' });
    expect(again.status).toBe(201);
    expect((await client.get(`organisation/${org.id}/invitations`)).json.invitations.data).toHaveLength(1);
    await worker.runOnce();
  });

  it('accepted twice (a double click, a retry): the invitee gets the membership back, joined and announced once', async () => {
    const { org, owner, client } = await orgWithOwner();
    const { invitation, token } = await invite(client, org.id, 'once@example.test');
    const person = await createUser(t, { email: 'Once@Example.test' });
    const invitee = await signIn(t, person);
    const [first, second] = await Promise.all([invitee.post(`invitations/${token}/accept`), invitee.post(`invitations/${token}/accept`)]);
    expect([first.status, second.status], second.text).toEqual([200, 200]);
    expect(first.json.organisation).toMatchObject({ id: org.id, role: 'recruiter' });
    expect(second.json).toEqual(first.json);
    // Again later, by the link or from the invitee's own list: the same answer.
    for (const path of [`invitations/${token}/accept`, `me/invitations/${invitation.id}/accept`]) {
      const again = await invitee.post(path);
      expect(again.status, again.text).toBe(200);
      expect(again.json).toEqual(first.json);
    }
    expect(await audit(org.id, 'invitation.accepted')).toHaveLength(1);
    const announced = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'invitation_accepted')));
    expect(announced).toHaveLength(1);
    const joined = await t.database.db.select().from(memberships).where(eq(memberships.userId, person.id));
    expect(joined).toHaveLength(1);

    // To anyone else the link is used (410), as it is to the invitee once no longer a member; the preview too.
    const used = async (caller: ClientType) => {
      const res = await caller.post(`invitations/${token}/accept`);
      return [res.status, res.json.message];
    };
    const usedAnswer = [410, 'This invitation has already been used.'];
    expect(await used(await signIn(t, await createUser(t, { email: 'someone-else@example.test' })))).toEqual(usedAnswer);
    expect((await client.delete(`organisation/${org.id}/users/${person.id}`)).status).toBe(200);
    expect(await used(invitee)).toEqual(usedAnswer);
    expect((await invitee.get(`invitations/${token}`)).status).toBe(410);
  });

  it('stops a revoked link at once, and answers 404 for one that never existed', async () => {
    const { org, client } = await orgWithOwner();
    const { invitation, token } = await invite(client, org.id, 'revoked@example.test');
    expect((await client.delete(`organisation/${org.id}/invitations/${invitation.id}`)).status).toBe(204);
    const invitee = await signIn(t, await createUser(t, { email: 'revoked@example.test' }));
    const res = await invitee.post(`invitations/${token}/accept`);
    expect(res.status).toBe(410);
    expect(res.json.message).toBe('This invitation was withdrawn by the organisation.');
    expect((await client.get(`organisation/${org.id}/invitations`)).json.invitations.data).toEqual([]);
    // Revoking again is the same answer, recorded once.
    expect((await client.delete(`organisation/${org.id}/invitations/${invitation.id}`)).status).toBe(204);
    const entries = await audit(org.id, 'invitation.revoked');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ targetId: invitation.id, before: expect.objectContaining({ email: 'revoked@example.test' }) });

    const unknown = await invitee.get(`invitations/${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('This invitation link is not valid. Ask for a new invitation.');
    expect((await invitee.post(`invitations/${'x'.repeat(43)}/accept`)).status).toBe(404);
  });

  it('revoked twice at once (a double click): both 204, one audit entry', async () => {
    const { org, client } = await orgWithOwner();
    const { invitation } = await invite(client, org.id, 'twice@example.test');
    const path = `organisation/${org.id}/invitations/${invitation.id}`;
    const [a, b] = await Promise.all([client.delete(path), client.delete(path)]);
    expect([a.status, b.status]).toEqual([204, 204]);
    expect(await audit(org.id, 'invitation.revoked')).toHaveLength(1);
  });

  it('resends with a new link and a new 7-day expiry; the old link stops working', async () => {
    const { org, client } = await orgWithOwner();
    const { invitation, token: oldToken } = await invite(client, org.id, 'resend@example.test', 'interviewer');
    await t.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() + interval '1 day'` })
      .where(eq(invitations.id, invitation.id));
    const res = await client.post(`organisation/${org.id}/invitations/${invitation.id}/resend`);
    expect(res.status, res.text).toBe(200);
    expect((Date.parse(res.json.invitation.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(6.99);
    const newToken = tokenFrom(await mailTo('resend@example.test'));
    expect(newToken).not.toBe(oldToken);
    const invitee = await signIn(t, await createUser(t, { email: 'resend@example.test' }));
    expect((await invitee.post(`invitations/${oldToken}/accept`)).status).toBe(404);
    expect((await invitee.post(`invitations/${newToken}/accept`)).json.organisation.role).toBe('interviewer');
    expect(await audit(org.id, 'invitation.resent')).toHaveLength(1);
    expect((await client.post(`organisation/${org.id}/invitations/${invitation.id}/resend`)).status).toBe(409);
  });

  it('lets the invitee decline; the link then answers 410', async () => {
    const { org, client } = await orgWithOwner();
    const { token } = await invite(client, org.id, 'no-thanks@example.test');
    const invitee = await signIn(t, await createUser(t, { email: 'no-thanks@example.test' }));
    expect((await invitee.post(`invitations/${token}/decline`)).status).toBe(204);
    const res = await invitee.post(`invitations/${token}/accept`);
    expect(res.status).toBe(410);
    expect(res.json.message).toBe('This invitation was declined.');
    expect(await audit(org.id, 'invitation.declined')).toHaveLength(1);
    expect((await client.get(`organisation/${org.id}/invitations`)).json.invitations.data).toEqual([]);
  });
});

describe('bad invitations', () => {
  it('refuses an existing member (422 on email) and sends no mail', async () => {
    const { org, client, owner } = await orgWithOwner();
    const member = await createUser(t, { email: 'Member@Example.test' });
    await addMember(t, org.id, member.id, 'interviewer');
    const res = await client.post(`organisation/${org.id}/invitations`, { email: 'member@example.test', role: 'admin' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ email: ['member@example.test is already a member of this organisation.'] });
    const self = await client.post(`organisation/${org.id}/invitations`, { email: owner.email, role: 'admin' });
    expect(self.status).toBe(422);
    expect(await worker.runOnce()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(await t.database.db.select().from(invitations).where(eq(invitations.organisationId, org.id))).toEqual([]);
  });

  it('refuses an unknown role and an invalid email with field messages (422)', async () => {
    const { org, client } = await orgWithOwner();
    const res = await client.post(`organisation/${org.id}/invitations`, { email: 'not-an-email', role: 'emperor' });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      email: ['Enter a valid email address.'],
      role: ['Choose one of the roles: owner, admin, recruiter, hiring_manager, interviewer.'],
    });
    expect(await t.database.db.select().from(invitations).where(eq(invitations.organisationId, org.id))).toEqual([]);
  });

  it('refuses a second pending invitation of the same email (409)', async () => {
    const { org, client } = await orgWithOwner();
    await invite(client, org.id, 'twice@example.test');
    const res = await client.post(`organisation/${org.id}/invitations`, { email: 'TWICE@example.test', role: 'admin' });
    expect(res.status).toBe(409);
    expect(res.json.errors).toEqual({ email: ['twice@example.test already has a pending invitation. Resend it instead.'] });
  });

  it('lets only an owner invite an owner', async () => {
    const { org, client } = await orgWithOwner();
    const admin = await createUser(t);
    await addMember(t, org.id, admin.id, 'admin');
    const asAdmin = await signIn(t, admin);
    const res = await asAdmin.post(`organisation/${org.id}/invitations`, { email: 'boss@example.test', role: 'owner' });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Only an owner can invite another owner.');
    expect((await asAdmin.post(`organisation/${org.id}/invitations`, { email: 'boss@example.test', role: 'admin' })).status).toBe(201);
    expect((await client.post(`organisation/${org.id}/invitations`, { email: 'co-owner@example.test', role: 'owner' })).status).toBe(201);
    await worker.runOnce();
  });

  it('counts pending invitations against the plan’s seats and refuses the one too many (422)', async () => {
    const { org, client } = await orgWithOwner();
    await t.database.db.update(organisations).set({ plan: 'free' }).where(eq(organisations.id, org.id));
    expect((await client.post(`organisation/${org.id}/invitations`, { email: 'seat1@example.test', role: 'recruiter' })).status).toBe(201);
    expect((await client.post(`organisation/${org.id}/invitations`, { email: 'seat2@example.test', role: 'recruiter' })).status).toBe(201);
    const res = await client.post(`organisation/${org.id}/invitations`, { email: 'seat3@example.test', role: 'recruiter' });
    expect(res.status).toBe(422);
    expect(res.json.errors.email[0]).toMatch(/Your plan allows 3 members/);
    expect((await client.get(`organisation/${org.id}/invitations`)).json.invitations.meta.total).toBe(2);
    await worker.runOnce();
  });

  it('refuses to accept an invitation the plan no longer has a seat for (the trial ended on Free)', async () => {
    const { org, client } = await orgWithOwner();
    for (const email of ['m1@example.test', 'm2@example.test'])
      await addMember(t, org.id, (await createUser(t, { email })).id, 'recruiter');
    const { token } = await invite(client, org.id, 'fourth@example.test');
    const byId = await invite(client, org.id, 'fifth@example.test');
    await t.database.db
      .update(organisations)
      .set({ trailEndsAt: new Date(Date.now() - 1000) })
      .where(eq(organisations.id, org.id));
    const members = async () => (await t.database.db.select().from(memberships).where(eq(memberships.organisationId, org.id))).length;

    const res = await (await signIn(t, await createUser(t, { email: 'fourth@example.test' }))).post(`invitations/${token}/accept`);
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      message: 'Your plan allows 3 members. Upgrade to add more.',
      code: 'validation_failed',
      errors: { seats: ['Your plan allows 3 members. Upgrade to add more.'] },
    });
    const mine = await (
      await signIn(t, await createUser(t, { email: 'fifth@example.test' }))
    ).post(`me/invitations/${byId.invitation.id}/accept`);
    expect(mine.status).toBe(422);
    expect(await members()).toBe(3);
    // Still pending: accepted once the organisation upgrades or frees seats.
    expect((await client.get(`organisation/${org.id}/invitations`)).json.invitations.meta.total).toBe(2);
  });

  it('answers 404 for another organisation’s invitation id', async () => {
    const a = await orgWithOwner();
    const b = await orgWithOwner();
    const { invitation } = await invite(a.client, a.org.id, 'cross@example.test');
    expect((await b.client.delete(`organisation/${b.org.id}/invitations/${invitation.id}`)).status).toBe(404);
    expect((await b.client.post(`organisation/${b.org.id}/invitations/${invitation.id}/resend`)).status).toBe(404);
    expect((await b.client.delete(`organisation/${b.org.id}/invitations/not-a-uuid`)).status).toBe(404);
  });
});

describe('my invitations', () => {
  it('lists the pending invitations addressed to me, and accepts or declines them by id', async () => {
    const one = await orgWithOwner('Acme One');
    const two = await orgWithOwner('Acme Two');
    const other = await orgWithOwner('Not Mine');
    await invite(one.client, one.org.id, 'me@example.test', 'admin');
    await invite(two.client, two.org.id, 'me@example.test', 'interviewer');
    await invite(other.client, other.org.id, 'someone-else@example.test');
    const me = await signIn(t, await createUser(t, { email: 'me@example.test' }));

    const list = await me.get('me/invitations');
    expect(list.status).toBe(200);
    expect(list.json.invitations.meta.total).toBe(2);
    const byOrg = Object.fromEntries(list.json.invitations.data.map((i: { organisation: { name: string } }) => [i.organisation.name, i]));
    expect(Object.keys(byOrg).sort()).toEqual(['Acme One', 'Acme Two']);

    const accepted = await me.post(`me/invitations/${byOrg['Acme One'].id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.json.organisation).toMatchObject({ id: one.org.id, role: 'admin' });
    expect((await me.post(`me/invitations/${byOrg['Acme Two'].id}/decline`)).status).toBe(204);
    expect((await me.get('me/invitations')).json.invitations.data).toEqual([]);

    const someoneElses = (await other.client.get(`organisation/${other.org.id}/invitations`)).json.invitations.data[0];
    expect((await me.post(`me/invitations/${someoneElses.id}/accept`)).status).toBe(404);
    // Accepting again gives the membership back; the declined one stays declined (410).
    const again = await me.post(`me/invitations/${byOrg['Acme One'].id}/accept`);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual(accepted.json);
    expect((await me.post(`me/invitations/${byOrg['Acme Two'].id}/accept`)).status).toBe(410);
  });

  it('requires a session', async () => {
    const anonymous = await new Client(t.baseUrl).csrf();
    expect((await anonymous.get('me/invitations')).status).toBe(401);
    expect((await anonymous.post('me/invitations/00000000-0000-4000-8000-000000000000/accept')).status).toBe(401);
  });
});
