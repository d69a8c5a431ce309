import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { candidateSearch, hasCommonWord, SEARCH_MATCH_CAP, withTypoThreshold } from '../../db/candidate-search.ts';
import type { Db } from '../../db/client.ts';
import { outsideOrganisationTransaction } from '../../db/organisation-transaction.ts';
import { prepareNamed, preparedPerDb, runPrepared, statementCache } from '../../db/prepared.ts';
import { applications, candidateFiles, candidateNotes, candidates } from '../../db/schema/candidates.ts';
import { organisations } from '../../db/schema/organisations.ts';
import { storedFiles } from '../../db/schema/outbox.ts';
import { recruitmentStatuses } from '../../db/schema/recruitment-settings.ts';
import { recruitments } from '../../db/schema/recruitments.ts';
import { users } from '../../db/schema/users.ts';
import { offsetOf } from '../../lib/paging.ts';

export type CandidateRow = typeof candidates.$inferSelect;
export type CandidateValues = Partial<
  Pick<
    CandidateRow,
    'name' | 'email' | 'phone' | 'location' | 'links' | 'source' | 'consentAt' | 'consentSource' | 'consentNote' | 'lastActivityAt'
  >
>;

const ofOrganisation = (organisationId: string) => eq(candidates.organisationId, organisationId);

/* ---------- candidates ---------- */

/**
 * People of the organisation, by name. Erased ones never. With a search term, see searchCandidates.
 */
export async function listCandidates(db: Db, organisationId: string, o: { page: number; perPage: number; search?: string | undefined }) {
  if (o.search) return searchCandidates(db, organisationId, { ...o, search: o.search });
  const rows = await peoplePage(db).execute({ organisationId, limit: o.perPage, offset: offsetOf(o.page, o.perPage) });
  return { rows: rows.flatMap((r) => (r.candidate ? [r.candidate] : [])), total: rows[0]?.total ?? 0, capped: false };
}

/** One prepared statement, built once: the total (a row even when the page is empty) and the page's people. */
const peoplePage = preparedPerDb((db) => {
  const live = sql`c.organisation_id = ${sql.placeholder('organisationId')} and c.erased_at is null`;
  const page = sql`(select p.id, p.name, t.n from (select count(*)::int as n from ${candidates} c where ${live}) t
    left join lateral (select c.id, c.name from ${candidates} c where ${live}
      order by c.name, c.id limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p on true) p`;
  return prepareNamed(
    db
      .select({ candidate: getTableColumns(candidates), total: sql<number>`p.n`.mapWith(Number) })
      .from(page)
      .leftJoin(candidates, eq(candidates.id, sql`p.id`))
      .orderBy(sql`p.name, p.id`),
  );
});

/**
 * The organisation's people matching a search term (docs/decisions/012-candidate-search.md), best
 * first: the person with exactly that e-mail; names that begin with the term; names with a word
 * beginning with each word of the term; then matches through the e-mail only; each tier by name
 * (unaccented). Each tier is a subquery of at most SEARCH_MATCH_CAP rows served by its own index,
 * so no term reads the whole organisation; the total is counted up to SEARCH_MATCH_CAP (a tier with
 * more matches than that shows that many of them). When nothing
 * matches and the term is long enough, names alike in trigrams (typos: "jonh" finds "John") are
 * the answer, most alike first (of the first SEARCH_MATCH_CAP the trigram index gives: checking
 * each candidate's trigrams is the cost, so it stops there).
 */
/** Each tier and the fallback gather one row past the cap, so a total of exactly the cap is told from more. */
const COUNT_TO = SEARCH_MATCH_CAP + 1;

async function searchCandidates(db: Db, organisationId: string, o: { page: number; perPage: number; search: string }) {
  const s = candidateSearch(o.search);
  if (!s) return { rows: [], total: 0, capped: false };
  const offset = offsetOf(o.page, o.perPage);
  // The tiers run in candidate_search_matches and the typo fallback in candidate_typo_matches
  // (migration 0017): under row-level security the search's operators could not use their indexes.
  // Each tier is a positive condition, so that the planner's estimate for it is its own, and only the
  // name-prefix tier is read in name order (its btree range holds exactly its matches). Asking the
  // word tiers for their first rows by name let the planner walk the name index hoping to meet
  // matches soon; but matches of a name word sit together in name order ("nadia …"), so the walk
  // read half the organisation first. Unordered, a tier is gathered from its GIN index (few
  // matches) or read with a limit (a word most rows have, such as "gmail"), at most
  // SEARCH_MATCH_CAP rows either way. A person in several tiers counts once, in the first (pageOf).
  const values = { ...s.values, organisationId, limit: o.perPage, offset };
  // Planning the tiers with the term's values (candidate_search_matches) matters only for a word most
  // rows have; for the others, plans made once (migration 0022) answer the same rows without planning.
  const planned = !hasCommonWord(s.words, await commonLexemes(db));
  const words = peopleMatching(db, `${planned ? 'planned' : 'words'}:${s.shape}`, (target) =>
    pageOf(
      target,
      planned
        ? sql`select id, search_name, rank
          from candidate_search_matches_planned(${sql.placeholder('organisationId')}::uuid, ${s.query}, ${s.name}, ${s.email}::text, ${COUNT_TO}::int)`
        : sql`select id, search_name, rank
          from candidate_search_matches(${sql.placeholder('organisationId')}::uuid, ${s.query}, ${s.prefix}, ${s.email}::text, ${COUNT_TO}::int)`,
    ),
  );
  let found = cappedPage(await words.execute(values), offset);
  if (found.total === 0 && s.typos) {
    found = await withTypoThreshold(db, async (tx) =>
      cappedPage(
        await peopleMatching(tx, 'typos', (target) =>
          pageOf(
            target,
            sql`select id, search_name, rank from candidate_typo_matches(${sql.placeholder('organisationId')}::uuid, ${s.name}, ${COUNT_TO}::int)`,
          ),
        ).execute(values),
        offset,
      ),
    );
  }
  return found;
}

/** A lexeme in at least this share of the candidates' rows is common (`hasCommonWord`). */
const COMMON_SHARE = 0.2;
/** How long the common lexemes are kept before they are read again (ANALYZE refreshes the statistics now and then). */
const COMMON_LEXEMES_TTL_MS = 5 * 60_000;
const common = new WeakMap<Db, { lexemes: Promise<string[]>; readAt: number }>();

/**
 * The lexemes the table's statistics (pg_stats, kept by ANALYZE across every organisation, as the
 * planner uses them) show in at least COMMON_SHARE of the rows, in the name or the name and e-mail
 * words. Read with the owner's rights outside the request's transaction (pg_stats hides a table under
 * row-level security from a role it applies to), at most every COMMON_LEXEMES_TTL_MS per database; none
 * when the table has no statistics yet.
 */
function commonLexemes(db: Db): Promise<string[]> {
  const now = performance.now();
  let known = common.get(db);
  if (!known || now - known.readAt > COMMON_LEXEMES_TTL_MS) {
    const lexemes = outsideOrganisationTransaction(() =>
      db.execute(sql`select distinct e.lexeme
        from pg_stats s, unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) as e(lexeme, share)
        where s.schemaname = current_schema() and s.tablename = 'candidates' and s.attname in ('name_vector', 'search_vector')
          and e.lexeme is not null and e.share >= ${COMMON_SHARE}`),
    ).then(
      (result) => (result as unknown as { rows: { lexeme: string }[] }).rows.map((r) => r.lexeme),
      () => [],
    );
    known = { lexemes, readAt: now };
    common.set(db, known);
  }
  return known.lexemes;
}

/** The search's statements, one per tier kind and term shape (db/candidate-search.ts), each built and prepared once. */
const peopleMatching = statementCache<ReturnType<typeof pageOf>>();

/**
 * One page of people out of `matches` (rows of id, search_name and rank, a few thousand at most),
 * each person once at their best rank, ordered by rank then name; and how many people, up to
 * SEARCH_MATCH_CAP. One prepared statement: the page's ids, the total (a row even when the page is
 * empty) and the people themselves.
 */
function pageOf(db: Db, matches: SQL) {
  const page = sql`(with m as (select id, min(rank) as rank, min(search_name) as search_name
      from (${matches}) x group by id)
    select p.id, p.rank, p.search_name, t.n from (select count(*)::int as n from m) t
    left join lateral (select m.id, m.rank, m.search_name from m order by m.rank, m.search_name, m.id
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p on true) p`;
  return prepareNamed(
    db
      .select({ candidate: getTableColumns(candidates), total: sql<number>`p.n`.mapWith(Number) })
      .from(page)
      .leftJoin(candidates, eq(candidates.id, sql`p.id`))
      .orderBy(sql`p.rank, p.search_name, p.id`),
  );
}

/** The page's people, and the total up to SEARCH_MATCH_CAP (the row past the cap only tells that there are more; no page shows it). */
function cappedPage(rows: { candidate: CandidateRow | null; total: number }[], offset: number) {
  const counted = rows[0]?.total ?? 0;
  return {
    rows: rows.flatMap((r) => (r.candidate ? [r.candidate] : [])).slice(0, Math.max(0, SEARCH_MATCH_CAP - offset)),
    total: Math.min(counted, SEARCH_MATCH_CAP),
    capped: counted > SEARCH_MATCH_CAP,
  };
}

export function findCandidate(db: Db, organisationId: string, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(candidates)
    .where(and(ofOrganisation(organisationId), eq(candidates.id, id)));
  return runPrepared(forUpdate ? q.for('update') : q).then((r) => r[0]);
}

export function findCandidateByEmail(db: Db, organisationId: string, email: string) {
  return db
    .select()
    .from(candidates)
    .where(and(ofOrganisation(organisationId), eq(candidates.email, email)))
    .then((r) => r[0]);
}

export async function updateCandidate(db: Db, organisationId: string, id: string, values: CandidateValues & { erasedAt?: Date }) {
  const [row] = await db
    .update(candidates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ofOrganisation(organisationId), eq(candidates.id, id)))
    .returning();
  return row;
}

/** The candidates' last activity is now (the list's "last activity" sort). */
export async function touchCandidates(db: Db, organisationId: string, ids: string[]) {
  if (ids.length === 0) return;
  const update = db
    .update(candidates)
    .set({ lastActivityAt: sql`now()` })
    .where(and(ofOrganisation(organisationId), inArray(candidates.id, [...new Set(ids)])));
  // One person (a note, a move) as a prepared statement; a batch as it comes (its shape varies with its size).
  await (new Set(ids).size === 1 ? runPrepared(update) : update);
}

/** A new person; with `consentNow`, their consent is given now (the transaction's time). */
export async function insertCandidate(db: Db, values: Omit<typeof candidates.$inferInsert, 'consentAt'>, consentNow: boolean) {
  const [row] = await db
    .insert(candidates)
    .values({ ...values, consentAt: consentNow ? sql`now()` : null })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** A person applying again: consent as given now, active now, the phone and links as the caller merged them. */
export async function updateApplyingCandidate(
  db: Db,
  organisationId: string,
  id: string,
  values: { phone?: string; links: string[]; consentSource: string },
) {
  await db
    .update(candidates)
    .set({
      ...(values.phone ? { phone: values.phone } : {}),
      links: values.links,
      consentAt: sql`now()`,
      consentSource: values.consentSource,
      lastActivityAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(ofOrganisation(organisationId), eq(candidates.id, id)));
}

/** A person a CSV import adds (candidate-imports/service.ts). */
export type ImportedPerson = {
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  links: string[];
  source: string;
  consent: boolean;
};

/**
 * Inserts the new people of an import batch in one statement (the rows travel as one JSON
 * parameter, not thousands of bind parameters); an e-mail created meanwhile by someone else is
 * skipped (the caller matches it instead). Returns those inserted.
 */
export async function insertImportedCandidates(db: Db, organisationId: string, createdById: string | null, people: ImportedPerson[]) {
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

export async function deleteCandidate(db: Db, organisationId: string, id: string) {
  await db.delete(candidates).where(and(ofOrganisation(organisationId), eq(candidates.id, id)));
}

/* ---------- applications (read for export, notes, merge) ---------- */

export function candidateApplications(db: Db, organisationId: string, candidateId: string) {
  return db
    .select({
      id: applications.id,
      recruitmentId: applications.recruitmentId,
      recruitmentName: recruitments.name,
      statusName: recruitmentStatuses.name,
      appliedAt: applications.appliedAt,
      rejectedAt: applications.rejectedAt,
      rejectionReason: applications.rejectionReason,
      rating: applications.rating,
      tags: applications.tags,
      source: applications.source,
    })
    .from(applications)
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.candidateId, candidateId)))
    .orderBy(desc(applications.appliedAt), desc(applications.id));
}

export function findApplicationOfCandidate(db: Db, organisationId: string, candidateId: string, applicationId: string) {
  return db
    .select({ id: applications.id, recruitmentId: applications.recruitmentId })
    .from(applications)
    .where(
      and(eq(applications.organisationId, organisationId), eq(applications.candidateId, candidateId), eq(applications.id, applicationId)),
    )
    .then((r) => r[0]);
}

/** The candidate's most recent application (where a mention links to when the note is about none). */
export function latestApplication(db: Db, organisationId: string, candidateId: string) {
  return db
    .select({ id: applications.id, recruitmentId: applications.recruitmentId })
    .from(applications)
    .where(and(eq(applications.organisationId, organisationId), eq(applications.candidateId, candidateId)))
    .orderBy(desc(applications.appliedAt), desc(applications.id))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * Merge: the source's applications in recruitments the target is in too, each with the target's
 * application there (kept; the source's is dropped).
 */
export async function applicationsReplacedByMerge(db: Db, organisationId: string, sourceId: string, targetId: string) {
  const target = alias(applications, 'target');
  return db
    .select({ dropped: applications.id, kept: target.id })
    .from(applications)
    .innerJoin(target, and(eq(target.recruitmentId, applications.recruitmentId), eq(target.candidateId, targetId)))
    .where(and(eq(applications.organisationId, organisationId), eq(applications.candidateId, sourceId)));
}

/** Merge: the source's notes and files become the target's; notes about a dropped application are about the kept one. */
export async function moveNotesAndFiles(
  db: Db,
  organisationId: string,
  sourceId: string,
  targetId: string,
  replaced: { dropped: string; kept: string }[],
) {
  for (const r of replaced) {
    await db
      .update(candidateNotes)
      .set({ applicationId: r.kept })
      .where(and(eq(candidateNotes.organisationId, organisationId), eq(candidateNotes.applicationId, r.dropped)));
  }
  const mine = (table: typeof candidateNotes | typeof candidateFiles) =>
    and(eq(table.organisationId, organisationId), eq(table.candidateId, sourceId));
  await db.update(candidateNotes).set({ candidateId: targetId }).where(mine(candidateNotes));
  await db.update(candidateFiles).set({ candidateId: targetId }).where(mine(candidateFiles));
}

/** Whether the candidate has an application in an open or on-hold recruitment. */
export const inActiveRecruitment = sql`exists (select 1 from applications a join recruitments r on r.id = a.recruitment_id
  where a.candidate_id = "candidates"."id" and r.status in ('open', 'on_hold'))`;

/** Organisations and their retention period, for the retention job. */
export function organisationsForRetention(db: Db) {
  return db.select({ id: organisations.id, months: organisations.candidateRetentionMonths }).from(organisations);
}

/** Up to `limit` candidates of the organisation inactive since `before`, not erased and in no open or on-hold recruitment. */
export async function inactiveCandidates(db: Db, organisationId: string, before: Date, limit: number) {
  const rows = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(
      and(
        ofOrganisation(organisationId),
        isNull(candidates.erasedAt),
        sql`${candidates.lastActivityAt} < ${before.toISOString()}::timestamptz`,
        sql`not ${inActiveRecruitment}`,
      ),
    )
    .orderBy(asc(candidates.lastActivityAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/* ---------- notes ---------- */

const noteSelection = {
  note: candidateNotes,
  authorName: users.name,
  authorAvatarUrl: users.avatarUrl,
};
export type NoteRow = typeof candidateNotes.$inferSelect & { authorName: string | null; authorAvatarUrl: string | null };
const noteRow = (r: { note: typeof candidateNotes.$inferSelect; authorName: string | null; authorAvatarUrl: string | null }): NoteRow => ({
  ...r.note,
  authorName: r.authorName,
  authorAvatarUrl: r.authorAvatarUrl,
});

/**
 * A page of the candidate's notes and their total, in one prepared statement (was three round trips:
 * the candidate, the page, the count). `null` when the candidate is not the organisation's: the
 * first row always comes, with `found` and the total, even when the page is empty.
 */
export async function listNotes(db: Db, organisationId: string, candidateId: string, o: { page: number; perPage: number }) {
  const rows = await notesPage(db).execute({ organisationId, candidateId, limit: o.perPage, offset: offsetOf(o.page, o.perPage) });
  const first = rows[0];
  if (!first?.found) return null;
  return { rows: rows.flatMap((r) => (r.note ? [noteRow({ ...r, note: r.note })] : [])), total: first.total };
}

const notesPage = preparedPerDb((db) => {
  const organisationId = sql.placeholder('organisationId');
  const candidateId = sql.placeholder('candidateId');
  const theirs = sql`n.organisation_id = ${organisationId} and n.candidate_id = ${candidateId}`;
  const page = sql`(select t.found, t.n, p.id from (select
      exists (select 1 from ${candidates} c where c.organisation_id = ${organisationId} and c.id = ${candidateId}) as found,
      (select count(*)::int from ${candidateNotes} n where ${theirs}) as n) t
    left join lateral (select n.id, n.created_at from ${candidateNotes} n where ${theirs}
      order by n.created_at desc, n.id desc limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) p on true) p`;
  return prepareNamed(
    db
      .select({
        ...noteSelection,
        found: sql<boolean>`p.found`,
        total: sql<number>`p.n`.mapWith(Number),
      })
      .from(page)
      .leftJoin(candidateNotes, eq(candidateNotes.id, sql`p.id`))
      .leftJoin(users, eq(users.id, candidateNotes.authorId))
      .orderBy(desc(candidateNotes.createdAt), desc(candidateNotes.id)),
  );
});

export function allNotes(db: Db, organisationId: string, candidateId: string) {
  return db
    .select(noteSelection)
    .from(candidateNotes)
    .leftJoin(users, eq(users.id, candidateNotes.authorId))
    .where(and(eq(candidateNotes.organisationId, organisationId), eq(candidateNotes.candidateId, candidateId)))
    .orderBy(asc(candidateNotes.createdAt), asc(candidateNotes.id))
    .then((rows) => rows.map(noteRow));
}

export function findNote(db: Db, organisationId: string, candidateId: string, id: string) {
  return runPrepared(
    db
      .select(noteSelection)
      .from(candidateNotes)
      .leftJoin(users, eq(users.id, candidateNotes.authorId))
      .where(
        and(eq(candidateNotes.organisationId, organisationId), eq(candidateNotes.candidateId, candidateId), eq(candidateNotes.id, id)),
      ),
  ).then((r) => (r[0] ? noteRow(r[0]) : undefined));
}

/** The new note's id; undefined when a note with the same client id exists (nothing is inserted). */
export async function insertNote(db: Db, values: typeof candidateNotes.$inferInsert): Promise<string | undefined> {
  const [row] = await runPrepared(
    db
      .insert(candidateNotes)
      .values(values)
      .onConflictDoNothing({ target: [candidateNotes.organisationId, candidateNotes.clientId] })
      .returning({ id: candidateNotes.id }),
  );
  return row?.id;
}

/** The note made with this client id, if any. */
export function findNoteByClientId(db: Db, organisationId: string, clientId: string) {
  return db
    .select({ id: candidateNotes.id, candidateId: candidateNotes.candidateId, authorId: candidateNotes.authorId })
    .from(candidateNotes)
    .where(and(eq(candidateNotes.organisationId, organisationId), eq(candidateNotes.clientId, clientId)))
    .then((r) => r[0]);
}

export async function deleteNote(db: Db, organisationId: string, id: string) {
  await db.delete(candidateNotes).where(and(eq(candidateNotes.organisationId, organisationId), eq(candidateNotes.id, id)));
}

/* ---------- files ---------- */

const fileSelection = {
  file: candidateFiles,
  stored: storedFiles,
  uploaderName: users.name,
};
export type CandidateFileRow = typeof candidateFiles.$inferSelect & {
  stored: typeof storedFiles.$inferSelect;
  uploaderName: string | null;
};
const fileRow = (r: {
  file: typeof candidateFiles.$inferSelect;
  stored: typeof storedFiles.$inferSelect;
  uploaderName: string | null;
}) => ({
  ...r.file,
  stored: r.stored,
  uploaderName: r.uploaderName,
});

export function listFiles(db: Db, organisationId: string, candidateId: string) {
  return db
    .select(fileSelection)
    .from(candidateFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, candidateFiles.storedFileId))
    .leftJoin(users, eq(users.id, candidateFiles.uploadedById))
    .where(and(eq(candidateFiles.organisationId, organisationId), eq(candidateFiles.candidateId, candidateId)))
    .orderBy(desc(candidateFiles.createdAt), desc(candidateFiles.id))
    .then((rows) => rows.map(fileRow));
}

export function findFile(db: Db, organisationId: string, candidateId: string, id: string) {
  return db
    .select(fileSelection)
    .from(candidateFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, candidateFiles.storedFileId))
    .leftJoin(users, eq(users.id, candidateFiles.uploadedById))
    .where(and(eq(candidateFiles.organisationId, organisationId), eq(candidateFiles.candidateId, candidateId), eq(candidateFiles.id, id)))
    .then((r) => (r[0] ? fileRow(r[0]) : undefined));
}

/** The candidate's file for a stored file the files feature has recorded (deleting that row deletes this one too). */
export async function insertFile(db: Db, file: typeof candidateFiles.$inferInsert) {
  await db.insert(candidateFiles).values(file);
}

/* ---------- erasure ---------- */

/** Removes the candidate's notes; returns the ids of their files' stored files, for the files feature to remove (with the files). */
export async function deletePersonalRecords(db: Db, organisationId: string, candidateId: string) {
  await db
    .delete(candidateNotes)
    .where(and(eq(candidateNotes.organisationId, organisationId), eq(candidateNotes.candidateId, candidateId)));
  const files = await db
    .select({ storedFileId: candidateFiles.storedFileId })
    .from(candidateFiles)
    .where(and(eq(candidateFiles.organisationId, organisationId), eq(candidateFiles.candidateId, candidateId)));
  return files.map((f) => f.storedFileId);
}

export function countApplications(db: Db, candidateId: string) {
  return db
    .select({ n: count() })
    .from(applications)
    .where(eq(applications.candidateId, candidateId))
    .then((r) => r[0]?.n ?? 0);
}

/** Another candidate of the organisation with this e-mail. */
export function emailTaken(db: Db, organisationId: string, email: string, exceptId: string) {
  return db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(ofOrganisation(organisationId), eq(candidates.email, email), ne(candidates.id, exceptId)))
    .then((r) => r.length > 0);
}
