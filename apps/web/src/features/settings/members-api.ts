import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole } from '@hireloop/contract/constants';
import type { CreateInvitationBody } from '@hireloop/contract/invitations';
import { invitationOperations } from '@hireloop/contract/operations/invitations';
import { memberOperations } from '@hireloop/contract/operations/members';
import { userOperations } from '@hireloop/contract/operations/users';
import { call } from '../../lib/operations.ts';
import { useOrganisationId } from '../session/auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Organisation Users: members (paged, searched on the server) and pending invitations. */
export const MEMBERS_PER_PAGE = 25;
export const INVITATIONS_PER_PAGE = 10;

/**
 * Pages sit under the organisation's `users` key (lib/query-keys.ts), so invalidating it also
 * refreshes the members start-up loaded and the shared members list (session/organisation-lists.ts).
 */
export const memberKeys = {
  all: (organisationId: string) => queryKeys.users(organisationId),
  page: (organisationId: string, page: number, name: string) => [...queryKeys.users(organisationId), 'page', { page, name }] as const,
  invitations: (organisationId: string, page: number) => ['organisation', organisationId, 'invitations', { page }] as const,
  allInvitations: (organisationId: string) => ['organisation', organisationId, 'invitations'] as const,
};

/** One page of members; `name` filters by name or email (`filter[name]`). The previous page stays shown while the next loads. */
export function useMembersPage(page: number, name: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: memberKeys.page(organisationId, page, name),
    queryFn: async () =>
      (
        await call(userOperations.list, {
          query: { page, per_page: MEMBERS_PER_PAGE, sort: 'name', ...(name === '' ? {} : { filter: { name } }) },
        })
      ).users,
    enabled: organisationId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useInvitationsPage(page: number, enabled: boolean) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: memberKeys.invitations(organisationId, page),
    queryFn: async () => (await call(invitationOperations.list, { query: { page, per_page: INVITATIONS_PER_PAGE } })).invitations,
    enabled: enabled && organisationId !== '',
    placeholderData: keepPreviousData,
  });
}

/** After any change, members and invitations are read again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.all(organisationId) }),
      queryClient.invalidateQueries({ queryKey: memberKeys.allInvitations(organisationId) }),
    ]);
}

export function useChangeRole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      call(memberOperations.changeRole, { params: { user: userId }, body: { role } }),
    onSettled: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (userId: string) => call(memberOperations.remove, { params: { user: userId } }),
    onSettled: invalidate,
  });
}

export function useInvite() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) => call(invitationOperations.create, { body }),
    onSuccess: invalidate,
  });
}

export function useResendInvitation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (invitationId: string) => call(invitationOperations.resend, { params: { invitation: invitationId } }),
    onSettled: invalidate,
  });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (invitationId: string) => call(invitationOperations.revoke, { params: { invitation: invitationId } }),
    onSettled: invalidate,
  });
}
