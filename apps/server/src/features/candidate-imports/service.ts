import {
  CANDIDATE_SOURCES,
  CANDIDATE_SOURCE_LABELS,
  CANDIDATE_TEXTS,
  IMPORT_REFUSED_LIST_MAX,
  TAGS_PER_APPLICATION_MAX,
  TAG_MAX,
  candidateFields,
  type CandidateImport,
  type CandidateSource,
  type ImportField,
} from '@hireloop/contract/candidates';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import { hasControlCharacters, hasLineBreaksOrControls } from '@hireloop/contract/text';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { actorNameOf } from '../actors/service.ts';
import { readCsv, type CsvRow } from './csv.ts';
import {
  candidatesByEmail,
  candidatesInRecruitment,
  endOfColumn,
  failInterruptedImports,
  findImport,
  findRecruitment,
  firstStatus,
  insertApplications,
  insertCandidates,
  insertImport,
  touchCandidates,
  updateImport,
  type ImportRow,
} from './repository.ts';

/** Rows per transaction: big enough for few round trips, small enough to show progress and keep locks short. */
const BATCH = 500;

export function presentImport(row: ImportRow): CandidateImport {
  return {
    id: row.id,
    recruitment_id: row.recruitmentId,
    filename: row.filename,
    status: row.status as CandidateImport['status'],
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created_count: row.createdCount,
    matched_count: row.matchedCount,
    refused_count: row.refusedCount,
    refused: row.refused,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

type Person = {
  row: number;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  links: string[];
  source: CandidateSource;
  tags: string[];
  consent: boolean;
};

const firstMessage = (error: { issues: { message: string }[] }) => error.issues[0]?.message ?? 'Invalid value.';
const NO = new Set(['', 'no', 'n', 'false', '0', 'none', 'nein', 'non']);
const sourceByLabel = new Map<string, CandidateSource>(
  CANDIDATE_SOURCES.flatMap((s) => [
    [s, s],
    [CANDIDATE_SOURCE_LABELS[s].toLowerCase(), s],
  ]),
);

/** One row → the person, or the reason it is refused. */
function validateRow(r: CsvRow): Person | { row: number; reason: string } {
  const c = r.cells;
  // The text rule of the API, per row: a cell with a control character refuses its row, not the file.
  const bad = Object.keys(c).find((field) => hasControlCharacters(c[field as ImportField] ?? ''));
  if (bad) return { row: r.row, reason: `${bad}: ${ERROR_TEXTS.controlCharacters}` };
  const name = candidateFields.name.safeParse(c.name ?? '');
  if (!name.success) return { row: r.row, reason: firstMessage(name.error) };
  const email = candidateFields.email.safeParse(c.email ?? '');
  if (!email.success) return { row: r.row, reason: c.email ? firstMessage(email.error) : 'Enter an e-mail address.' };
  const phone = candidateFields.phone.safeParse(c.phone || null);
  if (!phone.success) return { row: r.row, reason: firstMessage(phone.error) };
  const location = candidateFields.location.safeParse(c.location || null);
  if (!location.success) return { row: r.row, reason: firstMessage(location.error) };
  const links = candidateFields.links.safeParse((c.links ?? '').split(/[\s,;|]+/).filter(Boolean));
  if (!links.success) return { row: r.row, reason: firstMessage(links.error) };
  const tags = [
    ...new Set(
      (c.tags ?? '')
        .split(/[,;|]/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.some((t) => hasLineBreaksOrControls(t))) return { row: r.row, reason: `tags: ${ERROR_TEXTS.singleLine}` };
  if (tags.some((t) => t.length > TAG_MAX)) return { row: r.row, reason: `A tag may not be longer than ${TAG_MAX} characters.` };
  if (tags.length > TAGS_PER_APPLICATION_MAX) return { row: r.row, reason: `At most ${TAGS_PER_APPLICATION_MAX} tags.` };
  return {
    row: r.row,
    name: name.data,
    email: email.data,
    phone: phone.data || null,
    location: location.data || null,
    links: links.data,
    source: sourceByLabel.get((c.source ?? '').trim().toLowerCase()) ?? 'imported',
    tags,
    consent: c.consent !== undefined && !NO.has(c.consent.trim().toLowerCase()),
  };
}

export type ImportUpload = { bytes: Buffer; filename: string; mapping: Partial<Record<ImportField, string>> };

/**
 * CSV imports into a recruitment. The file is checked as a whole in the request (encoding, header,
 * row count), then its rows are imported in the background in batches of 500, one transaction
 * each, the import row showing the progress. Rows live in memory only: an import a stopped process
 * left behind is marked failed at the next start.
 */
export function createImportService(db: Db, log: FastifyBaseLogger) {
  const inFlight = new Set<Promise<void>>();

  async function processImport(
    importId: string,
    organisationId: string,
    actor: Actor,
    recruitmentId: string,
    statusId: string,
    rows: CsvRow[],
  ) {
    await updateImport(db, importId, { status: 'running' });
    const seen = new Map<string, number>();
    const refused: { row: number; reason: string }[] = [];
    let refusedCount = 0;
    let created = 0;
    let matched = 0;
    const refuse = (row: number, reason: string) => {
      refusedCount++;
      if (refused.length < IMPORT_REFUSED_LIST_MAX) refused.push({ row, reason });
    };
    const actorName = await actorNameOf(db, actor);
    const actorUserId = actor.kind === 'user' ? actor.userId : null;
    for (let at = 0; at < rows.length; at += BATCH) {
      const batch = rows.slice(at, at + BATCH);
      await db.transaction(async (tx) => {
        const people: Person[] = [];
        for (const r of batch) {
          const p = validateRow(r);
          if (!('email' in p)) {
            refuse(p.row, p.reason);
            continue;
          }
          const earlier = seen.get(p.email);
          if (earlier !== undefined) {
            refuse(p.row, `The same e-mail is already on row ${earlier} of this file.`);
            continue;
          }
          seen.set(p.email, p.row);
          people.push(p);
        }
        const existing = new Map<string, string>();
        const known = await candidatesByEmail(
          tx,
          organisationId,
          people.map((p) => p.email),
        );
        for (const c of known) if (c.email) existing.set(c.email, c.id);
        const inserted = await insertCandidates(
          tx,
          organisationId,
          actorUserId,
          people
            .filter((p) => !existing.has(p.email))
            .map((p) => ({
              name: p.name,
              email: p.email,
              phone: p.phone,
              location: p.location,
              links: p.links,
              source: p.source,
              consent: p.consent,
            })),
        );
        const newIds = new Set(inserted.map((c) => c.id));
        for (const c of inserted) if (c.email) existing.set(c.email, c.id);
        // E-mails someone else created meanwhile (skipped on conflict) are matched like existing people.
        const missing = people.filter((p) => !existing.has(p.email)).map((p) => p.email);
        for (const c of await candidatesByEmail(tx, organisationId, missing)) if (c.email) existing.set(c.email, c.id);
        const already = await candidatesInRecruitment(
          tx,
          recruitmentId,
          [...existing.values()].filter((id) => !newIds.has(id)),
        );
        const toAdd: (Person & { candidateId: string })[] = [];
        for (const p of people) {
          const candidateId = existing.get(p.email);
          if (!candidateId) refuse(p.row, 'The candidate could not be saved.');
          else if (already.has(candidateId)) refuse(p.row, CANDIDATE_TEXTS.alreadyInRecruitment);
          else toAdd.push({ ...p, candidateId });
        }
        let position = await endOfColumn(tx, recruitmentId, statusId);
        const apps = await insertApplications(
          tx,
          { organisationId, recruitmentId, statusId, actorUserId, actorName, importId },
          toAdd.map((p) => ({
            candidate_id: p.candidateId,
            board_position: ++position,
            source: p.source,
            tags: p.tags,
            reused: !newIds.has(p.candidateId),
          })),
        );
        const added = new Set(apps.map((a) => a.candidateId));
        const reused: string[] = [];
        for (const p of toAdd) {
          if (!added.has(p.candidateId)) refuse(p.row, CANDIDATE_TEXTS.alreadyInRecruitment);
          else if (newIds.has(p.candidateId)) created++;
          else {
            matched++;
            reused.push(p.candidateId);
          }
        }
        await touchCandidates(tx, reused);
        await updateImport(tx, importId, {
          processedRows: Math.min(rows.length, at + batch.length),
          createdCount: created,
          matchedCount: matched,
          refusedCount,
          refused: [...refused].sort((a, b) => a.row - b.row),
        });
      });
    }
    await updateImport(db, importId, { status: 'done', finishedAt: new Date() });
  }

  /** The recruitment must be this organisation's (404) and not closed (422); checked before the file is read, and again at start. */
  async function assertRecruitment(organisationId: string, recruitmentId: string) {
    const recruitment = await findRecruitment(db, organisationId, recruitmentId);
    if (!recruitment) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
    if (recruitment.status === 'closed')
      throw validationFailed({ recruitment: [CANDIDATE_TEXTS.recruitmentClosed] }, CANDIDATE_TEXTS.recruitmentClosed);
  }

  return {
    /** Checks the file and starts the import; returns at once with the import (pending). */
    assertRecruitment,

    async start(organisationId: string, actor: Actor, recruitmentId: string, upload: ImportUpload): Promise<CandidateImport> {
      await assertRecruitment(organisationId, recruitmentId);
      const rows = readCsv(upload.bytes, upload.mapping);
      const status = await firstStatus(db, organisationId);
      if (!status) {
        const message = 'Add a recruitment status in the settings before importing candidates.';
        throw validationFailed({ recruitment: [message] }, message);
      }
      const row = await insertImport(db, {
        organisationId,
        recruitmentId,
        createdById: actor.kind === 'user' ? actor.userId : null,
        filename: upload.filename,
        status: 'pending',
        mapping: upload.mapping as Record<string, string>,
        totalRows: rows.length,
      });
      const job = processImport(row.id, organisationId, actor, recruitmentId, status.id, rows)
        .catch(async (error: unknown) => {
          log.error({ err: error, importId: row.id }, 'candidate import failed');
          await updateImport(db, row.id, {
            status: 'failed',
            error: 'The import stopped because of an error; the rows before it were imported.',
            finishedAt: new Date(),
          }).catch((e: unknown) => log.error({ err: e }, 'could not mark the import failed'));
        })
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
      return presentImport(row);
    },

    async get(organisationId: string, id: string): Promise<CandidateImport> {
      const row = await findImport(db, organisationId, id);
      if (!row) throw new AppError('not_found', CANDIDATE_TEXTS.importNotFound);
      return presentImport(row);
    },

    /** At start: imports a previous process left pending or running cannot finish. */
    failInterrupted: () =>
      failInterruptedImports(db, 'The server restarted during the import; import the file again (rows already imported are recognised).'),

    /** Waits for running imports (before the database closes). */
    async drain() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
