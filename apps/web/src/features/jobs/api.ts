import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import type { ExperienceLevelsResponse } from '@hireloop/contract/experience-levels';
import type { CreateRoleBody, JobRole, RoleResponse, RolesResponse, RoleStatus, UpdateRoleBody } from '@hireloop/contract/roles';
import type { TeamsResponse } from '@hireloop/contract/teams';
import { orgApi } from '../../lib/api-client.ts';
import { roleSearch } from '../../lib/search-hooks.ts';
import { useAuth, useOrganisationId } from '../session/auth-store.ts';
import { sessionKeys } from '../session/queries.ts';

export const ROLES_PER_PAGE = 25;

export type RoleListFilters = { page: number; name: string; status: RoleStatus | '' };

/** Under `sessionKeys.roles`, so invalidating the session's roles refreshes these too. */
export const roleKeys = {
  page: (organisationId: string, o: RoleListFilters) => [...sessionKeys.roles(organisationId), 'page', o] as const,
  detail: (organisationId: string, id: string) => [...sessionKeys.roles(organisationId), 'detail', id] as const,
  teams: (organisationId: string) => ['organisation', organisationId, 'role-form', 'teams'] as const,
  levels: (organisationId: string) => ['organisation', organisationId, 'role-form', 'levels'] as const,
};

/** Whether the signed-in member may create, change and delete roles. */
export function useCanManageRoles(): boolean {
  return useAuth().currentOrganisation?.permissions.includes('roles.manage') ?? false;
}

export function useRolesPage(o: RoleListFilters) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: roleKeys.page(organisationId, o),
    queryFn: async () => {
      const filter: Record<string, string> = {};
      if (o.name !== '') filter.name = o.name;
      if (o.status !== '') filter.status = o.status;
      return (
        await orgApi.get<RolesResponse>('role', {
          page: o.page,
          per_page: ROLES_PER_PAGE,
          filter: Object.keys(filter).length === 0 ? null : filter,
        })
      ).roles;
    },
    enabled: organisationId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useRole(id: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: roleKeys.detail(organisationId, id),
    queryFn: async () => (await orgApi.get<RoleResponse>(`role/${encodeURIComponent(id)}`)).role,
    enabled: organisationId !== '' && id !== '',
    retry: false,
  });
}

/** Teams for the role form's select; without the teams feature the select is left out (null). */
export function useTeamOptions() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: roleKeys.teams(organisationId),
    queryFn: async () => (await orgApi.get<TeamsResponse>('teams', { per_page: MAX_PER_PAGE })).teams.data,
    enabled: organisationId !== '',
    retry: false,
    staleTime: 60_000,
  });
}

export function useLevelOptions() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: roleKeys.levels(organisationId),
    queryFn: async () => (await orgApi.get<ExperienceLevelsResponse>('experience-level', { per_page: MAX_PER_PAGE })).levels.data,
    enabled: organisationId !== '',
    retry: false,
    staleTime: 60_000,
  });
}

/** After any write: the session's roles (incl. these pages) and the cached role search are stale. */
function useInvalidateRoles() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return async () => {
    roleSearch.invalidate();
    await queryClient.invalidateQueries({ queryKey: sessionKeys.roles(organisationId) });
  };
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: async (body: CreateRoleBody): Promise<JobRole> => (await orgApi.post<RoleResponse>('role', body)).role,
    onSuccess: invalidate,
  });
}

export function useUpdateRole(id: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: async (body: UpdateRoleBody): Promise<JobRole> =>
      (await orgApi.patch<RoleResponse>(`role/${encodeURIComponent(id)}`, body)).role,
    onSuccess: invalidate,
  });
}

export function useDeleteRole(id: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      await orgApi.delete<void>(`role/${encodeURIComponent(id)}`);
    },
    onSuccess: invalidate,
  });
}
