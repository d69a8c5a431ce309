import { useQuery } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import type { ExperienceLevelsResponse } from '@hireloop/contract/experience-levels';
import type { InterviewTypesResponse } from '@hireloop/contract/interviews';
import type { RecruitmentSettingsResponse } from '@hireloop/contract/recruitment-settings';
import type { RecruitmentStatusesResponse } from '@hireloop/contract/recruitment-statuses';
import type { RolesResponse } from '@hireloop/contract/roles';
import type { TeamsResponse } from '@hireloop/contract/teams';
import type { UsersResponse } from '@hireloop/contract/users';
import { orgApi } from '../../lib/api-client.ts';
import { useOrganisationId } from './auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The organisation's lists that several features show: one hook and one key (lib/query-keys.ts) for
 * each, so every screen shares one cache entry and an edit anywhere refreshes them all. Mutations
 * invalidate the key; in between, a list stays fresh for a minute, like the start-up data.
 * Selection lists want every item, not the default page of 25.
 */
const LIST_STALE_MS = 60_000;

const everything = { per_page: MAX_PER_PAGE };

/** The pipeline, in order: board columns, stage filters, "Move to…", the settings page. */
export function useRecruitmentStatuses() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.recruitmentStatuses(organisationId),
    queryFn: async () => (await orgApi.get<RecruitmentStatusesResponse>('recruitment-status', everything)).statuses.data,
    enabled: organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}

export function useExperienceLevels() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.experienceLevels(organisationId),
    queryFn: async () => (await orgApi.get<ExperienceLevelsResponse>('experience-level', everything)).levels.data,
    enabled: organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}

export function useInterviewTypes(enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.interviewTypes(organisationId),
    queryFn: async () => (await orgApi.get<InterviewTypesResponse>('interview-types', everything)).interview_types.data,
    enabled: enabled && organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}

/** The recruitment defaults (settings → recruitment), e.g. the default interview length. */
export function useRecruitmentSettings(enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.recruitmentSettings(organisationId),
    queryFn: async () => (await orgApi.get<RecruitmentSettingsResponse>('recruitment-settings')).recruitment_settings,
    enabled: enabled && organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}

/** Every member of the organisation. */
export function useMembers(enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.members(organisationId),
    queryFn: async () => (await orgApi.get<UsersResponse>('users', everything)).users.data,
    enabled: enabled && organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}

/** Every job role. */
export function useRoleOptions(enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.roleOptions(organisationId),
    queryFn: async () => (await orgApi.get<RolesResponse>('role', everything)).roles.data,
    enabled: enabled && organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}

/** Every team and client; without the teams feature the answer is an error and callers leave the select out. */
export function useTeamOptions(enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.teamOptions(organisationId),
    queryFn: async () => (await orgApi.get<TeamsResponse>('teams', everything)).teams.data,
    enabled: enabled && organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}
