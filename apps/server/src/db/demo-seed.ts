import { sql } from 'drizzle-orm';
import type { MemberRole } from '@hireloop/contract/constants';
import type { Db } from './client.ts';
import { jobRoles } from './schema/job-roles.ts';
import { notifications } from './schema/notifications.ts';
import { memberships, organisations } from './schema/organisations.ts';
import { localIdentities, users } from './schema/users.ts';

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
const DEMO_ROLES = ['Senior Backend Engineer', 'Product Designer', 'Customer Success Manager'];

/**
 * Seeds the demo organisation once, when the database has no organisation at all.
 * Later issues extend it (teams, recruitments, candidates…). Returns whether it seeded.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
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
    await tx.insert(jobRoles).values(DEMO_ROLES.map((name) => ({ organisationId: org.id, name })));
    return true;
  });
}
