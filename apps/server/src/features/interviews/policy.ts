import { actorMay } from '@hireloop/contract/policies/actor';
import type { Actor } from '../../http/organisation-scope.ts';

/**
 * Who may see an interview and its scorecards. The routes, the presenter and the candidate timeline
 * all decide through these, so the rule lives in one place.
 */

/** An interviewer-role member sees only the interviews they are on: the user id to narrow to, else undefined. */
export function interviewOnlyFor(actor: Actor): string | undefined {
  return actor.kind === 'user' && actor.role === 'interviewer' ? actor.userId : undefined;
}

/** Whether the caller may see an interview with this panel (GET /interviews/{id}: 404 when not). */
export function mayViewInterview(actor: Actor, panelIds: readonly string[]): boolean {
  if (!actorMay(actor, 'interviews.view')) return false;
  const onlyFor = interviewOnlyFor(actor);
  return onlyFor === undefined || panelIds.includes(onlyFor);
}

/**
 * Blind feedback: someone on the panel sees the others' scorecards (and recommendations) only once
 * their own is in. Callers who are not on the panel are not blinded.
 */
export function scorecardsHiddenFrom(viewerId: string | null, panelIds: readonly string[], submittedIds: readonly string[]): boolean {
  return viewerId !== null && panelIds.includes(viewerId) && !submittedIds.includes(viewerId);
}
