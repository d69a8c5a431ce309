import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamBody, TeamKind, TeamPatchBody, TeamResponse, TeamsResponse } from '@hireloop/contract/teams';
import { orgApi } from '../../lib/api-client.ts';
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
      const filter: Record<string, string> = {};
      if (o.name !== '') filter.name = o.name;
      if (o.kind !== '') filter.kind = o.kind;
      return (
        await orgApi.get<TeamsResponse>('teams', {
          page: o.page,
          per_page: TEAMS_PER_PAGE,
          sort: 'name',
          filter: Object.keys(filter).length === 0 ? null : filter,
        })
      ).teams;
    },
    enabled: organisationId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useTeam(id: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: teamKeys.detail(organisationId, id),
    queryFn: async () => (await orgApi.get<TeamResponse>(`teams/${encodeURIComponent(id)}`)).team,
    enabled: organisationId !== '' && id !== '',
    retry: false,
  });
}

export function useCreateTeam() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamBody) => (await orgApi.post<TeamResponse>('teams', body)).team,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all(organisationId) }),
  });
}

export function useUpdateTeam(id: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TeamPatchBody) => (await orgApi.patch<TeamResponse>(`teams/${encodeURIComponent(id)}`, body)).team,
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
      (await orgApi.put<TeamResponse>(`teams/${encodeURIComponent(id)}/members`, { user_ids: userIds })).team,
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
    mutationFn: () => orgApi.delete<void>(`teams/${encodeURIComponent(id)}`),
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
  const settle = (team: TeamResponse['team']) => {
    queryClient.setQueryData(teamKeys.detail(organisationId, id), team);
    return queryClient.invalidateQueries({ queryKey: teamKeys.all(organisationId) });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return (await orgApi.upload<TeamResponse>(`teams/${encodeURIComponent(id)}/logo`, form)).team;
    },
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: async () => (await orgApi.delete<TeamResponse>(`teams/${encodeURIComponent(id)}/logo`)).team,
    onSuccess: settle,
  });
  return { upload, remove };
}
