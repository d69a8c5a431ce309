import { API_KEY_READ_SCOPES } from '@hireloop/contract/api-keys';
import { and, eq, ilike, or, sql } from 'drizzle-orm';
import type { MemberRole } from '@hireloop/contract/constants';
import { DEFAULT_EXPERIENCE_LEVELS } from '@hireloop/contract/experience-levels';
import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import { INVITATION_TTL_DAYS } from '@hireloop/contract/invitations';
import { invitationMail } from '../lib/invitation-mail.ts';
import { randomToken, sha256 } from '../lib/tokens.ts';
import type { Db } from './client.ts';
import { seedDemoHiring } from './demo-hiring.ts';
import { seedDemoOffers } from './demo-offers.ts';
import { seedDemoOnboarding } from './demo-onboarding.ts';
import { seedDemoWebsite } from './demo-website.ts';
import { seedDemoInterviews } from './demo-interviews.ts';
import { seedDemoRoles } from './demo-roles.ts';
import { invitations } from './schema/invitations.ts';
import { apiKeys } from './schema/api-keys.ts';
import { auditLog } from './schema/audit-log.ts';
import { jobRoles } from './schema/job-roles.ts';
import { teamMembers, teams } from './schema/teams.ts';
import { notifications } from './schema/notifications.ts';
import { outbox } from './schema/outbox.ts';
import { memberships, organisations } from './schema/organisations.ts';
import { localIdentities, users } from './schema/users.ts';
import { experienceLevels, recruitmentStatuses } from './schema/recruitment-settings.ts';

/** Must match LOCAL_ISSUER_KEY: demo people sign in through the local identity provider. */
const LOCAL_ISSUER = 'local';

export const DEMO_ORGANISATION = { name: 'Northwind Labs', slug: 'northwind-labs' };
export const DEMO_PEOPLE: Array<{ sub: string; name: string; email: string; role: MemberRole }> = [
  { sub: 'demo-owner', name: 'Dana Whitfield', email: 'demo@hireloop.test', role: 'owner' },
  { sub: 'demo-admin', name: 'Marcus Lee', email: 'marcus@hireloop.test', role: 'admin' },
  { sub: 'demo-recruiter', name: 'Priya Raman', email: 'priya@hireloop.test', role: 'recruiter' },
  { sub: 'demo-hiring-manager', name: 'Tom Okafor', email: 'tom@hireloop.test', role: 'hiring_manager' },
  { sub: 'demo-interviewer', name: 'Elena García', email: 'elena@hireloop.test', role: 'interviewer' },
];
const DEMO_LEVELS = [...DEFAULT_EXPERIENCE_LEVELS, 'Principal'];
/** The default pipeline plus a take-home stage, as a tech company would run it. */
const DEMO_STATUSES = [
  ...DEFAULT_RECRUITMENT_STATUSES.slice(0, 2),
  { name: 'Technical task', colour: '#4c6ef5', category: 'in_progress' as const },
  ...DEFAULT_RECRUITMENT_STATUSES.slice(2),
];
/** A pending invitation, so the members screen and the dev mailbox have something to show. */
export const DEMO_INVITATION = { email: 'newhire@hireloop.test', role: 'interviewer' as MemberRole };

/**
 * Seeds the demo organisation once, when the database has no organisation at all.
 * Later issues extend it (teams, recruitments, candidates…). Returns whether it seeded.
 */
export async function seedDemo(db: Db, opts: { appUrl?: string } = {}): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    // Serialise concurrent first starts on a shared server.
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const [existing] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(organisations);
    if ((existing?.n ?? 0) > 0) return false;

    const [org] = await tx
      .insert(organisations)
      .values({
        ...DEMO_ORGANISATION,
        timezone: 'Europe/London',
        website: 'https://northwind.example',
        size: '11-50',
        trailEndsAt: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning();
    if (!org) throw new Error('demo organisation not created');
    for (const p of DEMO_PEOPLE) {
      await tx.insert(localIdentities).values({ sub: p.sub, email: p.email, name: p.name }).onConflictDoNothing();
      const [user] = await tx
        .insert(users)
        .values({ oidcIssuer: LOCAL_ISSUER, oidcSub: p.sub, email: p.email, name: p.name, currentOrganisationId: org.id })
        .onConflictDoUpdate({ target: [users.oidcIssuer, users.oidcSub], set: { currentOrganisationId: org.id } })
        .returning();
      if (!user) throw new Error('demo user not created');
      await tx.insert(memberships).values({ organisationId: org.id, userId: user.id, role: p.role });
      if (p.role === 'owner') {
        await tx.insert(notifications).values({
          userId: user.id,
          organisationId: org.id,
          type: 'welcome',
          data: { title: `Welcome to ${DEMO_ORGANISATION.name}`, body: 'This demo organisation is yours to explore.', url: '/dashboard' },
        });
      }
    }
    // Settings → experience levels, recruitment status and API keys have something real to show.
    await tx.insert(experienceLevels).values(DEMO_LEVELS.map((name, i) => ({ organisationId: org.id, name, position: i + 1 })));
    await seedDemoRoles(tx, org.id);
    await tx.insert(recruitmentStatuses).values(DEMO_STATUSES.map((status, i) => ({ organisationId: org.id, ...status, position: i + 1 })));
    const [keyCreator] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.oidcIssuer, LOCAL_ISSUER), eq(users.oidcSub, 'demo-owner')));
    // Nobody ever learns this key: like every key, only its hash and prefix are stored.
    const demoKey = `hl_${randomToken()}`;
    await tx.insert(apiKeys).values({
      organisationId: org.id,
      name: 'Nightly HRIS sync',
      prefix: demoKey.slice(0, 11),
      tokenHash: sha256(demoKey),
      scopes: API_KEY_READ_SCOPES,
      createdBy: keyCreator?.id ?? null,
      // Made a month ago and used by last night's sync: never used before it existed.
      createdAt: new Date(Date.now() - 30 * 86_400_000),
      lastUsedAt: new Date(Date.now() - 9 * 3_600_000),
    });

    // The invitation's mail goes through the outbox like any other: the worker delivers it at start.
    const [owner] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.oidcIssuer, LOCAL_ISSUER), eq(users.oidcSub, 'demo-owner')));
    const token = randomToken();
    const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
    await tx.insert(invitations).values({
      organisationId: org.id,
      ...DEMO_INVITATION,
      tokenHash: sha256(token),
      invitedBy: owner?.id ?? null,
      expiresAt,
    });
    const mail = invitationMail({
      to: DEMO_INVITATION.email,
      organisationName: org.name,
      inviterName: owner?.name ?? null,
      role: DEMO_INVITATION.role,
      acceptUrl: `${opts.appUrl ?? 'http://localhost:3000'}/invitations/${token}`,
      expiresAt,
    });
    await tx.insert(outbox).values({ kind: 'mail', payload: mail });

    // My Personal Settings: Dana works from London. Organisation Settings: an audit log with a short history.
    await seedDemoTeams(tx, org);
    await seedDemoAuditLog(tx, org);
    // Recruitments, candidates and their history (docs/product.md §13).
    const demoPeople = {
      dana: await demoUser(tx, 'demo-owner'),
      marcus: await demoUser(tx, 'demo-admin'),
      priya: await demoUser(tx, 'demo-recruiter'),
      tom: await demoUser(tx, 'demo-hiring-manager'),
      elena: await demoUser(tx, 'demo-interviewer'),
    };
    await seedDemoHiring(tx, org.id, demoPeople);
    // Interview types, past interviews with scorecards and upcoming ones (docs/product.md §14).
    await seedDemoInterviews(tx, org.id, demoPeople);
    // Offers in every state, one waiting for Dana's approval (docs/product.md §15).
    await seedDemoOffers(tx, org.id, demoPeople);
    // The Website and Onboarding products: a careers site with visits and applications, hires in onboarding (docs/product.md §16).
    await seedDemoWebsite(tx, org.id);
    await seedDemoOnboarding(tx, org.id, demoPeople);
    return true;
  });
  // Statistics for the planner now, as autovacuum would leave them a minute or more later: without
  // them it guessed one row per table, and a recruitment's candidates table looked each candidate
  // up by reading the whole organisation's (3,921 buffers instead of 171; decision 017).
  if (seeded) await db.execute(sql`analyze`);
  return seeded;
}

async function demoUser(tx: Db, sub: string) {
  const [user] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.oidcIssuer, LOCAL_ISSUER), eq(users.oidcSub, sub)));
  if (!user) throw new Error(`demo user ${sub} missing`);
  return user;
}

async function seedDemoAuditLog(tx: Db, org: { id: string; name: string; slug: string; website: string | null; timezone: string }) {
  const dana = await demoUser(tx, 'demo-owner');
  const marcus = await demoUser(tx, 'demo-admin');
  const priya = await demoUser(tx, 'demo-recruiter');
  await tx.update(users).set({ timezone: 'Europe/London' }).where(eq(users.id, dana.id));
  const [invitation] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.organisationId, org.id), eq(invitations.email, DEMO_INVITATION.email)));
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const entry = (who: { id: string; name: string }, at: Date) => ({
    organisationId: org.id,
    actorUserId: who.id,
    actorName: who.name,
    createdAt: at,
  });
  await tx.insert(auditLog).values([
    {
      ...entry(dana, minutesAgo(180)),
      action: 'organisation.created',
      targetType: 'organisation',
      targetId: org.id,
      after: { name: org.name, slug: org.slug, timezone: 'UTC' },
    },
    {
      ...entry(marcus, minutesAgo(150)),
      action: 'organisation.updated',
      targetType: 'organisation',
      targetId: org.id,
      before: { website: null, timezone: 'UTC' },
      after: { website: org.website, timezone: org.timezone },
    },
    {
      ...entry(dana, minutesAgo(95)),
      action: 'member.role_changed',
      targetType: 'member',
      targetId: priya.id,
      before: { name: priya.name, role: 'interviewer' },
      after: { name: priya.name, role: 'recruiter' },
    },
    {
      ...entry(dana, minutesAgo(30)),
      action: 'invitation.created',
      targetType: 'invitation',
      targetId: invitation?.id ?? null,
      after: { email: DEMO_INVITATION.email, role: DEMO_INVITATION.role },
    },
  ]);
}

/** Teams and a client (docs/product.md §12), each with a hiring team; the demo roles go to the team whose name pattern they match. */
const DEMO_TEAMS = [
  {
    name: 'Engineering',
    kind: 'team',
    description: 'Builds and runs the Northwind platform.',
    contactName: 'Tom Okafor',
    contactEmail: 'tom@hireloop.test',
    hiringTeam: ['demo-owner', 'demo-hiring-manager', 'demo-interviewer'],
    roles: ['%engineer%', '%developer%'],
  },
  {
    name: 'Design',
    kind: 'team',
    description: 'Product and brand design.',
    hiringTeam: ['demo-admin', 'demo-recruiter'],
    roles: ['%design%'],
  },
  {
    name: 'Acme Retail',
    kind: 'client',
    description: 'A retail chain we hire customer-facing staff for.',
    contactName: 'Alice Mercer',
    contactEmail: 'alice.mercer@acme-retail.example',
    contactPhone: '+44 20 7946 0321',
    hiringTeam: ['demo-recruiter', 'demo-hiring-manager'],
    roles: ['%customer%', '%success%'],
  },
];

async function seedDemoTeams(tx: Db, org: { id: string }) {
  for (const { hiringTeam, roles, ...values } of DEMO_TEAMS) {
    const [team] = await tx
      .insert(teams)
      .values({ organisationId: org.id, ...values })
      .returning();
    if (!team) throw new Error('demo team not created');
    for (const sub of hiringTeam) {
      const user = await demoUser(tx, sub);
      await tx.insert(teamMembers).values({ teamId: team.id, userId: user.id });
    }
    await tx
      .update(jobRoles)
      .set({ teamId: team.id })
      .where(and(eq(jobRoles.organisationId, org.id), sql`${jobRoles.teamId} is null`, or(...roles.map((p) => ilike(jobRoles.name, p)))));
  }
}
