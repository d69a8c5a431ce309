import type { Activity, ActivityType } from '@hireloop/contract/candidates';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { withoutMentions, type MentionedPerson } from '../../lib/person-mentions.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { candidateActivityData, insertActivities, moveActivitiesToCandidate, setActivityData, type ActivityRow } from './repository.ts';

/**
 * Who acted: a member or API key (named now), the system, or an actor named as recorded earlier
 * (a background import acts for whoever started it, under the name it had then).
 */
export type ActivityActor = Actor | { kind: 'system'; name?: string } | { kind: 'recorded'; userId: string | null; name: string };

export type ActivityInput = {
  organisationId: string;
  actor: ActivityActor;
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
    if (actor.kind === 'recorded') return actor.name;
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
      actorUserId: e.actor.kind === 'recorded' ? e.actor.userId : userIdOrNull(e.actor),
      actorName: await nameOf(e.actor),
      type: e.type,
      data: e.data ?? {},
    });
  }
  await insertActivities(db, rows);
}

export const recordActivity = (db: Db, entry: ActivityInput) => recordActivities(db, [entry]);

/**
 * Merge of two candidates: the source's timeline becomes the target's; entries about a dropped
 * application (`replaced`: the source's in a recruitment the target is in) are about the kept one.
 */
export async function moveCandidateTimeline(
  db: Db,
  organisationId: string,
  sourceId: string,
  targetId: string,
  replaced: { dropped: string; kept: string }[],
) {
  await moveActivitiesToCandidate(db, organisationId, sourceId, targetId, replaced);
}

/** Keys of activity data that may carry a person's name or address; erasure removes them. */
const PERSONAL_KEYS = new Set(['name', 'filename', 'candidate_name', 'merged_name', 'source_name', 'email', 'excerpt', 'body']);

/** Replaces mentions of the person inside activity data (names at the time: lib/person-mentions.ts) and drops personal keys. */
function scrub(value: unknown, person: MentionedPerson): unknown {
  if (typeof value === 'string') return withoutMentions(value, person);
  if (Array.isArray(value)) return value.map((v) => scrub(v, person));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !PERSONAL_KEYS.has(k))
        .map(([k, v]) => [k, scrub(v, person)]),
    );
  }
  return value;
}

/**
 * Candidate erasure (features/candidates/service.ts): the person's timeline stays (what happened,
 * anonymous), scrubbed of their name and e-mail and of the keys that may carry them. Where the
 * person acted themselves (accepting an offer on its public page: no member acted, the entry is
 * under their name), the actor's name is scrubbed too; a member's name stays.
 */
export async function eraseCandidateTimeline(db: Db, organisationId: string, person: MentionedPerson & { id: string }) {
  for (const a of await candidateActivityData(db, organisationId, person.id)) {
    const clean = scrub(a.data, person) as Record<string, unknown>;
    const actorName = a.actorUserId === null ? withoutMentions(a.actorName, person) : a.actorName;
    if (JSON.stringify(clean) !== JSON.stringify(a.data) || actorName !== a.actorName)
      await setActivityData(db, organisationId, a.id, clean, actorName);
  }
}

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
