import type { APPLICATION_SORTS, APPLICATION_STATE_FILTERS } from '@hireloop/contract/candidates';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, max, ne, sql, type SQL } from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import { candidateSearch, withTypoThreshold, type CandidateSearch } from '../../db/candidate-search.ts';
import type { Db } from '../../db/client.ts';
import { prepareNamed, preparedPerDb, runPrepared, statementCache } from '../../db/prepared.ts';
import { applicationStageChanges, applications, candidateFiles, candidateNotes, candidates } from '../../db/schema/candidates.ts';
import { storedFiles } from '../../db/schema/outbox.ts';
import { recruitmentStatuses } from '../../db/schema/recruitment-settings.ts';
import { recruitmentMembers, recruitments } from '../../db/schema/recruitments.ts';
import { users } from '../../db/schema/users.ts';
import { offsetOf } from '../../lib/paging.ts';
import { outer } from '../../db/sql.ts';

export type ApplicationRow = typeof applications.$inferSelect;
export type CandidateRow = typeof candidates.$inferSelect;
export type StatusRow = typeof recruitmentStatuses.$inferSelect;
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export type ApplicationState = (typeof APPLICATION_STATE_FILTERS)[number];

export type ApplicationFilters = {
  statusIds?: string[] | undefined;
  state: ApplicationState;
  tag?: string | undefined;
  source?: string | undefined;
  rating?: number | undefined;
  /** YYYY-MM-DD, UTC days, both inclusive. */
  appliedFrom?: string | undefined;
  appliedTo?: string | undefined;
  search?: string | undefined;
  /** A selection (export). */
  ids?: string[] | undefined;
};

/* ---------- recruitments, statuses, candidates (read for this feature's rules) ---------- */

/** Whether the recruitment exists (an empty page of a missing recruitment is null, not zero rows). */
async function recruitmentExists(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({ id: recruitments.id })
    .from(recruitments)
    .where(and(eq(recruitments.organisationId, organisationId), eq(recruitments.id, id)));
  return row !== undefined;
}

export async function hiringTeamUserIds(db: Db, recruitmentId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: recruitmentMembers.userId })
    .from(recruitmentMembers)
    .where(eq(recruitmentMembers.recruitmentId, recruitmentId));
  return rows.map((r) => r.userId);
}

/** Whether the application has a note with this text by this author (null: an API key). */
export async function hasNote(db: Db, applicationId: string, authorId: string | null, body: string): Promise<boolean> {
  const rows = await db
    .select({ id: candidateNotes.id })
    .from(candidateNotes)
    .where(
      and(
        eq(candidateNotes.applicationId, applicationId),
        authorId === null ? isNull(candidateNotes.authorId) : eq(candidateNotes.authorId, authorId),
        eq(candidateNotes.body, body),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/* ---------- the table ---------- */

const ORDER: Record<ApplicationSort, SQL[]> = {
  applied_at: [asc(applications.appliedAt), asc(applications.id)],
  '-applied_at': [desc(applications.appliedAt), desc(applications.id)],
  name: [asc(candidates.name), asc(applications.id)],
  '-name': [desc(candidates.name), desc(applications.id)],
  rating: [sql`${applications.rating} asc nulls last`, asc(applications.id)],
  '-rating': [sql`${applications.rating} desc nulls last`, asc(applications.id)],
  stage: [asc(recruitmentStatuses.position), asc(applications.boardPosition), asc(applications.id)],
  '-stage': [desc(recruitmentStatuses.position), asc(applications.boardPosition), asc(applications.id)],
  updated_at: [asc(applications.updatedAt), asc(applications.id)],
  '-updated_at': [desc(applications.updatedAt), desc(applications.id)],
};

/** The value of a list's condition, filled in when the statement runs (db/prepared.ts). */
const value = (name: keyof TableValues) => sql.placeholder(name);

/** Midnight UTC of a YYYY-MM-DD day (validated by the route). */
const dayStart = (day: unknown) => sql`(${day}::date::timestamp at time zone 'UTC')`;

/**
 * Name or e-mail search inside one recruitment (docs/decisions/012-candidate-search.md):
 * `applications.search_vector` and `search_name` are copies of the candidate's (migration 0016,
 * kept by triggers), so the GIN indexes on (recruitment_id, …) answer recruitment + term in one
 * index scan. Under row-level security PostgreSQL would not use them (`@@` and `<%` are not
 * leakproof), so the matching ids come from migration 0018's owner functions, which answer for the
 * caller's organisation only. By words first; when no application matches by words and the term is
 * long enough, by names alike in trigrams (typos), in a transaction that sets the similarity threshold.
 */
type SearchMode = 'words' | 'typos';
/** A term to search for: its SQL (undefined when it has no letters or digits: nothing matches), and how. */
type TermSearch = { search: CandidateSearch | undefined; mode: SearchMode };
function searchCondition({ search: s, mode }: TermSearch): SQL {
  if (!s) return sql`false`;
  const matches =
    mode === 'words'
      ? sql`application_search_matches(${value('organisationId')}::uuid, ${value('recruitmentId')}::uuid, ${s.query})`
      : sql`application_typo_matches(${value('organisationId')}::uuid, ${value('recruitmentId')}::uuid, ${s.name})`;
  return sql`${applications.id} in (select ${matches})`;
}
/** Runs `query` by words and, when it finds nothing for a term that allows it, again for typos. */
async function withTypoFallback<T>(
  db: Db,
  f: ApplicationFilters,
  query: (db: Db, mode: SearchMode) => Promise<T>,
  empty: (r: T) => boolean,
) {
  const byWords = await query(db, 'words');
  if (!f.search || !empty(byWords) || !candidateSearch(f.search)?.typos) return byWords;
  return withTypoThreshold(db, (tx) => query(tx, 'typos'));
}

/**
 * Which of the table's filters are set: with the sort, the shape of its statement. The values
 * themselves are placeholders (TableValues), so a shape is built and prepared once (db/prepared.ts).
 */
type FilterShape = {
  state: ApplicationState;
  /**
   * How many statuses: one placeholder each (`status_id in ($3, $4)`). With an array placeholder
   * (`= any($3)`) PostgreSQL's generic plan, which a prepared statement gets after five runs, could
   * not tell one status from many and walked the whole recruitment by date (11.6 ms instead of 0.6).
   */
  statuses: number;
  tag: boolean;
  source: boolean;
  rating: boolean;
  appliedFrom: boolean;
  appliedTo: boolean;
  ids: boolean;
};

function shapeOf(f: ApplicationFilters): FilterShape {
  return {
    state: f.state,
    statuses: f.statusIds?.length ?? 0,
    tag: Boolean(f.tag),
    source: Boolean(f.source),
    rating: Boolean(f.rating),
    appliedFrom: Boolean(f.appliedFrom),
    appliedTo: Boolean(f.appliedTo),
    ids: f.ids !== undefined,
  };
}

type TableValues = {
  organisationId: string;
  recruitmentId: string;
  /** `status0`, `status1`, …: the statuses filtered by, one placeholder each (FilterShape). */
  [status: `status${number}`]: string;
  tag?: string | undefined;
  source?: string | undefined;
  rating?: number | undefined;
  appliedFrom?: string | undefined;
  appliedTo?: string | undefined;
  ids?: string[] | undefined;
  limit?: number;
  offset?: number;
};

/**
 * The recruitment, only if it is the organisation's. Written as a scalar subquery rather than a
 * condition on applications.organisation_id, which would tempt the planner to walk the organisation's
 * (organisation_id, updated_at) index across all its applications for an updated_at sort.
 */
const ofRecruitment = (organisationId: unknown, recruitmentId: unknown) =>
  sql`${applications.recruitmentId} = (select r.id from recruitments r where r.id = ${recruitmentId} and r.organisation_id = ${organisationId})`;

/** The table's conditions; the search term, whose words shape the statement, is part of them. */
function whereOf(shape: FilterShape, search?: TermSearch) {
  return and(
    ofRecruitment(value('organisationId'), value('recruitmentId')),
    shape.statuses > 0
      ? sql`${applications.statusId} in (${sql.join(
          Array.from({ length: shape.statuses }, (_, i) => sql`${sql.placeholder(`status${i}`)}::uuid`),
          sql`, `,
        )})`
      : undefined,
    shape.state === 'active' ? isNull(applications.rejectedAt) : undefined,
    shape.state === 'rejected' ? isNotNull(applications.rejectedAt) : undefined,
    shape.state === 'hired' ? and(isNull(applications.rejectedAt), eq(recruitmentStatuses.category, 'hired')) : undefined,
    // `@>` on a one-element array: served by the GIN index on tags.
    shape.tag ? sql`${applications.tags} @> array[${value('tag')}::text]` : undefined,
    shape.source ? sql`${applications.source} = ${value('source')}` : undefined,
    shape.rating ? sql`${applications.rating} >= ${value('rating')}` : undefined,
    shape.appliedFrom ? gte(applications.appliedAt, dayStart(value('appliedFrom'))) : undefined,
    shape.appliedTo ? lt(applications.appliedAt, sql`${dayStart(value('appliedTo'))} + interval '1 day'`) : undefined,
    search ? searchCondition(search) : undefined,
    shape.ids ? sql`${applications.id} = any(${value('ids')}::uuid[])` : undefined,
  );
}

function valuesOf(organisationId: string, recruitmentId: string, f: ApplicationFilters): TableValues {
  return {
    organisationId,
    recruitmentId,
    ...Object.fromEntries((f.statusIds ?? []).map((id, i) => [`status${i}`, id])),
    tag: f.tag,
    source: f.source,
    rating: f.rating,
    appliedFrom: f.appliedFrom,
    appliedTo: f.appliedTo,
    ids: f.ids,
  };
}

const listSelection = {
  id: applications.id,
  candidateId: applications.candidateId,
  recruitmentId: applications.recruitmentId,
  rating: applications.rating,
  source: applications.source,
  tags: applications.tags,
  rejectedAt: applications.rejectedAt,
  rejectionReason: applications.rejectionReason,
  stageEnteredAt: applications.stageEnteredAt,
  appliedAt: applications.appliedAt,
  updatedAt: applications.updatedAt,
  version: applications.version,
  candidateName: candidates.name,
  candidateEmail: candidates.email,
  candidatePhone: candidates.phone,
  candidateLocation: candidates.location,
  candidateErasedAt: candidates.erasedAt,
  statusId: recruitmentStatuses.id,
  statusName: recruitmentStatuses.name,
  statusColour: recruitmentStatuses.colour,
  statusCategory: recruitmentStatuses.category,
};
/** Rows of the table (and the export): the application with its candidate and status. */
function listRows(db: Db, where: SQL | undefined, order: SQL[]) {
  return db
    .select(listSelection)
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .where(where)
    .orderBy(...order);
}
export type ApplicationListRow = Awaited<ReturnType<typeof listRows>>[number];

/** How many applications match; joins only what its filters read. */
function countOf(db: Db, where: SQL | undefined, shape: FilterShape) {
  let counting = db.select({ n: count() }).from(applications).$dynamic();
  if (shape.state === 'hired') counting = counting.innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId));
  return counting.where(where);
}

/**
 * One page and the total, in one statement: the total is an uncorrelated subquery of the page's
 * rows (computed once), or for a search, which matches few, a window count over the matches (the
 * matches are looked up once).
 */
function tableStatement(db: Db, sort: ApplicationSort, shape: FilterShape, search?: TermSearch) {
  const where = whereOf(shape, search);
  const totalOf = search ? sql`count(*) over ()` : sql`(${countOf(db, where, shape)})`;
  return db
    .select({ ...listSelection, total: sql<number>`${totalOf}`.mapWith(Number) })
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .where(where)
    .orderBy(...ORDER[sort])
    .limit(value('limit'))
    .offset(value('offset'));
}

/** The table's statements, one per sort, filter shape and search shape, each built and prepared once (db/prepared.ts). */
const tablePages = statementCache<ReturnType<typeof prepareTable>>();
const prepareTable = (db: Db, sort: ApplicationSort, shape: FilterShape, search?: TermSearch) =>
  prepareNamed(tableStatement(db, sort, shape, search));
const searchKey = (search: TermSearch | undefined) => (search ? `${search.mode}:${search.search?.shape ?? 'nothing'}` : '');

/**
 * One page of the table and the total. `null` when the recruitment is not the organisation's. A
 * page with no rows says nothing of the total or the recruitment: only then do two small queries ask.
 */
export async function listApplications(
  db: Db,
  organisationId: string,
  recruitmentId: string,
  o: { page: number; perPage: number; sort: ApplicationSort; filters: ApplicationFilters },
): Promise<{ rows: ApplicationListRow[]; total: number } | null> {
  const shape = shapeOf(o.filters);
  const s = o.filters.search ? candidateSearch(o.filters.search) : undefined;
  const values = {
    ...valuesOf(organisationId, recruitmentId, o.filters),
    ...s?.values,
    limit: o.perPage,
    offset: offsetOf(o.page, o.perPage),
  };
  const page = async (db: Db, mode: SearchMode) => {
    const search = o.filters.search ? { search: s, mode } : undefined;
    const key = `${o.sort}|${JSON.stringify(shape)}|${searchKey(search)}`;
    const found = await tablePages(db, key, (target) => prepareTable(target, o.sort, shape, search)).execute(values);
    if (found.length > 0) return { rows: found.map(({ total: _, ...row }) => row), total: found[0]!.total };
    if (!(await recruitmentExists(db, organisationId, recruitmentId))) return null;
    const total = o.page === 1 ? 0 : ((await runPrepared(countOf(db, whereOf(shape, search), shape), values))[0]?.n ?? 0);
    return { rows: [], total };
  };
  return withTypoFallback(db, o.filters, page, (r) => r !== null && r.total === 0);
}

/** Every matching row (the CSV export), capped by the caller's limit. */
export async function allApplications(
  db: Db,
  organisationId: string,
  recruitmentId: string,
  o: { sort: ApplicationSort; filters: ApplicationFilters; limit: number },
) {
  const shape = shapeOf(o.filters);
  const s = o.filters.search ? candidateSearch(o.filters.search) : undefined;
  const values = { ...valuesOf(organisationId, recruitmentId, o.filters), ...s?.values, limit: o.limit };
  return withTypoFallback(
    db,
    o.filters,
    (db, mode) =>
      runPrepared(
        listRows(db, whereOf(shape, o.filters.search ? { search: s, mode } : undefined), ORDER[o.sort]).limit(value('limit')),
        values,
      ),
    (rows) => rows.length === 0,
  );
}

/** One row of the table (a move's answer): a prepared statement, built once. */
export async function findApplicationListRow(db: Db, organisationId: string, id: string): Promise<ApplicationListRow | null> {
  const [row] = await listRow(db).execute({ organisationId, id });
  return row ?? null;
}
const listRow = preparedPerDb((db) =>
  prepareNamed(
    listRows(db, and(eq(applications.organisationId, value('organisationId')), eq(applications.id, sql.placeholder('id'))), []).limit(1),
  ),
);

/* ---------- the board ---------- */

/**
 * The board in one prepared statement (was three round trips: the recruitment, the pipeline, the
 * cards): each status of the pipeline in order, with its active cards in board position order, a
 * row per card (a status without cards: one row, no card). The first row always comes, and says
 * whether the recruitment is the organisation's. The name is looked up per card (a correlated
 * subquery): a join let the planner scan every candidate of the organisation.
 */
export async function boardRows(db: Db, organisationId: string, recruitmentId: string) {
  const rows = await boardStatement(db).execute({ organisationId, recruitmentId });
  return rows[0]?.found ? rows : null;
}
export type BoardRow = Awaited<ReturnType<ReturnType<typeof boardStatement>['execute']>>[number];

const boardStatement = preparedPerDb((db) => {
  const organisationId = value('organisationId');
  const recruitmentId = value('recruitmentId');
  const found = sql`(select exists (select 1 from recruitments r where r.id = ${recruitmentId} and r.organisation_id = ${organisationId}) as found) t`;
  return prepareNamed(
    db
      .select({
        found: sql<boolean>`t.found`,
        status: {
          id: recruitmentStatuses.id,
          name: recruitmentStatuses.name,
          colour: recruitmentStatuses.colour,
          category: recruitmentStatuses.category,
        },
        card: {
          id: applications.id,
          candidateId: applications.candidateId,
          name: sql<string>`(select c.name from candidates c where c.id = ${outer(applications.candidateId)})`,
          rating: applications.rating,
          tags: applications.tags,
          source: applications.source,
          stageEnteredAt: applications.stageEnteredAt,
          version: applications.version,
        },
      })
      .from(found)
      .leftJoin(recruitmentStatuses, and(sql`t.found`, eq(recruitmentStatuses.organisationId, organisationId)))
      .leftJoin(
        applications,
        and(
          ofRecruitment(organisationId, recruitmentId),
          eq(applications.statusId, recruitmentStatuses.id),
          isNull(applications.rejectedAt),
        ),
      )
      .orderBy(
        asc(recruitmentStatuses.position),
        asc(recruitmentStatuses.createdAt),
        asc(recruitmentStatuses.id),
        asc(applications.boardPosition),
        asc(applications.id),
      ),
  );
});

/**
 * The application, locked until the transaction ends (concurrent moves of one card serialise here),
 * with its recruitment's name and state, in one statement (the recruitment is not locked).
 */
export async function lockApplication(db: Db, organisationId: string, id: string) {
  const [row] = await runPrepared(
    db
      .select({ application: applications, recruitment: { id: recruitments.id, name: recruitments.name, status: recruitments.status } })
      .from(applications)
      .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
      .where(and(eq(applications.organisationId, organisationId), eq(applications.id, id)))
      .for('update', { of: applications }),
  );
  return row ?? null;
}

const column = (recruitmentId: string, statusId: string, exceptId?: string) =>
  and(
    eq(applications.recruitmentId, recruitmentId),
    eq(applications.statusId, statusId),
    exceptId ? ne(applications.id, exceptId) : undefined,
  );

/** The last position of a column (0 when empty). */
export async function lastPosition(db: Db, recruitmentId: string, statusId: string, exceptId?: string): Promise<number> {
  const [row] = await runPrepared(
    db
      .select({ p: max(applications.boardPosition) })
      .from(applications)
      .where(column(recruitmentId, statusId, exceptId)),
  );
  return row?.p ?? 0;
}

/**
 * An active card of the column: its position, the position of the card just before it, and how
 * many other cards share its position (ties, left by concurrent placements, call for renumbering).
 */
export async function positionsAround(db: Db, recruitmentId: string, statusId: string, beforeId: string, exceptId: string) {
  const [target] = await db
    .select({ position: applications.boardPosition })
    .from(applications)
    .where(and(column(recruitmentId, statusId, exceptId), eq(applications.id, beforeId), isNull(applications.rejectedAt)));
  if (!target) return null;
  const [around] = await db
    .select({
      previous: sql<number | null>`max(${applications.boardPosition}) filter (where ${applications.boardPosition} < ${target.position})`,
      ties: sql<number>`count(*) filter (where ${applications.boardPosition} = ${target.position} and ${applications.id} <> ${beforeId})`.mapWith(
        Number,
      ),
    })
    .from(applications)
    .where(and(column(recruitmentId, statusId, exceptId), lte(applications.boardPosition, target.position)));
  const previous = around?.previous;
  return {
    before: target.position,
    previous: previous === null || previous === undefined ? null : Number(previous),
    ties: around?.ties ?? 0,
  };
}

/** Renumbers a column 1, 2, 3 … in its current order (when fractional gaps run out). */
export async function renumberColumn(db: Db, recruitmentId: string, statusId: string, exceptId: string) {
  await db.execute(sql`
    update applications a set board_position = r.n
    from (
      select id, row_number() over (order by board_position, id) as n
      from applications
      where recruitment_id = ${recruitmentId} and status_id = ${statusId} and id <> ${exceptId}
    ) r
    where a.id = r.id`);
}

export async function insertApplication(db: Db, values: PgInsertValue<typeof applications>): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** An application of a batch placed in one column (applications/pipeline.ts gives the positions). */
export type ColumnPlacement = { candidateId: string; boardPosition: number; source: string; tags: string[] };

/**
 * Adds a batch of applications to one status's column in one statement, each with its first stage
 * change (from no status); the rows travel as one JSON parameter, not thousands of bind parameters.
 * An application the recruitment already has (a concurrent add) is skipped; returns those added.
 */
export async function insertApplicationsInColumn(
  db: Db,
  o: { organisationId: string; recruitmentId: string; statusId: string; hired: boolean; movedById: string | null },
  rows: ColumnPlacement[],
): Promise<{ id: string; candidateId: string }[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((r) => ({ candidate_id: r.candidateId, board_position: r.boardPosition, source: r.source, tags: r.tags })),
  );
  const result = (await db.execute(sql`
    with x as (
      select * from json_to_recordset(${json}::json)
        as x(candidate_id uuid, board_position double precision, source text, tags jsonb)
    ), added as (
      insert into applications (organisation_id, candidate_id, recruitment_id, status_id, board_position, source, tags, hired_at)
      select ${o.organisationId}::uuid, x.candidate_id, ${o.recruitmentId}::uuid, ${o.statusId}::uuid, x.board_position, x.source,
        array(select jsonb_array_elements_text(x.tags)), ${o.hired ? sql`clock_timestamp()` : sql`null`}
      from x
      on conflict do nothing
      returning id, candidate_id
    ), history as (
      insert into application_stage_changes (organisation_id, application_id, recruitment_id, from_status_id, to_status_id, moved_by_id)
      select ${o.organisationId}::uuid, added.id, ${o.recruitmentId}::uuid, null, ${o.statusId}::uuid, ${o.movedById}::uuid from added
    )
    select id, candidate_id from added`)) as unknown as { rows: { id: string; candidate_id: string }[] };
  return result.rows.map((r) => ({ id: r.id, candidateId: r.candidate_id }));
}

type Changeable =
  | 'statusId'
  | 'recruitmentId'
  | 'boardPosition'
  | 'rating'
  | 'source'
  | 'tags'
  | 'rejectedAt'
  | 'rejectionReason'
  | 'rejectedById'
  | 'stageEnteredAt'
  | 'hiredAt';
/** Statement time, not transaction time: a move that waited for another's lock is recorded after it. */
export const statementClock = sql`clock_timestamp()`;
/** hired_at as it is, or the statement's time for a first hire. */
export const hiredAtKept = sql`coalesce(${applications.hiredAt}, clock_timestamp())`;

/** Column values, or SQL (e.g. the statement's clock). */
export type ApplicationChanges = { [K in Changeable]?: ApplicationRow[K] | SQL };

/** Applies the changes, bumps the version and updated_at. */
export async function updateApplication(db: Db, organisationId: string, id: string, changes: ApplicationChanges) {
  const [row] = await runPrepared(
    db
      .update(applications)
      .set({ ...changes, version: sql`${applications.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(applications.organisationId, organisationId), eq(applications.id, id)))
      .returning(),
  );
  return row ?? null;
}

/** One row (a move) as a prepared statement; a batch as it comes (its shape varies with its size). */
export async function insertStageChanges(db: Db, rows: PgInsertValue<typeof applicationStageChanges>[]) {
  if (rows.length === 1) await runPrepared(db.insert(applicationStageChanges).values(rows));
  else if (rows.length > 1) await db.insert(applicationStageChanges).values(rows);
}

export async function candidateInRecruitment(db: Db, recruitmentId: string, candidateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.recruitmentId, recruitmentId), eq(applications.candidateId, candidateId)));
  return Boolean(row);
}

/**
 * Merge of two candidates: the source's applications become the target's, except `drop` (those in
 * a recruitment the target is in already), which are deleted. Returns how many moved.
 */
export async function moveApplicationsToCandidate(db: Db, organisationId: string, sourceId: string, targetId: string, drop: string[]) {
  if (drop.length > 0)
    await db.delete(applications).where(and(eq(applications.organisationId, organisationId), inArray(applications.id, drop)));
  const moved = await db
    .update(applications)
    .set({ candidateId: targetId, updatedAt: sql`now()`, version: sql`${applications.version} + 1` })
    .where(and(eq(applications.organisationId, organisationId), eq(applications.candidateId, sourceId)))
    .returning({ id: applications.id });
  return moved.length;
}

/* ---------- bulk ---------- */

/** The ids that are applications of this recruitment, locked (in id order, so two bulk actions cannot deadlock). */
export async function lockApplicationsOf(db: Db, organisationId: string, recruitmentId: string, ids: string[]) {
  return db
    .select({
      id: applications.id,
      candidateId: applications.candidateId,
      statusId: applications.statusId,
      rejectedAt: applications.rejectedAt,
      tags: applications.tags,
    })
    .from(applications)
    .where(
      and(eq(applications.organisationId, organisationId), eq(applications.recruitmentId, recruitmentId), inArray(applications.id, ids)),
    )
    .orderBy(asc(applications.id))
    .for('update');
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** Moves the applications to the end of the target column, keeping their relative order; one statement. */
export async function bulkMove(db: Db, recruitmentId: string, ids: string[], statusId: string, hired: boolean) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update applications a
    set status_id = ${statusId},
        board_position = base.p + m.n,
        stage_entered_at = now(),
        hired_at = ${hired ? sql`coalesce(a.hired_at, now())` : sql`null`},
        version = a.version + 1,
        updated_at = now()
    from (
      select a2.id, row_number() over (order by s.position, a2.board_position, a2.id) as n
      from applications a2 join recruitment_statuses s on s.id = a2.status_id
      where a2.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) m,
    (select coalesce(max(board_position), 0) as p from applications where recruitment_id = ${recruitmentId} and status_id = ${statusId}) base
    where a.id = m.id`);
}

export async function bulkReject(db: Db, ids: string[], reason: string, byUserId: string | null) {
  if (ids.length === 0) return;
  await db
    .update(applications)
    .set({
      rejectedAt: sql`now()`,
      rejectionReason: reason,
      rejectedById: byUserId,
      version: sql`${applications.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(applications.id, ids));
}

/** Adds the tags (each once, in order) to every application; one statement. */
export async function bulkTag(db: Db, ids: string[], tags: string[]) {
  if (ids.length === 0) return;
  await db
    .update(applications)
    .set({
      tags: sql`array(select t from unnest(${outer(applications.tags)} || ${textArray(tags)}) with ordinality as u(t, o) group by t order by min(o))`,
      version: sql`${applications.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(applications.id, ids));
}

export async function bulkUntag(db: Db, ids: string[], tags: string[]) {
  if (ids.length === 0) return;
  await db
    .update(applications)
    .set({
      tags: sql`array(select t from unnest(${outer(applications.tags)}) with ordinality as u(t, o) where t <> all(${textArray(tags)}) order by o)`,
      version: sql`${applications.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(applications.id, ids));
}

/* ---------- the detail ---------- */

const fromStatus = alias(recruitmentStatuses, 'from_status');
const toStatus = alias(recruitmentStatuses, 'to_status');
const rejecter = alias(users, 'rejecter');

export async function findApplicationDetail(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({
      application: applications,
      candidate: candidates,
      status: recruitmentStatuses,
      recruitment: { id: recruitments.id, name: recruitments.name, status: recruitments.status },
      rejectedByName: rejecter.name,
    })
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .leftJoin(rejecter, eq(rejecter.id, applications.rejectedById))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.id, id)));
  return row ?? null;
}

export function stageHistory(db: Db, applicationId: string) {
  return db
    .select({
      id: applicationStageChanges.id,
      fromId: fromStatus.id,
      fromName: fromStatus.name,
      toId: toStatus.id,
      toName: toStatus.name,
      movedById: users.id,
      movedByName: users.name,
      movedAt: applicationStageChanges.movedAt,
    })
    .from(applicationStageChanges)
    .leftJoin(fromStatus, eq(fromStatus.id, applicationStageChanges.fromStatusId))
    .leftJoin(toStatus, eq(toStatus.id, applicationStageChanges.toStatusId))
    .leftJoin(users, eq(users.id, applicationStageChanges.movedById))
    .where(eq(applicationStageChanges.applicationId, applicationId))
    .orderBy(asc(applicationStageChanges.movedAt), asc(applicationStageChanges.id));
}

export function filesOf(db: Db, organisationId: string, candidateId: string) {
  return db
    .select({
      id: candidateFiles.id,
      kind: candidateFiles.kind,
      filename: storedFiles.filename,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      uploadedById: users.id,
      uploadedByName: users.name,
      createdAt: candidateFiles.createdAt,
    })
    .from(candidateFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, candidateFiles.storedFileId))
    .leftJoin(users, eq(users.id, candidateFiles.uploadedById))
    .where(and(eq(candidateFiles.organisationId, organisationId), eq(candidateFiles.candidateId, candidateId)))
    .orderBy(desc(candidateFiles.createdAt), desc(candidateFiles.id));
}

export function otherApplicationsOf(db: Db, organisationId: string, candidateId: string, exceptId: string) {
  return db
    .select({
      id: applications.id,
      recruitmentId: recruitments.id,
      recruitmentName: recruitments.name,
      status: recruitmentStatuses,
      rejectedAt: applications.rejectedAt,
    })
    .from(applications)
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.candidateId, candidateId), ne(applications.id, exceptId)))
    .orderBy(desc(applications.appliedAt), asc(applications.id));
}
