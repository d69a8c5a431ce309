import { and, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { applicationsOfCandidate, outer } from '../../db/sql.ts';
import { memberships } from '../../db/schema/organisations.ts';
import { users } from '../../db/schema/users.ts';
import { offsetOf } from '../../lib/paging.ts';
import { prepareNamed, preparedPerDbAndKey } from '../../db/prepared.ts';

/**
 * The user's notifications of organisations they belong to now (and those of no organisation): a
 * removed member no longer reads what an organisation told them (docs/security.md, "Removing a
 * member"), even a row stored as the removal committed. Index notifications_user_created_idx.
 */
const stillTheirs = (userId: string) =>
  and(
    eq(notifications.userId, userId),
    or(
      isNull(notifications.organisationId),
      sql`exists (select 1 from ${memberships} m where m.organisation_id = ${outer(notifications.organisationId)} and m.user_id = ${userId})`,
    ),
  );

/**
 * A page of the user's notifications and their total in one prepared statement (was two, each on a
 * pool connection of its own); the first row comes even when the page is empty, with the total.
 */
export async function listNotifications(db: Db, userId: string, page: number, perPage: number, unreadOnly: boolean) {
  const found = await bellPage(db, unreadOnly ? 'unread' : 'all').execute({ userId, limit: perPage, offset: offsetOf(page, perPage) });
  return { rows: found.flatMap((r) => (r.notification ? [r.notification] : [])), total: found[0]?.total ?? 0 };
}

const bellPage = preparedPerDbAndKey((db, which: 'all' | 'unread') => {
  const userId = sql.placeholder('userId');
  const theirs = sql`n.user_id = ${userId}
    and (n.organisation_id is null or exists (select 1 from ${memberships} m where m.organisation_id = n.organisation_id and m.user_id = ${userId}))
    ${which === 'unread' ? sql`and n.read_at is null` : sql``}`;
  const page = sql`(select t.n, p.id, p.created_at from (select count(*)::int as n from ${notifications} n where ${theirs}) t
    left join lateral (select n.id, n.created_at from ${notifications} n where ${theirs}
      order by n.created_at desc, n.id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p on true) p`;
  return prepareNamed(
    db
      .select({ notification: getTableColumns(notifications), total: sql<number>`p.n`.mapWith(Number) })
      .from(page)
      .leftJoin(notifications, eq(notifications.id, sql`p.id`))
      .orderBy(sql`p.created_at desc, p.id desc`),
  );
});

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(stillTheirs(userId), isNull(notifications.readAt)));
}

export async function insertNotification(db: Db, n: typeof notifications.$inferInsert) {
  const [row] = await db.insert(notifications).values(n).returning();
  if (!row) throw new Error('notification insert returned no row');
  return row;
}

/** Who a notification goes to: the address and e-mail choices of the user. */
export async function findRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, emailPreferences: users.emailPreferences })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A member's removal: what the organisation told them goes with their membership. */
export async function deleteNotificationsOfMember(db: Db, organisationId: string, userId: string) {
  await db.delete(notifications).where(and(eq(notifications.organisationId, organisationId), eq(notifications.userId, userId)));
}

/** Owners and admins of an organisation. */
export async function findOrganisationAdminIds(db: Db, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.role, ['owner', 'admin'])));
  return rows.map((r) => r.userId);
}

/**
 * Erasure: notifications about the candidate. Those naming them (candidate_id) or linking to one of
 * their applications; and, written before notifications carried candidate_id, those about their
 * interviews, offers and hires.
 */
export async function deleteNotificationsAbout(db: Db, organisationId: string, candidateId: string) {
  const theirApplications = applicationsOfCandidate(organisationId, candidateId);
  await db.delete(notifications).where(
    and(
      eq(notifications.organisationId, organisationId),
      sql`(${notifications.data}->>'candidate_id' = ${candidateId}
        or ${outer(notifications.data)}->>'url' in (select '/recruitment/' || a.recruitment_id || '/candidates?application=' || a.id
          from applications a where a.organisation_id = ${organisationId} and a.candidate_id = ${candidateId})
        or ${outer(notifications.data)}->>'interview_id' in (select i.id::text from interviews i where i.application_id in ${theirApplications})
        or ${outer(notifications.data)}->>'offer_id' in (select o.id::text from offers o where o.application_id in ${theirApplications})
        or ${outer(notifications.data)}->>'hire_id' in (select h.id::text from hires h where h.candidate_id = ${candidateId}))`,
    ),
  );
}

/** Merge: notifications naming the source name the target. */
export async function moveNotificationsToCandidate(db: Db, organisationId: string, sourceId: string, targetId: string) {
  await db
    .update(notifications)
    .set({ data: sql`jsonb_set(${notifications.data}, '{candidate_id}', to_jsonb(${targetId}::text))` })
    .where(and(eq(notifications.organisationId, organisationId), sql`${notifications.data}->>'candidate_id' = ${sourceId}`));
}
