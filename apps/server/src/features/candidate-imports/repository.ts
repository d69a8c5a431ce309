import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, candidateImports, candidates } from '../../db/schema/candidates.ts';

export type ImportRow = typeof candidateImports.$inferSelect;

export async function insertImport(db: Db, values: typeof candidateImports.$inferInsert) {
  const [row] = await db.insert(candidateImports).values(values).returning();
  return row!;
}

export function findImport(db: Db, organisationId: string, id: string) {
  return db
    .select()
    .from(candidateImports)
    .where(and(eq(candidateImports.organisationId, organisationId), eq(candidateImports.id, id)))
    .then((r) => r[0]);
}

const unfinished = inArray(candidateImports.status, ['pending', 'running']);

/**
 * Claims the unfinished imports no node holds, or whose holder's heartbeat is older than `expiredBefore`:
 * one UPDATE, so of two nodes claiming at once each import goes to one of them.
 */
export function claimImports(db: Db, nodeId: string, now: Date, expiredBefore: Date) {
  return db
    .update(candidateImports)
    .set({ lockedBy: nodeId, heartbeatAt: now })
    .where(and(unfinished, or(isNull(candidateImports.lockedBy), lt(candidateImports.heartbeatAt, expiredBefore))))
    .returning();
}

/** Renews this node's lease on the imports it is processing. */
export async function renewLeases(db: Db, nodeId: string, ids: string[], now: Date) {
  if (ids.length === 0) return;
  await db
    .update(candidateImports)
    .set({ heartbeatAt: now })
    .where(and(inArray(candidateImports.id, ids), eq(candidateImports.lockedBy, nodeId), unfinished));
}

/** Locks the import row for a batch's transaction; null unless this node still holds it. */
export async function lockHeldImport(db: Db, id: string, nodeId: string) {
  const [row] = await db
    .select({ lockedBy: candidateImports.lockedBy, processedRows: candidateImports.processedRows, status: candidateImports.status })
    .from(candidateImports)
    .where(eq(candidateImports.id, id))
    .for('update');
  return row && row.lockedBy === nodeId && row.status === 'running' ? row : null;
}

/** Updates an import this node holds; false when it no longer does. */
export async function updateHeldImport(db: Db, id: string, nodeId: string, values: Partial<typeof candidateImports.$inferInsert>) {
  const rows = await db
    .update(candidateImports)
    .set(values)
    .where(and(eq(candidateImports.id, id), eq(candidateImports.lockedBy, nodeId)))
    .returning({ id: candidateImports.id });
  return rows.length > 0;
}

export function candidatesByEmail(db: Db, organisationId: string, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db
    .select({ id: candidates.id, email: candidates.email })
    .from(candidates)
    .where(and(eq(candidates.organisationId, organisationId), inArray(candidates.email, emails)));
}

/** Of these candidates, those already in the recruitment. */
export async function candidatesInRecruitment(db: Db, recruitmentId: string, candidateIds: string[]) {
  if (candidateIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ candidateId: applications.candidateId })
    .from(applications)
    .where(and(eq(applications.recruitmentId, recruitmentId), inArray(applications.candidateId, candidateIds)));
  return new Set(rows.map((r) => r.candidateId));
}

export type NewPerson = {
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  links: string[];
  source: string;
  consent: boolean;
};

/**
 * Inserts the new people of a batch in one statement (the rows travel as one JSON parameter, not
 * thousands of bind parameters); an e-mail created meanwhile by someone else is skipped (the
 * caller matches it instead).
 */
export async function insertCandidates(db: Db, organisationId: string, createdById: string | null, people: NewPerson[]) {
  if (people.length === 0) return [];
  const result = (await db.execute(sql`
    insert into candidates (organisation_id, name, email, phone, location, links, source, consent_source, consent_at, created_by_id)
    select ${organisationId}::uuid, x.name, x.email, x.phone, x.location, x.links, x.source,
      case when x.consent then 'import' end, case when x.consent then now() end, ${createdById}::uuid
    from json_to_recordset(${JSON.stringify(people)}::json)
      as x(name text, email text, phone text, location text, links jsonb, source text, consent boolean)
    on conflict do nothing
    returning id, email`)) as unknown as { rows: { id: string; email: string | null }[] };
  return result.rows;
}

export type NewApplication = { candidate_id: string; board_position: number; source: string; tags: string[]; reused: boolean };

/**
 * Adds the batch's applications in one statement, with their first stage change and their
 * 'application.created' timeline entry. An application the recruitment already has (a concurrent
 * add) is skipped; returns the ones added.
 */
export async function insertApplications(
  db: Db,
  o: { organisationId: string; recruitmentId: string; statusId: string; actorUserId: string | null; actorName: string; importId: string },
  rows: NewApplication[],
) {
  if (rows.length === 0) return [];
  const result = (await db.execute(sql`
    with x as (
      select * from json_to_recordset(${JSON.stringify(rows)}::json)
        as x(candidate_id uuid, board_position double precision, source text, tags jsonb, reused boolean)
    ), added as (
      insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position, source, tags)
      select ${o.organisationId}::uuid, x.candidate_id, ${o.recruitmentId}::uuid, ${o.statusId}::uuid, x.board_position, x.source,
        array(select jsonb_array_elements_text(x.tags))
      from x
      on conflict do nothing
      returning id, candidate_id
    ), history as (
      insert into application_stage_changes (organisation_id, application_id, recruitment_id, from_status_id, to_status_id, moved_by_id)
      select ${o.organisationId}::uuid, added.id, ${o.recruitmentId}::uuid, null, ${o.statusId}::uuid, ${o.actorUserId}::uuid from added
    ), timeline as (
      insert into activities (organisation_id, candidate_id, application_id, recruitment_id, actor_user_id, actor_name, type, data)
      select ${o.organisationId}::uuid, added.candidate_id, added.id, ${o.recruitmentId}::uuid, ${o.actorUserId}::uuid, ${o.actorName},
        'application.created', jsonb_build_object('source', x.source, 'import_id', ${o.importId}::text, 'reused', x.reused)
      from added join x on x.candidate_id = added.candidate_id
    )
    select id, candidate_id from added`)) as unknown as { rows: { id: string; candidate_id: string }[] };
  return result.rows.map((r) => ({ id: r.id, candidateId: r.candidate_id }));
}

/** The board position of the column's last card (0 when empty). */
export function endOfColumn(db: Db, recruitmentId: string, statusId: string) {
  return db
    .select({ max: sql<number | null>`max(${applications.boardPosition})` })
    .from(applications)
    .where(and(eq(applications.recruitmentId, recruitmentId), eq(applications.statusId, statusId)))
    .then((r) => Number(r[0]?.max ?? 0));
}
