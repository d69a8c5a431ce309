import { useQuery } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import { call } from '../../lib/operations.ts';
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

/*
 * The operations are imported on first use, like everywhere in features/session/: their schemas bring zod,
 * which the bundle /login loads must not carry (docs/decisions/014-operations-in-the-contract.md).
 */

/** One organisation list: its key for the current organisation, fetched while `enabled` and an organisation is set. */
function useOrganisationList<T>(key: (organisationId: string) => readonly unknown[], fetch: () => Promise<T>, enabled: boolean) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: key(organisationId),
    queryFn: fetch,
    enabled: enabled && organisationId !== '',
    staleTime: LIST_STALE_MS,
  });
}

/** The pipeline, in order: board columns, stage filters, "Move to…", the settings page. */
export function useRecruitmentStatuses() {
  return useOrganisationList(
    queryKeys.recruitmentStatuses,
    async () => {
      const { recruitmentStatusOperations } = await import('@hireloop/contract/operations/recruitment-statuses');
      return (await call(recruitmentStatusOperations.list, { query: everything })).statuses.data;
    },
    true,
  );
}

export function useExperienceLevels() {
  return useOrganisationList(
    queryKeys.experienceLevels,
    async () => {
      const { experienceLevelOperations } = await import('@hireloop/contract/operations/experience-levels');
      return (await call(experienceLevelOperations.list, { query: everything })).levels.data;
    },
    true,
  );
}

export function useInterviewTypes(enabled = true) {
  return useOrganisationList(
    queryKeys.interviewTypes,
    async () => {
      const { interviewTypeOperations } = await import('@hireloop/contract/operations/interview-types');
      return (await call(interviewTypeOperations.list, { query: everything })).interview_types.data;
    },
    enabled,
  );
}

/** The recruitment defaults (settings → recruitment), e.g. the default interview length. */
export function useRecruitmentSettings(enabled = true) {
  return useOrganisationList(
    queryKeys.recruitmentSettings,
    async () => {
      const { recruitmentSettingsOperations } = await import('@hireloop/contract/operations/recruitment-settings');
      return (await call(recruitmentSettingsOperations.get)).recruitment_settings;
    },
    enabled,
  );
}

/** Every member of the organisation. */
export function useMembers(enabled = true) {
  return useOrganisationList(
    queryKeys.members,
    async () => {
      const { userOperations } = await import('@hireloop/contract/operations/users');
      return (await call(userOperations.list, { query: everything })).users.data;
    },
    enabled,
  );
}

/** Every job role. */
export function useRoleOptions(enabled = true) {
  return useOrganisationList(
    queryKeys.roleOptions,
    async () => {
      const { roleOperations } = await import('@hireloop/contract/operations/roles');
      return (await call(roleOperations.list, { query: everything })).roles.data;
    },
    enabled,
  );
}

/** Every team and client; without the teams feature the answer is an error and callers leave the select out. */
export function useTeamOptions(enabled = true) {
  return useOrganisationList(
    queryKeys.teamOptions,
    async () => {
      const { teamOperations } = await import('@hireloop/contract/operations/teams');
      return (await call(teamOperations.list, { query: everything })).teams.data;
    },
    enabled,
  );
}
