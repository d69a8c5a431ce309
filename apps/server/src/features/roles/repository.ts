import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRoles } from '../../db/schema/job-roles.ts';
import { experienceLevels } from '../../db/schema/recruitment-settings.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { teams } from '../../db/schema/teams.ts';
import { containsPattern, offsetOf, totalOf } from '../../lib/paging.ts';

export type RoleRow = typeof jobRoles.$inferSelect;
export type RoleValues = Partial<Omit<typeof jobRoles.$inferInsert, 'id' | 'organisationId' | 'createdAt'>>;
export type RoleWithRefs = RoleRow & { teamName: string | null; levelName: string | null };

export type RoleFilters = {
  name?: string | undefined;
  status?: string | undefined;
  teamId?: string | undefined;
  locationType?: string | undefined;
};

const withRefs = {
  role: jobRoles,
  teamName: teams.name,
  levelName: experienceLevels.name,
};

function selectWithRefs(db: Db) {
  return db
    .select(withRefs)
    .from(jobRoles)
    .leftJoin(teams, and(eq(teams.id, jobRoles.teamId), eq(teams.organisationId, jobRoles.organisationId)))
    .leftJoin(
      experienceLevels,
      and(eq(experienceLevels.id, jobRoles.experienceLevelId), eq(experienceLevels.organisationId, jobRoles.organisationId)),
    );
}

const flatten = (r: { role: RoleRow; teamName: string | null; levelName: string | null }): RoleWithRefs => ({
  ...r.role,
  teamName: r.teamName,
  levelName: r.levelName,
});

/** Every query takes the organisation first: another organisation's rows never match. */
export async function listRoles(db: Db, organisationId: string, o: { page: number; perPage: number } & RoleFilters) {
  const where = and(
    eq(jobRoles.organisationId, organisationId),
    o.name ? ilike(jobRoles.name, containsPattern(o.name)) : undefined,
    o.status ? eq(jobRoles.status, o.status) : undefined,
    o.teamId ? eq(jobRoles.teamId, o.teamId) : undefined,
    o.locationType ? eq(jobRoles.locationType, o.locationType) : undefined,
  );
  const rows = await selectWithRefs(db)
    .where(where)
    .orderBy(asc(jobRoles.name), asc(jobRoles.id))
    .limit(o.perPage)
    .offset(offsetOf(o.page, o.perPage));
  const total = await totalOf(
    o.page,
    o.perPage,
    rows.length,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(jobRoles)
          .where(where)
      )[0]?.n ?? 0,
  );
  return { rows: rows.map(flatten), total };
}

export async function findRole(db: Db, organisationId: string, id: string): Promise<RoleWithRefs | null> {
  const [row] = await selectWithRefs(db).where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, id)));
  return row ? flatten(row) : null;
}

/** The role, locked until the transaction ends. */
export async function lockRole(db: Db, organisationId: string, id: string): Promise<RoleRow | null> {
  const [row] = await db
    .select()
    .from(jobRoles)
    .where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, id)))
    .for('update');
  return row ?? null;
}

export async function teamExists(db: Db, organisationId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.organisationId, organisationId), eq(teams.id, id)));
  return Boolean(row);
}

export async function levelExists(db: Db, organisationId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: experienceLevels.id })
    .from(experienceLevels)
    .where(and(eq(experienceLevels.organisationId, organisationId), eq(experienceLevels.id, id)));
  return Boolean(row);
}

export async function insertRole(db: Db, organisationId: string, values: RoleValues & { name: string }) {
  const [row] = await db
    .insert(jobRoles)
    .values({ ...values, organisationId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRole(db: Db, organisationId: string, id: string, values: RoleValues) {
  const [row] = await db
    .update(jobRoles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRole(db: Db, organisationId: string, id: string) {
  await db.delete(jobRoles).where(and(eq(jobRoles.organisationId, organisationId), eq(jobRoles.id, id)));
}

/** Whether any recruitment (open or closed) runs or ran for the role. */
export async function roleHasRecruitments(db: Db, organisationId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: recruitments.id })
    .from(recruitments)
    .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.roleId, id)))
    .limit(1);
  return rows.length > 0;
}
