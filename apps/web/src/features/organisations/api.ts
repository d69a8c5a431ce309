import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateOrganisationBody } from '@hireloop/contract/organisations';
import type { OrganisationSummary } from '@hireloop/contract/auth';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import type { AcceptInvitationResponse, InvitationPreviewResponse, MyInvitationsResponse } from '@hireloop/contract/invitations';
import { api } from '../../lib/api-client.ts';
import { useSessionActions } from '../session/session-actions.ts';

export type OrganisationResponse = { organisation: OrganisationSummary };

/** POST organisations: the creator becomes owner and it becomes their current organisation. */
export function createOrganisation(body: CreateOrganisationBody): Promise<OrganisationResponse> {
  return api.post<OrganisationResponse>('organisations', body);
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
    queryFn: async () => (await api.get<MyInvitationsResponse>('me/invitations', { per_page: MAX_PER_PAGE })).invitations,
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
  useMembershipChange((id: string) => api.post<AcceptInvitationResponse>(`me/invitations/${encodeURIComponent(id)}/accept`));

export const useDeclineMyInvitation = () =>
  useMembershipChange((id: string) => api.post<void>(`me/invitations/${encodeURIComponent(id)}/decline`));

/** DELETE me/memberships/{organisation}: not as the last owner (the server says why). */
export const useLeaveOrganisation = () =>
  useMembershipChange((organisationId: string) => api.delete<void>(`me/memberships/${encodeURIComponent(organisationId)}`));

// ── the accept link (/invitations/:token) ─────────────────────────────────

/** GET invitations/{token}: needs no session. 404 for an unknown link, 410 (with why) for a spent one. */
export function useInvitationByToken(token: string) {
  return useQuery({
    queryKey: myInvitationKeys.byToken(token),
    queryFn: async () => (await api.get<InvitationPreviewResponse>(`invitations/${encodeURIComponent(token)}`)).invitation,
    retry: false,
  });
}

export const useAcceptInvitationLink = () =>
  useMembershipChange((token: string) => api.post<AcceptInvitationResponse>(`invitations/${encodeURIComponent(token)}/accept`));

export const useDeclineInvitationLink = () =>
  useMembershipChange((token: string) => api.post<void>(`invitations/${encodeURIComponent(token)}/decline`));
