import { INTERVIEW_TEXTS, type InterviewPolicies } from '../interviews.ts';
import { actorMay, memberIdOf, type PolicyActor } from './actor.ts';

/**
 * Who may see an interview and its scorecards, and who may submit one. The server's routes,
 * presenter and the candidate timeline (apps/server/src/features/activities/visibility.ts) decide
 * through these, and each interview the API returns carries the caller's answers as `policies`;
 * the web shows the scorecard form and the others' scorecards from those.
 */

/** What the policies need of an interview: who is on its panel, and who of them has submitted a scorecard. */
export type InterviewFacts = { panelIds: readonly string[]; submittedIds: readonly string[]; status: string };

/** An interviewer-role member sees only the interviews they are on: the user id to narrow to, else undefined. */
export function interviewOnlyFor(actor: PolicyActor): string | undefined {
  return actor.kind === 'user' && actor.role === 'interviewer' ? actor.userId : undefined;
}

/** Whether the caller may see an interview with this panel (GET /interviews/{id}: 404 when not). */
export function mayViewInterview(actor: PolicyActor, panelIds: readonly string[]): boolean {
  if (!actorMay(actor, 'interviews.view')) return false;
  const onlyFor = interviewOnlyFor(actor);
  return onlyFor === undefined || panelIds.includes(onlyFor);
}

/**
 * Blind feedback: someone on the panel sees the others' scorecards (and recommendations) only once
 * their own is in. Callers who are not on the panel are not blinded.
 */
export function scorecardsHiddenFrom(actor: PolicyActor, interview: Pick<InterviewFacts, 'panelIds' | 'submittedIds'>): boolean {
  const me = memberIdOf(actor);
  return me !== null && interview.panelIds.includes(me) && !interview.submittedIds.includes(me);
}

/** Submit a scorecard: only the interviewers on its panel (signed in; `scorecards.submit`). Refused with 403. */
export function maySubmitScorecard(actor: PolicyActor, interview: Pick<InterviewFacts, 'panelIds'>): boolean {
  const me = memberIdOf(actor);
  return actorMay(actor, 'scorecards.submit') && me !== null && interview.panelIds.includes(me);
}

/**
 * Reschedule or cancel: with `interviews.manage`, while the interview is scheduled (a cancelled or
 * completed one is refused with 409, `INTERVIEW_TEXTS.notScheduled` / `alreadyCompleted`).
 */
export function mayChangeInterview(actor: PolicyActor, interview: Pick<InterviewFacts, 'status'>): boolean {
  return actorMay(actor, 'interviews.manage') && interviewIsOpen(interview.status);
}

/** Whether an interview in this status can still be rescheduled or cancelled. */
export const interviewIsOpen = (status: string): boolean => status === 'scheduled';

/** Why a scorecard is refused to someone not on the panel (403). */
export const INTERVIEW_REFUSALS = { submit_scorecard: INTERVIEW_TEXTS.scorecardNotInterviewer } as const;

/**
 * The interview's actions this caller may take (`interview.policies`). `update` (reschedule) and
 * `cancel`: `mayChangeInterview`. `submit_scorecard`: they may
 * and still owe one, on an interview not cancelled; that it has started is a matter of the clock,
 * checked when submitting (409, `INTERVIEW_TEXTS.scorecardBeforeStart`) and shown by the web from
 * `starts_at`. `view_scorecards`: GET …/scorecards shows them the scorecards (else `hidden`).
 */
export const interviewPolicies = (actor: PolicyActor, interview: InterviewFacts): InterviewPolicies => {
  const me = memberIdOf(actor);
  return {
    update: mayChangeInterview(actor, interview),
    cancel: mayChangeInterview(actor, interview),
    submit_scorecard:
      maySubmitScorecard(actor, interview) && interview.status !== 'cancelled' && !(me !== null && interview.submittedIds.includes(me)),
    view_scorecards: mayViewInterview(actor, interview.panelIds) && !scorecardsHiddenFrom(actor, interview),
  };
};
