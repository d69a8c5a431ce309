import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganisationBody } from '@hireloop/contract/organisations';
import type { OrganisationSummary } from '@hireloop/contract/auth';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import { inviteeOperations } from '@hireloop/contract/operations/invitations';
import { myMembershipOperations } from '@hireloop/contract/operations/members';
import { organisationOperations } from '@hireloop/contract/operations/organisations';
import { call } from '../../lib/operations.ts';
import { useSessionActions } from '../session/session-actions.ts';

export type OrganisationResponse = { organisation: OrganisationSummary };

/** POST organisations: the creator becomes owner and it becomes their current organisation. */
export function createOrganisation(body: CreateOrganisationBody): Promise<OrganisationResponse> {
  return call(organisationOperations.create, { body });
}

// ── invitations addressed to me, and leaving ──────────────────────────────

export const myInvitationKeys = {
  all: ['me', 'invitations'] as const,
  byToken: (token: string) => ['invitation', token] as const,
};

/** GET me/invitations: pending invitations to the signed-in user's email. */
export function useMyInvitations(enabled = true) {
  return useQuery({
    queryKey: myInvitationKeys.all,
    queryFn: async () => (await call(inviteeOperations.listMine, { query: { per_page: MAX_PER_PAGE } })).invitations,
    enabled,
  });
}

/**
 * Joining or leaving changes the user's organisations (and maybe the current one): the auth state
 * is read again, and my pending invitations too.
 */
function useMembershipChange<V, R>(send: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  const { refresh } = useSessionActions();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await refresh().catch(() => undefined);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: myInvitationKeys.all }),
  });
}

export const useAcceptMyInvitation = () =>
  useMembershipChange((id: string) => call(inviteeOperations.acceptMine, { params: { invitation: id } }));

export const useDeclineMyInvitation = () =>
  useMembershipChange((id: string) => call(inviteeOperations.declineMine, { params: { invitation: id } }));

/** DELETE me/memberships/{organisation}: not as the last owner (the server says why). */
export const useLeaveOrganisation = () =>
  useMembershipChange((organisationId: string) => call(myMembershipOperations.leave, { params: { organisation: organisationId } }));

// ── the accept link (/invitations/:token) ─────────────────────────────────

/** GET invitations/{token}: needs no session. 404 for an unknown link, 410 (with why) for a spent one. */
export function useInvitationByToken(token: string) {
  return useQuery({
    queryKey: myInvitationKeys.byToken(token),
    queryFn: async () => (await call(inviteeOperations.preview, { params: { token } })).invitation,
    retry: false,
  });
}

export const useAcceptInvitationLink = () => useMembershipChange((token: string) => call(inviteeOperations.accept, { params: { token } }));

export const useDeclineInvitationLink = () =>
  useMembershipChange((token: string) => call(inviteeOperations.decline, { params: { token } }));
