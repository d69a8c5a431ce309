import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleOperations } from '@hireloop/contract/operations/roles';
import type { CreateRoleBody, JobRole, RoleStatus, UpdateRoleBody } from '@hireloop/contract/roles';
import { call } from '../../lib/operations.ts';
import { useAuth, useOrganisationId } from '../session/auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const ROLES_PER_PAGE = 25;

export type RoleListFilters = { page: number; name: string; status: RoleStatus | '' };

/** Under `queryKeys.roles`, so invalidating the session's roles refreshes these too. */
export const roleKeys = {
  page: (organisationId: string, o: RoleListFilters) => [...queryKeys.roles(organisationId), 'page', o] as const,
  detail: (organisationId: string, id: string) => [...queryKeys.roles(organisationId), 'detail', id] as const,
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
      const filter: { name?: string; status?: RoleStatus } = {};
      if (o.name !== '') filter.name = o.name;
      if (o.status !== '') filter.status = o.status;
      const query = { page: o.page, per_page: ROLES_PER_PAGE };
      return (await call(roleOperations.list, { query: Object.keys(filter).length === 0 ? query : { ...query, filter } })).roles;
    },
    enabled: organisationId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useRole(id: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: roleKeys.detail(organisationId, id),
    queryFn: async () => (await call(roleOperations.get, { params: { role: id } })).role,
    enabled: organisationId !== '' && id !== '',
    retry: false,
  });
}

/** After any write: every list of roles (the session's, these pages, the selects) is under queryKeys.roles. */
function useInvalidateRoles() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.roles(organisationId) });
  };
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: async (body: CreateRoleBody): Promise<JobRole> => (await call(roleOperations.create, { body })).role,
    onSuccess: invalidate,
  });
}

export function useUpdateRole(id: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: async (body: UpdateRoleBody): Promise<JobRole> => (await call(roleOperations.update, { params: { role: id }, body })).role,
    onSuccess: invalidate,
  });
}

export function useDeleteRole(id: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      await call(roleOperations.remove, { params: { role: id } });
    },
    onSuccess: invalidate,
  });
}
