import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { memberships } from '../../db/schema/organisations.ts';
import { teamMembers, teams } from '../../db/schema/teams.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern, offsetOf, totalOf } from '../../lib/paging.ts';

export type TeamRow = typeof teams.$inferSelect;
export type TeamValues = Partial<Pick<TeamRow, 'name' | 'kind' | 'description' | 'contactName' | 'contactEmail' | 'contactPhone'>>;

const ofOrganisation = (organisationId: string) => eq(teams.organisationId, organisationId);

/** Serialises team writes of one organisation, so the case-insensitive name check cannot race. */
export async function lockTeams(tx: Db, organisationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('teams'), hashtext(${organisationId}))`);
}

// Written with qualified names: drizzle leaves columns of a one-table select unqualified, which a subquery would rebind.
const rolesCount =
  sql<number>`(select count(*) from job_roles r where r.team_id = "teams"."id" and r.organisation_id = "teams"."organisation_id")`.mapWith(
    Number,
  );
const membersCount = sql<number>`(select count(*) from team_members m where m.team_id = "teams"."id")`.mapWith(Number);

const ORDER = {
  name: [asc(sql`lower(${teams.name})`), asc(teams.id)],
  '-name': [desc(sql`lower(${teams.name})`), asc(teams.id)],
  created_at: [asc(teams.createdAt), asc(teams.id)],
  '-created_at': [desc(teams.createdAt), asc(teams.id)],
} as const;
export type TeamSort = keyof typeof ORDER;

export async function listTeams(
  db: Db,
  organisationId: string,
  o: { page: number; perPage: number; name?: string | undefined; kind?: string | undefined; sort: TeamSort },
) {
  const where = and(
    ofOrganisation(organisationId),
    o.name ? ilike(teams.name, containsPattern(o.name)) : undefined,
    o.kind ? eq(teams.kind, o.kind) : undefined,
  );
  const rows = await db
    .select({ team: teams, rolesCount, membersCount })
    .from(teams)
    .where(where)
    .orderBy(...ORDER[o.sort])
    .limit(o.perPage)
    .offset(offsetOf(o.page, o.perPage));
  const total = await totalOf(
    o.page,
    o.perPage,
    rows.length,
    async () => (await db.select({ n: count() }).from(teams).where(where))[0]?.n ?? 0,
  );
  return { rows, total };
}

export function findTeam(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(teams)
    .where(and(ofOrganisation(organisationId), eq(teams.id, id)))
    .then((r) => r[0]);
}

/** Whether another team of the organisation already has this name, ignoring case. */
export function teamNameTaken(db: Db, organisationId: string, name: string, exceptId?: string) {
  return db
    .select({ id: teams.id })
    .from(teams)
    .where(and(ofOrganisation(organisationId), sql`lower(${teams.name}) = lower(${name})`, exceptId ? ne(teams.id, exceptId) : undefined))
    .limit(1)
    .then((r) => r.length > 0);
}

export function insertTeam(db: Db, organisationId: string, values: TeamValues & { name: string }) {
  return db
    .insert(teams)
    .values({ organisationId, ...values })
    .returning()
    .then((r) => r[0]!);
}

export function updateTeam(db: Db, organisationId: string, id: string, values: TeamValues) {
  return db
    .update(teams)
    .set({ ...values, updatedAt: new Date() })
    .where(and(ofOrganisation(organisationId), eq(teams.id, id)))
    .returning()
    .then((r) => r[0]);
}

/** Its roles stay; their team becomes null (FK on delete set null). Its hiring team goes with it. */
/** Points the team at its current logo file (or none). */
export function setTeamLogo(db: Db, organisationId: string, id: string, fileId: string | null) {
  return db
    .update(teams)
    .set({ logoKey: fileId, updatedAt: new Date() })
    .where(and(ofOrganisation(organisationId), eq(teams.id, id)))
    .returning()
    .then((r) => r[0]);
}

export function deleteTeam(db: Db, organisationId: string, id: string) {
  return db
    .delete(teams)
    .where(and(ofOrganisation(organisationId), eq(teams.id, id)))
    .returning()
    .then((r) => r[0]);
}

/** The hiring team, only people who are (still) members of the organisation. */
export function teamMembersOf(db: Db, organisationId: string, teamId: string) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, avatarUrl: users.avatarUrl })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.organisationId, organisationId)))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** The team's job roles (read-only view of the job-roles feature's table). */
export function teamRolesOf(db: Db, organisationId: string, teamId: string) {
  return db
    .select({ id: jobRoles.id, name: jobRoles.name, status: jobRoles.status })
    .from(jobRoles)
    .where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.teamId, teamId)))
    .orderBy(asc(sql`lower(${jobRoles.name})`), asc(jobRoles.id));
}

/** Which of these user ids are members of the organisation. */
export function organisationMemberIds(db: Db, organisationId: string, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([] as string[]);
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, userIds)))
    .then((r) => r.map((m) => m.userId));
}

export async function replaceTeamMembers(db: Db, teamId: string, userIds: string[]) {
  await db.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
  if (userIds.length > 0) await db.insert(teamMembers).values(userIds.map((userId) => ({ teamId, userId })));
}
