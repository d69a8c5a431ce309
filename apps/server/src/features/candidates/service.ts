import { randomUUID } from 'node:crypto';
import {
  CANDIDATE_TEXTS,
  MENTION_PATTERN,
  type Candidate,
  type CandidateExport,
  type CandidateFile,
  type CreateNoteBody,
  type Note,
  type UpdateCandidateBody,
} from '@hireloop/contract/candidates';
import { mayDeleteNote, NOTE_REFUSALS } from '@hireloop/contract/policies/notes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ErasedPerson } from '../../db/sql.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { listCandidateActivities, moveCandidateTimeline, presentActivity, recordActivity } from '../activities/service.ts';
import { candidateTimelineFor } from '../activities/visibility.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { putNewBytes, removeFileRows, storeFileRow, type FileService } from '../files/service.ts';
import { membersAmong } from '../members/memberships.ts';
import { moveCandidateDevMail } from '../mail/service.ts';
import { moveCandidateNotifications, notify } from '../notifications/service.ts';
import { moveCandidateJobs } from '../outbox/service.ts';
import type { DocumentUpload } from './documents.ts';
import { presentCandidate, presentCandidateFile, presentNote } from './presenter.ts';
import {
  allNotes,
  applicationsReplacedByMerge,
  candidateApplications,
  countApplications,
  deleteCandidate,
  deleteNote,
  deletePersonalRecords,
  emailTaken,
  findApplicationOfCandidate,
  findCandidate,
  findCandidateByEmail,
  findFile,
  findNote,
  findNoteByClientId,
  inactiveCandidates,
  insertCandidate,
  insertFile,
  insertImportedCandidates,
  insertNote,
  latestApplication,
  listCandidates,
  listFiles,
  listNotes,
  moveNotesAndFiles,
  organisationsForRetention,
  touchCandidates,
  updateApplyingCandidate,
  updateCandidate,
  type CandidateRow,
  type CandidateValues,
  type ImportedPerson,
} from './repository.ts';

const candidateNotFound = () => new AppError('not_found', CANDIDATE_TEXTS.notFound);
const erased = () => new AppError('validation_failed', CANDIDATE_TEXTS.erased, { candidate: [CANDIDATE_TEXTS.erased] });

type SystemActor = { kind: 'system'; name?: string };
export const ERASED_NAME = 'Erased candidate';
/**
 * One owning feature's part of erasing a person, in the erasure's transaction (features/candidates/owners.ts
 * lists them). One that deleted stored files' rows (through the files service) returns their keys:
 * the bytes go once the erasure has committed.
 */
export type PersonEraser = (tx: Db, organisationId: string, person: ErasedPerson) => Promise<void | { fileKeys: string[] }>;

/**
 * What candidates asks of features that themselves import this service (a direct import would be
 * circular, docs/architecture.md §9): handed in by features/candidates/owners.ts. Each writes only
 * its own tables (docs/architecture.md §6).
 */
export type CandidateOwners = {
  /** Merge: the source's applications become the target's; `drop` (replaced by the target's) are deleted. Returns how many moved. */
  moveApplications: (tx: Db, organisationId: string, sourceId: string, targetId: string, drop: string[]) => Promise<number>;
  /** Erasure: every other feature holding the person's data, each erasing it from its tables. */
  erasers: PersonEraser[];
};

/**
 * GDPR erasure inside the caller's transaction: the row is anonymised in place (its applications
 * stay, anonymous, for analytics), notes and files are deleted, and each other feature holding the
 * person's data erases it through its own service (`owners.erasers`: mail about them, their careers
 * form answers and offer letters, notifications, their name in the timeline and in what colleagues
 * wrote, their onboarding with its documents and new-hire link). Returns the stored keys (the
 * candidate's files and the other features' alike) whose bytes the caller removes after commit.
 */
export async function eraseCandidateInTransaction(
  tx: Db,
  owners: CandidateOwners,
  organisationId: string,
  actor: Actor | SystemActor,
  candidate: CandidateRow,
  o: { reason: 'request' | 'retention' },
): Promise<string[]> {
  const keys = await removeFileRows(tx, organisationId, await deletePersonalRecords(tx, organisationId, candidate.id));
  const person = { id: candidate.id, name: candidate.name, email: candidate.email, phone: candidate.phone };
  for (const erase of owners.erasers) {
    const erased = await erase(tx, organisationId, person);
    if (erased) keys.push(...erased.fileKeys);
  }
  await updateCandidate(tx, organisationId, candidate.id, {
    name: ERASED_NAME,
    email: null,
    phone: null,
    location: null,
    links: [],
    consentNote: null,
    erasedAt: new Date(),
  });
  await recordActivity(tx, { organisationId, actor, type: 'candidate.erased', candidateId: candidate.id, data: { reason: o.reason } });
  if (o.reason === 'request') {
    await recordAudit(tx, {
      organisationId,
      actor,
      actorName: actor.kind === 'system' ? (actor.name ?? 'Hireloop') : await actorNameOf(tx, actor),
      action: 'candidate.erased',
      targetType: 'candidate',
      targetId: candidate.id,
      after: { applications_kept: await countApplications(tx, candidate.id), files_removed: keys.length },
    });
  }
  return keys;
}

/**
 * One pass of the retention policy (organisations.candidate_retention_months): candidates whose
 * last activity is older than the period are erased as by DELETE, by the system. Decision: a
 * candidate who still has an application in an open or on-hold recruitment is kept, however old
 * the last activity — a live hiring process is not wiped under the recruiters' feet; it becomes
 * due once that recruitment closes. One audit entry per organisation says how many were erased.
 */
export async function applyCandidateRetention(db: Db, files: Pick<FileService, 'discard'>, owners: CandidateOwners, now = new Date()) {
  const BATCH = 200;
  let total = 0;
  for (const org of await organisationsForRetention(db)) {
    const before = new Date(now);
    before.setUTCMonth(before.getUTCMonth() - org.months);
    let erasedHere = 0;
    for (;;) {
      const ids = await inactiveCandidates(db, org.id, before, BATCH);
      if (ids.length === 0) break;
      const keys = await db.transaction(async (tx) => {
        const removed: string[] = [];
        for (const id of ids) {
          const row = await findCandidate(tx, org.id, id, true);
          if (!row || row.erasedAt) continue;
          removed.push(
            ...(await eraseCandidateInTransaction(tx, owners, org.id, { kind: 'system', name: 'Retention policy' }, row, {
              reason: 'retention',
            })),
          );
          erasedHere++;
        }
        return removed;
      });
      await files.discard(keys);
      if (ids.length < BATCH) break;
    }
    if (erasedHere > 0) {
      await recordAudit(db, {
        organisationId: org.id,
        actor: { kind: 'system' },
        actorName: 'Retention policy',
        action: 'candidate.retention_applied',
        targetType: 'organisation',
        targetId: org.id,
        after: { erased: erasedHere, retention_months: org.months, inactive_before: before.toISOString() },
      });
    }
    total += erasedHere;
  }
  return total;
}

function valuesOf(body: UpdateCandidateBody): CandidateValues {
  const v: CandidateValues = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.email !== undefined) v.email = body.email;
  if (body.phone !== undefined) v.phone = body.phone || null;
  if (body.location !== undefined) v.location = body.location || null;
  if (body.links !== undefined) v.links = body.links;
  if (body.source !== undefined) v.source = body.source;
  if (body.consent_source !== undefined) v.consentSource = body.consent_source;
  if (body.consent_note !== undefined) v.consentNote = body.consent_note || null;
  return v;
}

const FIELD_NAMES: Record<keyof CandidateValues, string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  links: 'links',
  source: 'source',
  consentAt: 'consent_at',
  consentSource: 'consent_source',
  consentNote: 'consent_note',
  lastActivityAt: 'last_activity_at',
};

/** A mention's text as read in a notification: `@[Dana](id)` → `@Dana`. */
const plain = (body: string) => body.replace(new RegExp(MENTION_PATTERN.source, 'g'), '@$1');
const excerpt = (body: string) => {
  const p = plain(body).replace(/\s+/g, ' ').trim();
  return p.length > 140 ? `${p.slice(0, 139)}…` : p;
};

/** The candidate, or null (for other features' rules: applications, onboarding). */
export async function candidateById(db: Db, organisationId: string, id: string) {
  return (await findCandidate(db, organisationId, id)) ?? null;
}

/** The organisation's candidate with this email, or null. */
export async function candidateByEmail(db: Db, organisationId: string, email: string) {
  return (await findCandidateByEmail(db, organisationId, email)) ?? null;
}

/** A person added by hand (the application form) or applying on the careers site. */
export type NewCandidate = {
  id?: string;
  organisationId: string;
  name: string;
  email: string;
  phone: string | null;
  location?: string | null;
  links: string[];
  source: string;
  /** How they consented, given now (the transaction's time); null: no consent recorded. */
  consent: { source: string; note: string | null } | null;
  createdById: string | null;
};

/** Adds a person (for other features' rules: applications, careers); a taken e-mail fails on the unique index. */
export async function createCandidate(db: Db, c: NewCandidate): Promise<CandidateRow> {
  const { consent, ...values } = c;
  return insertCandidate(db, { ...values, consentSource: consent?.source ?? null, consentNote: consent?.note ?? null }, consent !== null);
}

/**
 * A person applying again on the careers site: their consent is given now by the form
 * (`consentSource`), they are active now; `phone` (when they had none) and the merged `links` are kept.
 */
export async function recordRepeatApplicant(
  db: Db,
  organisationId: string,
  id: string,
  values: { phone?: string; links: string[]; consentSource: string },
) {
  await updateApplyingCandidate(db, organisationId, id, values);
}

/** A note written with another change of an application (a rejection's note), in its transaction. */
export async function addApplicationNote(
  db: Db,
  note: { organisationId: string; candidateId: string; applicationId: string; authorId: string | null; body: string },
) {
  await insertNote(db, note);
}

/**
 * Files a stored file (inserted by the caller in its transaction) as one of the candidate's
 * documents, e.g. the résumé sent with the careers form; `id` is the candidate file's.
 */
export async function attachCandidateFile(
  db: Db,
  file: { id: string; organisationId: string; candidateId: string; storedFileId: string; kind: string; uploadedById: string | null },
) {
  await insertFile(db, file);
}

/**
 * Adds the new people of a CSV import batch (candidate-imports/service.ts), in one statement; an
 * e-mail another request added meanwhile is skipped (the import matches it instead). Consent, when
 * the file says so, is recorded as given by the import now.
 */
export async function createImportedCandidates(db: Db, organisationId: string, createdById: string | null, people: ImportedPerson[]) {
  return insertImportedCandidates(db, organisationId, createdById, people);
}

/** Records that the candidates were just active (an application, a move, an offer…). */
export async function markCandidatesActive(db: Db, organisationId: string, ids: string[]) {
  await touchCandidates(db, organisationId, ids);
}

export function createCandidateService(db: Db, files: FileService, owners: CandidateOwners, log?: FastifyBaseLogger) {
  async function loadCandidate(tx: Db, organisationId: string, id: string, forUpdate = false) {
    const row = await findCandidate(tx, organisationId, id, forUpdate);
    if (!row) throw candidateNotFound();
    return row;
  }
  async function loadLive(tx: Db, organisationId: string, id: string) {
    const row = await loadCandidate(tx, organisationId, id, true);
    if (row.erasedAt) throw erased();
    return row;
  }

  return {
    async list(organisationId: string, o: { page: number; perPage: number; search?: string | undefined }) {
      const { rows, total, capped } = await listCandidates(db, organisationId, o);
      return { candidates: rows.map(presentCandidate), total, capped };
    },

    async get(organisationId: string, id: string): Promise<Candidate> {
      return presentCandidate(await loadCandidate(db, organisationId, id));
    },

    async update(organisationId: string, actor: Actor, id: string, body: UpdateCandidateBody): Promise<Candidate> {
      const changes = valuesOf(body);
      try {
        const row = await db.transaction(async (tx) => {
          const before = await loadLive(tx, organisationId, id);
          if (changes.email && changes.email !== before.email && (await emailTaken(tx, organisationId, changes.email, id))) {
            throw new AppError('conflict', CANDIDATE_TEXTS.duplicate, { email: [CANDIDATE_TEXTS.duplicate] });
          }
          if (changes.consentSource !== undefined) {
            if (changes.consentSource === null) changes.consentAt = null;
            else if (!before.consentSource || !before.consentAt) changes.consentAt = new Date();
          }
          const changed = (Object.keys(changes) as (keyof CandidateValues)[]).filter(
            (k) => JSON.stringify(changes[k] ?? null) !== JSON.stringify(before[k] ?? null),
          );
          if (changed.length === 0) return before;
          const after = await updateCandidate(tx, organisationId, id, { ...changes, lastActivityAt: new Date() });
          await recordActivity(tx, {
            organisationId,
            actor,
            type: 'candidate.updated',
            candidateId: id,
            data: { fields: changed.filter((k) => k !== 'consentAt').map((k) => FIELD_NAMES[k]) },
          });
          return after ?? before;
        });
        return presentCandidate(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('conflict', CANDIDATE_TEXTS.duplicate, { email: [CANDIDATE_TEXTS.duplicate] });
        throw error;
      }
    },

    async erase(organisationId: string, actor: Actor, id: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const row = await loadLive(tx, organisationId, id);
        return eraseCandidateInTransaction(tx, owners, organisationId, actor, row, { reason: 'request' });
      });
      await files.discard(keys);
    },

    /** The source's applications, notes, files and timeline move to the target; the source is deleted. */
    async merge(organisationId: string, actor: Actor, targetId: string, sourceId: string): Promise<Candidate> {
      if (targetId === sourceId) throw validationFailed({ source_id: [CANDIDATE_TEXTS.mergeSelf] }, CANDIDATE_TEXTS.mergeSelf);
      const row = await db.transaction(async (tx) => {
        // Lock both rows, always in the same order, so two opposite merges cannot deadlock.
        const [first, second] = [targetId, sourceId].sort();
        const locked = new Map<string, CandidateRow | undefined>();
        locked.set(first!, await findCandidate(tx, organisationId, first!, true));
        locked.set(second!, await findCandidate(tx, organisationId, second!, true));
        const target = locked.get(targetId);
        const source = locked.get(sourceId);
        if (!target) throw candidateNotFound();
        if (target.erasedAt) throw erased();
        if (!source) throw validationFailed({ source_id: [CANDIDATE_TEXTS.notFound] });
        if (source.erasedAt) throw validationFailed({ source_id: [CANDIDATE_TEXTS.erased] }, CANDIDATE_TEXTS.erased);
        // Where both are in a recruitment, the target's application stays; the source's notes and timeline go with it.
        const replaced = await applicationsReplacedByMerge(tx, organisationId, sourceId, targetId);
        await moveNotesAndFiles(tx, organisationId, sourceId, targetId, replaced);
        await moveCandidateTimeline(tx, organisationId, sourceId, targetId, replaced);
        const moved = {
          moved: await owners.moveApplications(
            tx,
            organisationId,
            sourceId,
            targetId,
            replaced.map((r) => r.dropped),
          ),
          dropped: replaced.length,
        };
        // Mail and notifications about the source now concern the target: erasing the target removes them.
        await moveCandidateJobs(tx, sourceId, targetId);
        await moveCandidateDevMail(tx, sourceId, targetId);
        await moveCandidateNotifications(tx, organisationId, sourceId, targetId);
        await deleteCandidate(tx, organisationId, sourceId);
        // The target keeps its own values; the source fills the empty ones.
        const fill: CandidateValues = {};
        if (!target.email && source.email) fill.email = source.email;
        if (!target.phone && source.phone) fill.phone = source.phone;
        if (!target.location && source.location) fill.location = source.location;
        if ((target.links ?? []).length === 0 && (source.links ?? []).length > 0) fill.links = source.links;
        if (!target.consentSource && source.consentSource) {
          fill.consentSource = source.consentSource;
          fill.consentAt = source.consentAt;
          fill.consentNote = source.consentNote;
        }
        const last = source.lastActivityAt > target.lastActivityAt ? source.lastActivityAt : target.lastActivityAt;
        const after = await updateCandidate(tx, organisationId, targetId, {
          ...fill,
          lastActivityAt: new Date(Math.max(last.getTime(), Date.now())),
        });
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'candidate.merged',
          candidateId: targetId,
          data: { merged_id: sourceId, merged_name: source.name, applications_moved: moved.moved, applications_dropped: moved.dropped },
        });
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'candidate.merged',
          targetType: 'candidate',
          targetId,
          before: { source_id: sourceId },
          after: { applications_moved: moved.moved, applications_dropped: moved.dropped, fields_filled: Object.keys(fill).length },
        });
        return after!;
      });
      return presentCandidate(row);
    },

    async export(organisationId: string, actor: Actor, id: string): Promise<CandidateExport> {
      return db.transaction(async (tx) => {
        const row = await loadCandidate(tx, organisationId, id);
        await recordActivity(tx, { organisationId, actor, type: 'candidate.exported', candidateId: id });
        const [apps, notes, fileRows, timeline] = [
          await candidateApplications(tx, organisationId, id),
          await allNotes(tx, organisationId, id),
          await listFiles(tx, organisationId, id),
          await listCandidateActivities(tx, organisationId, id, 10_000, 0),
        ];
        return {
          exported_at: new Date().toISOString(),
          candidate: presentCandidate(row),
          applications: apps.map((a) => ({
            recruitment: a.recruitmentName,
            status: a.statusName,
            applied_at: a.appliedAt.toISOString(),
            rejected_at: a.rejectedAt?.toISOString() ?? null,
            rejection_reason: a.rejectionReason,
            rating: a.rating,
            tags: a.tags,
            source: a.source,
          })),
          notes: notes.map((n) => ({ author: n.authorName, body: n.body, created_at: n.createdAt.toISOString() })),
          files: fileRows.map((f) => ({
            filename: f.stored.filename,
            kind: f.kind,
            content_type: f.stored.contentType,
            size: f.stored.size,
            created_at: f.createdAt.toISOString(),
          })),
          activities: timeline.rows.map((a) => ({ type: a.type, actor: a.actorName, created_at: a.createdAt.toISOString() })),
        };
      });
    },

    /* ---------- notes ---------- */

    /** A page of notes, each with what the reader may do to it. */
    async notes(organisationId: string, reader: Actor, candidateId: string, o: { page: number; perPage: number }) {
      const found = await listNotes(db, organisationId, candidateId, o);
      if (!found) throw candidateNotFound();
      return { notes: found.rows.map((row) => presentNote(row, reader)), total: found.total };
    },

    /**
     * Adds a note. With `client_id`, a create repeated with the same key (a double click, a retry,
     * even at the same moment: the unique index decides) returns the first note, `created: false`,
     * and records and notifies nothing again.
     */
    async addNote(
      organisationId: string,
      actor: Actor,
      candidateId: string,
      body: CreateNoteBody,
    ): Promise<{ note: Note; created: boolean }> {
      const mentioned = [...new Set([...body.body.matchAll(MENTION_PATTERN)].map((m) => m[2]!.toLowerCase()))];
      const authorId = userIdOrNull(actor);
      const earlier = async (tx: Db, clientId: string) => {
        const found = await findNoteByClientId(tx, organisationId, clientId);
        if (!found) return undefined;
        if (found.candidateId !== candidateId || found.authorId !== authorId) {
          throw validationFailed({ client_id: [CANDIDATE_TEXTS.noteClientIdTaken] });
        }
        return found.id;
      };
      const { id, created } = await db.transaction(async (tx) => {
        if (body.client_id) {
          const found = await earlier(tx, body.client_id);
          if (found) return { id: found, created: false };
        }
        const candidate = await loadLive(tx, organisationId, candidateId);
        let application: { id: string; recruitmentId: string } | undefined;
        if (body.application_id) {
          application = await findApplicationOfCandidate(tx, organisationId, candidateId, body.application_id);
          if (!application) throw validationFailed({ application_id: [CANDIDATE_TEXTS.applicationNotFound] });
        }
        const valid = mentioned.filter(isUuid);
        const members = await membersAmong(tx, organisationId, valid);
        if (valid.length !== mentioned.length || members.length !== valid.length) {
          throw validationFailed({ body: [CANDIDATE_TEXTS.mentionUnknown] });
        }
        const noteId = await insertNote(tx, {
          organisationId,
          candidateId,
          applicationId: application?.id ?? null,
          authorId,
          body: body.body,
          mentionedUserIds: mentioned,
          clientId: body.client_id ?? null,
        });
        if (!noteId) {
          // The same key was committed meanwhile: that note is the answer.
          const found = await earlier(tx, body.client_id!);
          if (!found) throw new Error('note client id conflict without a note');
          return { id: found, created: false };
        }
        await touchCandidates(tx, organisationId, [candidateId]);
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'note.added',
          candidateId,
          applicationId: application?.id ?? null,
          recruitmentId: application?.recruitmentId ?? null,
          data: { note_id: noteId, mentions: mentioned.length },
        });
        const recipients = mentioned.filter((u) => u !== authorId);
        if (recipients.length > 0) {
          const author = await actorNameOf(tx, actor);
          const target = application ?? (await latestApplication(tx, organisationId, candidateId));
          const url = target ? `/recruitment/${target.recruitmentId}/candidates?application=${target.id}` : '/recruitment';
          for (const userId of recipients) {
            await notify(tx, {
              userId,
              organisationId,
              type: 'mention',
              data: { title: `${author} mentioned you`, body: excerpt(body.body), url, candidate_id: candidate.id, note_id: noteId },
            });
          }
        }
        return { id: noteId, created: true };
      });
      const row = await findNote(db, organisationId, candidateId, id);
      return { note: presentNote(row!, actor), created };
    },

    async removeNote(organisationId: string, actor: Actor, candidateId: string, noteId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await loadCandidate(tx, organisationId, candidateId);
        const note = await findNote(tx, organisationId, candidateId, noteId);
        if (!note) throw new AppError('not_found', CANDIDATE_TEXTS.noteNotFound);
        if (!mayDeleteNote(actor, note)) throw new AppError('forbidden', NOTE_REFUSALS.delete);
        await deleteNote(tx, organisationId, noteId);
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'note.deleted',
          candidateId,
          applicationId: note.applicationId,
          data: { note_id: noteId },
        });
      });
    },

    /* ---------- timeline ---------- */

    /** The timeline as the reader may see it: each row through the policy of the object it is about. */
    async activities(organisationId: string, reader: Actor, candidateId: string, o: { page: number; perPage: number }) {
      await loadCandidate(db, organisationId, candidateId);
      const { rows, total } = await candidateTimelineFor(db, organisationId, reader, candidateId, o);
      return { activities: rows.map(presentActivity), total };
    },

    /* ---------- files ---------- */

    /** The candidate's files, newest first (the application detail shows them). */
    async files(organisationId: string, candidateId: string): Promise<CandidateFile[]> {
      return (await listFiles(db, organisationId, candidateId)).map(presentCandidateFile);
    },

    async upload(organisationId: string, actor: Actor, candidateId: string, doc: DocumentUpload): Promise<CandidateFile> {
      // Refuse before writing bytes: an unknown or erased candidate stores nothing.
      const current = await loadCandidate(db, organisationId, candidateId);
      if (current.erasedAt) throw erased();
      const fileId = randomUUID();
      const storedId = randomUUID();
      const key = `candidates/${organisationId}/${candidateId}/${fileId}.${doc.type.extension}`;
      await putNewBytes(files.storage, key, doc.bytes, doc.type.contentType);
      try {
        await db.transaction(async (tx) => {
          await loadLive(tx, organisationId, candidateId);
          await storeFileRow(tx, {
            id: storedId,
            organisationId,
            key,
            filename: doc.filename,
            contentType: doc.type.contentType,
            size: doc.bytes.length,
          });
          await insertFile(tx, {
            id: fileId,
            organisationId,
            candidateId,
            storedFileId: storedId,
            kind: doc.kind,
            uploadedById: userIdOrNull(actor),
          });
          await touchCandidates(tx, organisationId, [candidateId]);
          await recordActivity(tx, {
            organisationId,
            actor,
            type: 'file.uploaded',
            candidateId,
            data: { file_id: fileId, filename: doc.filename, kind: doc.kind },
          });
        });
      } catch (error) {
        await files.removeNow([key]);
        throw error;
      }
      const row = await findFile(db, organisationId, candidateId, fileId);
      return presentCandidateFile(row!);
    },

    async file(organisationId: string, candidateId: string, fileId: string) {
      const row = await findFile(db, organisationId, candidateId, fileId);
      if (!row) throw new AppError('not_found', CANDIDATE_TEXTS.fileNotFound);
      return row.stored;
    },

    async removeFile(organisationId: string, actor: Actor, candidateId: string, fileId: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        await loadCandidate(tx, organisationId, candidateId, true);
        const row = await findFile(tx, organisationId, candidateId, fileId);
        if (!row) throw new AppError('not_found', CANDIDATE_TEXTS.fileNotFound);
        const removed = await removeFileRows(tx, organisationId, [row.storedFileId]);
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'file.deleted',
          candidateId,
          data: { file_id: fileId, filename: row.stored.filename, kind: row.kind },
        });
        return removed;
      });
      await files.discard(keys);
      log?.debug({ candidateId, fileId }, 'candidate file deleted');
    },
  };
}

export type CandidateService = ReturnType<typeof createCandidateService>;
export { presentCandidate, presentCandidateFile } from './presenter.ts';
