import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { teamOperations } from '@hireloop/contract/operations/teams';
import type { TeamBody, TeamDetail, TeamKind, TeamPatchBody } from '@hireloop/contract/teams';
import { call } from '../../lib/operations.ts';
import { useAuth, useOrganisationId } from '../session/auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Teams and clients of the current organisation (docs/product.md §12). */
export const TEAMS_PER_PAGE = 25;

/** Under the organisation's `teams` key (lib/query-keys.ts): invalidating it refreshes the shared team list too. */
export const teamKeys = {
  all: (organisationId: string) => queryKeys.teams(organisationId),
  page: (organisationId: string, o: { page: number; name: string; kind: TeamKind | '' }) =>
    [...queryKeys.teams(organisationId), 'page', o] as const,
  detail: (organisationId: string, id: string) => [...queryKeys.teams(organisationId), 'detail', id] as const,
};

/** Whether the signed-in member may create, change and delete teams. */
export function useCanManageTeams(): boolean {
  return useAuth().currentOrganisation?.permissions.includes('teams.manage') ?? false;
}

/** One page, by name; the previous page stays shown while the next loads. */
export function useTeamsPage(o: { page: number; name: string; kind: TeamKind | '' }) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: teamKeys.page(organisationId, o),
    queryFn: async () => {
      const filter: { name?: string; kind?: TeamKind } = {};
      if (o.name !== '') filter.name = o.name;
      if (o.kind !== '') filter.kind = o.kind;
      const query = { page: o.page, per_page: TEAMS_PER_PAGE, sort: 'name' as const };
      return (await call(teamOperations.list, { query: Object.keys(filter).length === 0 ? query : { ...query, filter } })).teams;
    },
    enabled: organisationId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useTeam(id: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: teamKeys.detail(organisationId, id),
    queryFn: async () => (await call(teamOperations.get, { params: { teamId: id } })).team,
    enabled: organisationId !== '' && id !== '',
    retry: false,
  });
}

export function useCreateTeam() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamBody) => (await call(teamOperations.create, { body })).team,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(organisationId) }),
  });
}

export function useUpdateTeam(id: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamPatchBody) => (await call(teamOperations.update, { params: { teamId: id }, body })).team,
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.detail(organisationId, id), team);
      return queryClient.invalidateQueries({ queryKey: teamKeys.all(organisationId) });
    },
  });
}

export function useSetTeamMembers(id: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userIds: string[]) =>
      (await call(teamOperations.setMembers, { params: { teamId: id }, body: { user_ids: userIds } })).team,
    onSuccess: (team) => {
      queryClient.setQueryData(teamKeys.detail(organisationId, id), team);
      return queryClient.invalidateQueries({ queryKey: teamKeys.all(organisationId) });
    },
  });
}

export function useDeleteTeam(id: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(teamOperations.remove, { params: { teamId: id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: teamKeys.detail(organisationId, id) });
      return queryClient.invalidateQueries({ queryKey: teamKeys.all(organisationId) });
    },
  });
}

/** Uploads (multipart field `logo`) or removes the team's logo; the detail and the lists show the new one. */
export function useTeamLogo(id: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const settle = (team: TeamDetail) => {
    queryClient.setQueryData(teamKeys.detail(organisationId, id), team);
    return queryClient.invalidateQueries({ queryKey: teamKeys.all(organisationId) });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return (await call(teamOperations.uploadLogo, { params: { teamId: id }, form })).team;
    },
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: async () => (await call(teamOperations.removeLogo, { params: { teamId: id } })).team,
    onSuccess: settle,
  });
  return { upload, remove };
}
