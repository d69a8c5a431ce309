import {
  CANDIDATE_SOURCES,
  CANDIDATE_SOURCE_LABELS,
  CANDIDATE_TEXTS,
  IMPORT_REFUSED_LIST_MAX,
  TAGS_PER_APPLICATION_MAX,
  TAG_MAX,
  candidateFields,
  IMPORT_MAX_ROWS,
  type CandidateImport,
  type CandidateImportPreview,
  type CandidateSource,
  type ImportField,
} from '@hireloop/contract/candidates';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { randomUUID } from 'node:crypto';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import { hasControlCharacters, hasLineBreaksOrControls } from '@hireloop/contract/text';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { afterCommit, type OrganisationTransactions } from '../../db/organisation-transaction.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Storage } from '../../lib/storage.ts';
import { recordActivities } from '../activities/service.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { placeNewApplications } from '../applications/pipeline.ts';
import { createImportedCandidates, markCandidatesActive } from '../candidates/service.ts';
import { putNewBytes } from '../files/service.ts';
import { firstPipelineStatus } from '../recruitment-statuses/service.ts';
import { recruitmentState } from '../recruitments/service.ts';
import { chunksOf, countCsvRows, readCsvBatches, type CsvRow } from './csv.ts';
import {
  candidatesByEmail,
  candidatesInRecruitment,
  claimImports,
  findImport,
  insertImport,
  lockHeldImport,
  renewLeases,
  updateHeldImport,
  type ImportRow,
} from './repository.ts';

/** Rows per transaction: big enough for few round trips, small enough to show progress and keep locks short. */
const BATCH = 500;
/** A node that has not renewed its lease for this long is taken to be gone: another node resumes its imports. */
export const IMPORT_LEASE_MS = 60_000;
/** How often a node renews its leases and looks for imports to take over (well inside the lease). */
export const IMPORT_HEARTBEAT_MS = 15_000;

const RESTARTED = 'The server restarted during the import; import the file again (rows already imported are recognised).';
const FILE_GONE =
  'The uploaded file is no longer available to finish the import; import the file again (rows already imported are recognised).';
const STOPPED = 'The import stopped because of an error; the rows before it were imported.';

/** How the import runner of one node is set up; tests inject the node id, the clock, the timer and a hook. */
export type ImportRunnerOptions = {
  /** This node's id in `locked_by`; random per process by default. */
  nodeId?: string;
  now?: () => Date;
  /** Calls `tick` every `ms` milliseconds; returns what stops it. Default: an unref'd setInterval. */
  every?: (ms: number, tick: () => Promise<void>) => () => void;
  /** Awaited before each batch is imported (tests pause an import here). */
  beforeBatch?: (at: { importId: string; nodeId: string; processedRows: number }) => Promise<void> | void;
};

/** The import is no longer this node's (another node took it over): stop without writing anything. */
class LeaseLost extends Error {}
/** The stored upload is gone (e.g. a local file store another node cannot see): the import cannot go on. */
class UploadMissing extends Error {}

const defaultEvery = (ms: number, tick: () => Promise<void>) => {
  const timer = setInterval(() => void tick(), ms);
  timer.unref();
  return () => clearInterval(timer);
};

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
  if (r.broken !== undefined) return { row: r.row, reason: r.broken };
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

/** Where an import's upload is kept in the file store until the import ends. */
const uploadKey = (organisationId: string, importId: string) => `imports/${organisationId}/${importId}.csv`;

/**
 * CSV imports into a recruitment. The file is checked as a whole in the request (encoding, header,
 * row count; read as a stream), kept in the file store, and its rows are imported in the background
 * in batches of 500, one transaction each, that also advances the import's processed-row cursor.
 *
 * Several nodes may run: a node claims an import with a lease (`locked_by`, `heartbeat_at`) and
 * renews it every IMPORT_HEARTBEAT_MS. Each batch's transaction locks the import row and goes on only
 * while this node still holds it. A node whose lease has expired (IMPORT_LEASE_MS) is taken to be
 * gone: another node claims the import and resumes it after the last committed batch, reading the
 * stored file again. A node shutting down finishes its current batch and lets the import go.
 */
export function createImportService(
  db: Db,
  log: FastifyBaseLogger,
  storage: Storage,
  inOrganisation: OrganisationTransactions,
  options: ImportRunnerOptions = {},
) {
  const nodeId = options.nodeId ?? `node-${randomUUID()}`;
  const now = options.now ?? (() => new Date());
  const every = options.every ?? defaultEvery;
  /** The imports this node is processing. */
  const running = new Map<string, Promise<void>>();
  let stopping = false;
  let stopTimer: (() => void) | undefined;

  async function processImport(claimed: ImportRow) {
    const importId = claimed.id;
    const { organisationId, recruitmentId } = claimed;
    const mapping = claimed.mapping as Partial<Record<ImportField, string>>;
    if (!(await updateHeldImport(db, importId, nodeId, { status: 'running', heartbeatAt: now() }))) throw new LeaseLost();
    const status = await firstPipelineStatus(db, organisationId);
    const stored = claimed.fileKey ? await storage.get(claimed.fileKey) : null;
    if (!stored) throw new UploadMissing(`no stored upload under ${claimed.fileKey ?? '(none)'}`);
    if (!status) throw new Error('the organisation has no recruitment status');
    const seen = new Map<string, number>();
    const refused = [...claimed.refused];
    let refusedCount = claimed.refusedCount;
    let created = claimed.createdCount;
    let matched = claimed.matchedCount;
    const refuse = (row: number, reason: string) => {
      refusedCount++;
      if (refused.length < IMPORT_REFUSED_LIST_MAX) refused.push({ row, reason });
    };
    const actorName = claimed.actorName ?? 'Unknown user';
    const actorUserId = claimed.createdById;
    /** Rows read so far, and the cursor: rows before it were imported by an earlier batch (maybe on another node). */
    let read = 0;
    const cursor = claimed.processedRows;
    try {
      for await (const rows of readCsvBatches(stored.stream, mapping, BATCH)) {
        const skip = Math.min(rows.length, Math.max(0, cursor - read));
        // Rows imported before: only what the rest of the file needs to know (the e-mails already in it).
        for (const r of rows.slice(0, skip)) {
          const p = validateRow(r);
          if ('email' in p && !seen.has(p.email)) seen.set(p.email, p.row);
        }
        const batch = rows.slice(skip);
        const at = read + skip;
        read += rows.length;
        if (batch.length === 0) continue;
        if (stopping) return 'released';
        // The batch runs in the import's organisation, as hireloop_app: row-level security keeps
        // every row it reads or writes to that organisation (docs/decisions/011-row-level-security.md).
        // (The test hook runs in it too, before the batch's first query opens the transaction.)
        await inOrganisation(organisationId, async () => {
          await options.beforeBatch?.({ importId, nodeId, processedRows: at });
          return db.transaction(async (tx) => {
            const held = await lockHeldImport(tx, importId, nodeId);
            if (!held || held.processedRows !== at) throw new LeaseLost();
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
            const inserted = await createImportedCandidates(
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
            // The batch goes to the end of the first column, one after another, with its stage history (applications/pipeline.ts).
            const apps = await placeNewApplications(
              tx,
              { organisationId, recruitmentId, status, movedById: actorUserId },
              toAdd.map((p) => ({ candidateId: p.candidateId, source: p.source, tags: p.tags })),
            );
            const sourceOf = new Map(toAdd.map((p) => [p.candidateId, p.source]));
            await recordActivities(
              tx,
              apps.map((a) => ({
                organisationId,
                actor: { kind: 'recorded' as const, userId: actorUserId, name: actorName },
                type: 'application.created' as const,
                candidateId: a.candidateId,
                applicationId: a.id,
                recruitmentId,
                data: { source: sourceOf.get(a.candidateId), import_id: importId, reused: !newIds.has(a.candidateId) },
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
            await markCandidatesActive(tx, organisationId, reused);
            // The cursor moves with the rows it covers: a batch is imported once, whichever node runs it.
            await updateHeldImport(tx, importId, nodeId, {
              processedRows: at + batch.length,
              createdCount: created,
              matchedCount: matched,
              refusedCount,
              refused: [...refused].sort((a, b) => a.row - b.row),
              heartbeatAt: now(),
            });
          });
        });
      }
    } finally {
      stored.stream.destroy();
    }
    if (!(await updateHeldImport(db, importId, nodeId, { status: 'done', finishedAt: now(), lockedBy: null }))) throw new LeaseLost();
    return 'done';
  }

  /** Processes an import this node has claimed, in the background. */
  function run(claimed: ImportRow) {
    if (running.has(claimed.id)) return;
    const job = processImport(claimed)
      .then(async (outcome) => {
        if (outcome === 'released') {
          // Shutting down: the import stays running, free for the next node (or this one restarted) to resume.
          await updateHeldImport(db, claimed.id, nodeId, { lockedBy: null, heartbeatAt: null });
        } else await removeUpload(claimed);
      })
      .catch(async (error: unknown) => {
        if (error instanceof LeaseLost) {
          log.warn({ importId: claimed.id, nodeId }, 'candidate import taken over by another node; stopped here');
          return;
        }
        log.error({ err: error, importId: claimed.id }, 'candidate import failed');
        const missing = error instanceof UploadMissing;
        const failed = await updateHeldImport(db, claimed.id, nodeId, {
          status: 'failed',
          error: missing ? FILE_GONE : STOPPED,
          finishedAt: now(),
          lockedBy: null,
        }).catch((e: unknown) => {
          log.error({ err: e }, 'could not mark the import failed');
          return false;
        });
        if (failed) await removeUpload(claimed);
      })
      .finally(() => running.delete(claimed.id));
    running.set(claimed.id, job);
  }

  async function removeUpload(row: ImportRow) {
    if (row.fileKey)
      await storage.remove(row.fileKey).catch((e: unknown) => log.warn({ err: e, importId: row.id }, 'could not remove an import upload'));
  }

  /** Renews this node's leases, then takes over the imports no live node holds. */
  async function tick() {
    if (stopping) return;
    try {
      await renewLeases(db, nodeId, [...running.keys()], now());
      const claimed = await claimImports(db, nodeId, now(), new Date(now().getTime() - IMPORT_LEASE_MS));
      for (const row of claimed) {
        if (running.has(row.id)) continue;
        if (!row.fileKey) {
          // Started before uploads were kept: nothing to resume from.
          await updateHeldImport(db, row.id, nodeId, { status: 'failed', error: RESTARTED, finishedAt: now(), lockedBy: null });
          continue;
        }
        log.info({ importId: row.id, nodeId, processedRows: row.processedRows }, 'resuming a candidate import');
        run(row);
      }
    } catch (error) {
      log.warn({ err: error }, 'candidate imports: could not renew leases or look for imports to resume');
    }
  }

  /** The recruitment must be this organisation's (404) and not closed (422); checked before the file is read, and again at start. */
  async function assertRecruitment(organisationId: string, recruitmentId: string) {
    // A malformed id names no recruitment: 404, as for another organisation's.
    const recruitment = isUuid(recruitmentId) ? await recruitmentState(db, organisationId, recruitmentId) : undefined;
    if (!recruitment) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
    if (recruitment.status === 'closed')
      throw validationFailed({ recruitment: [CANDIDATE_TEXTS.recruitmentClosed] }, CANDIDATE_TEXTS.recruitmentClosed);
  }

  return {
    nodeId,
    assertRecruitment,

    /** Checks the file, stores it and starts the import; returns at once with the import (pending). */
    async start(organisationId: string, actor: Actor, recruitmentId: string, upload: ImportUpload): Promise<CandidateImport> {
      await assertRecruitment(organisationId, recruitmentId);
      const totalRows = await countCsvRows(chunksOf(upload.bytes), upload.mapping);
      const status = await firstPipelineStatus(db, organisationId);
      if (!status) {
        const message = 'Add a recruitment status in the settings before importing candidates.';
        throw validationFailed({ recruitment: [message] }, message);
      }
      const id = randomUUID();
      const fileKey = uploadKey(organisationId, id);
      await putNewBytes(storage, fileKey, upload.bytes, 'text/csv');
      let row: ImportRow;
      try {
        row = await insertImport(db, {
          id,
          organisationId,
          recruitmentId,
          createdById: userIdOrNull(actor),
          actorName: await actorNameOf(db, actor),
          filename: upload.filename,
          status: 'pending',
          mapping: upload.mapping as Record<string, string>,
          totalRows,
          fileKey,
          lockedBy: nodeId,
          heartbeatAt: now(),
        });
      } catch (error) {
        await storage.remove(fileKey).catch(() => undefined);
        throw error;
      }
      // In the background, once the import row has committed (the runner reads it from another connection).
      void afterCommit(() => run(row));
      return presentImport(row);
    },

    /**
     * What importing the file would do, nothing saved: every row checked as the import checks it
     * (unreadable line, invalid cell, the same e-mail earlier in the file, a candidate already in
     * the recruitment: refused; an e-mail already a candidate of the organisation: matched).
     */
    async preview(organisationId: string, recruitmentId: string, upload: ImportUpload): Promise<CandidateImportPreview> {
      await assertRecruitment(organisationId, recruitmentId);
      const flagged: CandidateImportPreview['flagged'] = [];
      let flaggedCount = 0;
      const flag = (f: CandidateImportPreview['flagged'][number]) => {
        flaggedCount++;
        if (flagged.length < IMPORT_REFUSED_LIST_MAX) flagged.push(f);
      };
      const seen = new Map<string, number>();
      let total = 0;
      let created = 0;
      let matched = 0;
      let refused = 0;
      for await (const rows of readCsvBatches(chunksOf(upload.bytes), upload.mapping, BATCH)) {
        total += rows.length;
        if (total > IMPORT_MAX_ROWS)
          throw validationFailed({ file: [CANDIDATE_TEXTS.importTooManyRows] }, CANDIDATE_TEXTS.importTooManyRows);
        const people: Person[] = [];
        for (const r of rows) {
          const p = validateRow(r);
          if (!('email' in p)) {
            refused++;
            flag({ row: p.row, problem: r.broken !== undefined ? 'unreadable' : 'invalid', reason: p.reason, imported: false });
            continue;
          }
          const earlier = seen.get(p.email);
          if (earlier !== undefined) {
            refused++;
            flag({
              row: p.row,
              problem: 'duplicate',
              reason: `The same e-mail is already on row ${earlier} of this file.`,
              imported: false,
            });
            continue;
          }
          seen.set(p.email, p.row);
          people.push(p);
        }
        const known = new Map<string, string>();
        for (const c of await candidatesByEmail(
          db,
          organisationId,
          people.map((p) => p.email),
        ))
          if (c.email) known.set(c.email, c.id);
        const already = await candidatesInRecruitment(db, recruitmentId, [...known.values()]);
        for (const p of people) {
          const id = known.get(p.email);
          if (id === undefined) created++;
          else if (already.has(id)) {
            refused++;
            flag({ row: p.row, problem: 'duplicate', reason: CANDIDATE_TEXTS.alreadyInRecruitment, imported: false });
          } else {
            matched++;
            flag({ row: p.row, problem: 'existing', reason: CANDIDATE_TEXTS.importMatchesExisting, imported: true });
          }
        }
      }
      if (total === 0) throw validationFailed({ file: [CANDIDATE_TEXTS.importEmpty] }, CANDIDATE_TEXTS.importEmpty);
      return {
        total_rows: total,
        importable_rows: created + matched,
        new_count: created,
        matched_count: matched,
        refused_count: refused,
        flagged,
        flagged_count: flaggedCount,
      };
    },

    async get(organisationId: string, id: string): Promise<CandidateImport> {
      const row = isUuid(id) ? await findImport(db, organisationId, id) : undefined;
      if (!row) throw new AppError('not_found', CANDIDATE_TEXTS.importNotFound);
      return presentImport(row);
    },

    /** At start: takes over the imports no live node holds (resumes them), then keeps the leases every IMPORT_HEARTBEAT_MS. */
    async startRunner() {
      await tick();
      stopTimer ??= every(IMPORT_HEARTBEAT_MS, tick);
    },

    /** The periodic work, for a test to run by hand. */
    tick,

    /** Stops taking imports; running ones stop after their current batch and are let go (before the database closes). */
    async drain() {
      stopping = true;
      stopTimer?.();
      await Promise.allSettled([...running.values()]);
    },
  };
}
