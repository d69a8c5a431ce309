import type { Activity, ActivityType } from '@hireloop/contract/candidates';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { insertActivities, type ActivityRow } from './repository.ts';

export type ActivityInput = {
  organisationId: string;
  actor: Actor | { kind: 'system'; name?: string };
  type: ActivityType;
  candidateId?: string | null;
  applicationId?: string | null;
  recruitmentId?: string | null;
  /** What the timeline line needs to read right later: names at the time, reasons. */
  data?: Record<string, unknown>;
};

/**
 * Appends to the activity timeline. Call it with the transaction that makes the change so both
 * commit together. Several entries by the same actor (a bulk action) resolve the name once.
 */
export async function recordActivities(db: Db, entries: ActivityInput[]) {
  if (entries.length === 0) return;
  const names = new Map<string, string>();
  const nameOf = async (actor: ActivityInput['actor']) => {
    if (actor.kind === 'system') return actor.name ?? 'Hireloop';
    const key = actor.kind === 'user' ? actor.userId : actor.apiKeyId;
    let name = names.get(key);
    if (name === undefined) {
      name = await actorNameOf(db, actor);
      names.set(key, name);
    }
    return name;
  };
  const rows = [];
  for (const e of entries) {
    rows.push({
      organisationId: e.organisationId,
      candidateId: e.candidateId ?? null,
      applicationId: e.applicationId ?? null,
      recruitmentId: e.recruitmentId ?? null,
      actorUserId: userIdOrNull(e.actor),
      actorName: await nameOf(e.actor),
      type: e.type,
      data: e.data ?? {},
    });
  }
  await insertActivities(db, rows);
}

export const recordActivity = (db: Db, entry: ActivityInput) => recordActivities(db, [entry]);

export function presentActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    type: row.type as ActivityType,
    actor: { id: row.actorUserId, name: row.actorName },
    candidate: row.candidateId ? { id: row.candidateId, name: row.candidateName ?? '' } : null,
    application_id: row.applicationId,
    recruitment: row.recruitmentId ? { id: row.recruitmentId, name: row.recruitmentName ?? '' } : null,
    data: row.data,
    created_at: row.createdAt.toISOString(),
  };
}

export { listCandidateActivities, listRecentActivities } from './repository.ts';
