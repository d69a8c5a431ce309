import type { Interview, Recommendation, Scorecard, ScorecardSummary } from '@hireloop/contract/interviews';
import type { PolicyActor } from '@hireloop/contract/policies/actor';
import { interviewPolicies, scorecardsHiddenFrom } from '@hireloop/contract/policies/interviews';
import type { InterviewBase, ScorecardRow } from './repository.ts';

export const ERASED_CANDIDATE_NAME = 'Erased candidate';

export type InterviewerRow = { interviewId: string; id: string; name: string; email: string | null; avatarUrl: string | null };
export type ScorecardHead = { interviewId: string; interviewerId: string; recommendation: string };

/** `hideRecommendations`: an interviewer who has not submitted yet sees only how many have. */
export function summaryOf(heads: ScorecardHead[], expected: number, hideRecommendations = false): ScorecardSummary {
  const recommendations = { strong_no: 0, no: 0, yes: 0, strong_yes: 0 };
  if (!hideRecommendations) for (const h of heads) recommendations[h.recommendation as Recommendation] += 1;
  return { submitted: heads.length, expected, recommendations };
}

export const interviewUrl = (recruitmentId: string, interviewId: string) =>
  `/recruitment/${recruitmentId}/interviews?interview=${interviewId}`;

/** The interview as `viewer` sees it: with what they may do (`policies`, packages/contract/src/policies/interviews.ts). */
export function presentInterview(
  base: InterviewBase,
  interviewers: InterviewerRow[],
  heads: ScorecardHead[],
  viewer: PolicyActor,
): Interview {
  const i = base.interview;
  const submitted = new Set(heads.map((h) => h.interviewerId));
  const facts = { panelIds: interviewers.map((p) => p.id), submittedIds: [...submitted], status: i.status };
  const viewerId = viewer.kind === 'user' ? viewer.userId : null;
  const isInterviewer = viewerId !== null && interviewers.some((p) => p.id === viewerId);
  return {
    id: i.id,
    title: i.title,
    type: i.typeId ? { id: i.typeId, name: base.typeName ?? i.title } : null,
    status: i.status as Interview['status'],
    starts_at: i.startsAt.toISOString(),
    ends_at: i.endsAt.toISOString(),
    duration_minutes: Math.round((i.endsAt.getTime() - i.startsAt.getTime()) / 60_000),
    timezone: i.timezone,
    location: i.location,
    video_url: i.videoUrl,
    questions: i.questions,
    criteria: i.criteria,
    application_id: i.applicationId,
    candidate: {
      id: base.candidateId,
      name: base.candidateErasedAt ? ERASED_CANDIDATE_NAME : base.candidateName,
      erased: base.candidateErasedAt !== null,
    },
    recruitment: { id: i.recruitmentId, name: base.recruitmentName },
    organiser: i.organiserId ? { id: i.organiserId, name: base.organiserName ?? '' } : null,
    interviewers: interviewers.map((p) => ({
      id: p.id,
      name: p.name,
      email: p.email ?? '',
      avatar_url: p.avatarUrl,
      scorecard_submitted: submitted.has(p.id),
    })),
    is_interviewer: isInterviewer,
    my_scorecard_submitted: isInterviewer && viewerId !== null && submitted.has(viewerId),
    scorecards: summaryOf(heads, interviewers.length, scorecardsHiddenFrom(viewer, facts)),
    policies: interviewPolicies(viewer, facts),
    sequence: i.icsSequence,
    cancelled_at: i.cancelledAt?.toISOString() ?? null,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    url: interviewUrl(i.recruitmentId, i.id),
  };
}

export const presentScorecard = (s: ScorecardRow, interviewerName: string): Scorecard => ({
  id: s.id,
  interview_id: s.interviewId,
  interviewer: { id: s.interviewerId, name: interviewerName },
  ratings: s.ratings,
  recommendation: s.recommendation as Recommendation,
  notes: s.notes,
  submitted_at: s.submittedAt.toISOString(),
});
