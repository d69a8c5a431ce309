import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import type {
  Interview,
  InterviewConflict,
  InterviewStatus,
  InterviewWhenFilter,
  RescheduleInterviewBody,
  ScheduleInterviewBody,
  ScorecardBody,
} from '@hireloop/contract/interviews';
import { applicationOperations } from '@hireloop/contract/operations/applications';
import { interviewOperations } from '@hireloop/contract/operations/interviews';
import type { Permission } from '@hireloop/contract/permissions';
import { call } from '../../../lib/operations.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useAuth, useOrganisationId } from '../../session/auth-store.ts';

/** Under the shared `interviews` key (lib/query-keys.ts). */
export const interviewKeys = {
  all: queryKeys.interviews,
  list: (org: string, recruitmentId: string, filters: InterviewFilters) =>
    [...queryKeys.interviews(org), 'recruitment', recruitmentId, filters] as const,
  ofApplication: (org: string, applicationId: string) => [...queryKeys.interviews(org), 'application', applicationId] as const,
  scorecards: (org: string, interviewId: string) => [...queryKeys.interviews(org), 'scorecards', interviewId] as const,
  one: (org: string, interviewId: string) => [...queryKeys.interviews(org), 'one', interviewId] as const,
  candidates: (org: string, recruitmentId: string) => ['organisation', org, 'interviews', 'candidates', recruitmentId] as const,
};

export type InterviewFilters = {
  when: InterviewWhenFilter;
  interviewer: string | null;
  status: InterviewStatus | null;
  page: number;
};

export function useCurrentUserId(): string | null {
  return useAuth().user?.id ?? null;
}

export function useInterviewPermissions() {
  const permissions = useAuth().currentOrganisation?.permissions ?? [];
  const has = (p: Permission) => permissions.includes(p);
  return { manage: has('interviews.manage'), submit: has('scorecards.submit'), manageTypes: has('interview_types.manage') };
}

/** The query string of the list, without empty filters. */
export function listQueryOf(filters: InterviewFilters) {
  const filter: { when: InterviewWhenFilter; interviewer?: string; status?: string } = { when: filters.when };
  if (filters.interviewer) filter.interviewer = filters.interviewer;
  if (filters.status) filter.status = filters.status;
  return { page: filters.page, per_page: 25, filter };
}

export function useRecruitmentInterviews(recruitmentId: string, filters: InterviewFilters) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: interviewKeys.list(org, recruitmentId, filters),
    queryFn: async () =>
      (await call(interviewOperations.listForRecruitment, { params: { recruitment: recruitmentId }, query: listQueryOf(filters) }))
        .interviews,
    enabled: org !== '' && recruitmentId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useApplicationInterviews(applicationId: string) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: interviewKeys.ofApplication(org, applicationId),
    queryFn: async () => (await call(interviewOperations.listForApplication, { params: { application: applicationId } })).interviews,
    enabled: org !== '' && applicationId !== '',
  });
}

/** One interview, fresh after every change (starts from the copy the list already has). */
export function useInterview(initial: Interview) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: interviewKeys.one(org, initial.id),
    queryFn: async () => (await call(interviewOperations.get, { params: { interview: initial.id } })).interview,
    enabled: org !== '',
    placeholderData: initial,
  });
}

/** One interview by id (a link with `?interview=`), when the list at hand does not hold it. */
export function useInterviewById(interviewId: string | null, enabled = true) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: interviewKeys.one(org, interviewId ?? ''),
    queryFn: async () => (await call(interviewOperations.get, { params: { interview: interviewId ?? '' } })).interview,
    enabled: enabled && org !== '' && interviewId !== null && interviewId !== '',
    retry: false,
  });
}

/** The recruitment's active applications, for "which candidate". */
export function useRecruitmentCandidates(recruitmentId: string, enabled = true) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: interviewKeys.candidates(org, recruitmentId),
    queryFn: async () =>
      (
        await call(applicationOperations.list, {
          params: { recruitment: recruitmentId },
          query: { per_page: MAX_PER_PAGE, sort: 'name', filter: { state: 'active' } },
        })
      ).applications.data,
    enabled: enabled && org !== '' && recruitmentId !== '',
  });
}

export async function fetchConflicts(userIds: string[], startsAt: string, endsAt: string, exclude?: string): Promise<InterviewConflict[]> {
  if (userIds.length === 0) return [];
  const query = { user_ids: userIds.join(','), starts_at: startsAt, ends_at: endsAt };
  return (await call(interviewOperations.conflicts, { query: exclude ? { ...query, exclude } : query })).conflicts;
}

/** After any change: every interview list, the dashboard, and the candidate's timeline. */
function refreshAfterChange(queryClient: QueryClient, org: string) {
  void queryClient.invalidateQueries({ queryKey: interviewKeys.all(org) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(org) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.allCandidateActivities(org) });
}

export function useScheduleInterview() {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicationId, body }: { applicationId: string; body: ScheduleInterviewBody }) =>
      (await call(interviewOperations.schedule, { params: { application: applicationId }, body })).interview,
    onSuccess: () => refreshAfterChange(queryClient, org),
  });
}

export function useRescheduleInterview() {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: RescheduleInterviewBody }) =>
      (await call(interviewOperations.reschedule, { params: { interview: id }, body })).interview,
    onSuccess: () => refreshAfterChange(queryClient, org),
  });
}

export function useCancelInterview() {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason?: string }) =>
      (await call(interviewOperations.cancel, { params: { interview: id }, body: reason ? { reason } : {} })).interview,
    onSuccess: () => refreshAfterChange(queryClient, org),
  });
}

export function useScorecards(interviewId: string, enabled = true) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: interviewKeys.scorecards(org, interviewId),
    queryFn: async () => await call(interviewOperations.scorecards, { params: { interview: interviewId } }),
    enabled: enabled && org !== '',
  });
}

export function useSubmitScorecard(interviewId: string) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ScorecardBody) =>
      (await call(interviewOperations.submitScorecard, { params: { interview: interviewId }, body })).scorecard,
    onSuccess: () => refreshAfterChange(queryClient, org),
  });
}
