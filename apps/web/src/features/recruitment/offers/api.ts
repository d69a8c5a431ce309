import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApproveOfferBody, CreateOfferBody, Offer, OfferRole, RejectOfferBody, UpdateOfferBody } from '@hireloop/contract/offers';
import { applicationOperations } from '@hireloop/contract/operations/applications';
import { offerOperations } from '@hireloop/contract/operations/offers';
import { recruitmentOperations } from '@hireloop/contract/operations/recruitments';
import { roleOperations } from '@hireloop/contract/operations/roles';
import { call } from '../../../lib/operations.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useAuth, useOrganisationId } from '../../session/auth-store.ts';

/** Offer query keys, under the shared `offers` key; the application and board keys are lib/query-keys.ts's. */
export const offerKeys = {
  all: queryKeys.offers,
  recruitment: (org: string, recruitmentId: string) => [...queryKeys.offers(org), 'recruitment', recruitmentId] as const,
  application: (org: string, applicationId: string) => [...queryKeys.offers(org), 'application', applicationId] as const,
  offer: (org: string, offerId: string) => [...queryKeys.offers(org), 'offer', offerId] as const,
};

/** What the signed-in member may do with offers (GET /auth permissions). */
export function useOfferPermissions() {
  const permissions = useAuth().currentOrganisation?.permissions ?? [];
  return {
    view: permissions.includes('offers.view'),
    manage: permissions.includes('offers.manage'),
    approve: permissions.includes('offers.approve'),
  };
}

export const OFFERS_PER_PAGE = 25;

export function useRecruitmentOffers(recruitmentId: string, page: number, enabled = true) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: [...offerKeys.recruitment(org, recruitmentId), page],
    queryFn: async () =>
      (
        await call(offerOperations.listForRecruitment, {
          params: { recruitment: recruitmentId },
          query: { page, per_page: OFFERS_PER_PAGE },
        })
      ).offers,
    enabled: enabled && org !== '' && recruitmentId !== '',
  });
}

export function useApplicationOffers(applicationId: string, enabled = true) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: offerKeys.application(org, applicationId),
    queryFn: async () => (await call(offerOperations.listForApplication, { params: { application: applicationId } })).offers,
    enabled: enabled && org !== '' && applicationId !== '',
  });
}

export function useOffer(offerId: string | null) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: offerKeys.offer(org, offerId ?? ''),
    queryFn: async () => (await call(offerOperations.get, { params: { offer: offerId ?? '' } })).offer,
    enabled: org !== '' && offerId !== null && offerId !== '',
    retry: false,
  });
}

/** Active applications of the recruitment matching `search` (name or e-mail), for the candidate select. */
export function useOfferableApplications(recruitmentId: string, search: string) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: [...queryKeys.applications(org, recruitmentId), 'offer-select', search],
    queryFn: async () =>
      (
        await call(applicationOperations.list, {
          params: { recruitment: recruitmentId },
          query: { per_page: 50, sort: 'name', filter: { state: 'active', ...(search.trim() !== '' ? { search: search.trim() } : {}) } },
        })
      ).applications.data,
    enabled: org !== '' && recruitmentId !== '',
    staleTime: 30_000,
  });
}

/**
 * The job role of the recruitment with its salary range: a new offer's currency and period
 * default to the role's, and the form compares the salary with the range.
 */
export function useRecruitmentRole(recruitmentId: string, enabled = true) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: [...queryKeys.offers(org), 'recruitment-role', recruitmentId],
    queryFn: async (): Promise<OfferRole> => {
      const { recruitment } = await call(recruitmentOperations.get, { params: { recruitment: recruitmentId } });
      const { role } = await call(roleOperations.get, { params: { role: recruitment.role.id } });
      return {
        id: role.id,
        name: role.name,
        salary_min: role.salary_min,
        salary_max: role.salary_max,
        salary_currency: role.salary_currency,
        salary_period: role.salary_period,
      };
    },
    enabled: enabled && org !== '' && recruitmentId !== '',
    staleTime: 30_000,
  });
}

/** After any change to an offer: its lists, the application (a hire moves it), the board and the dashboard. */
function invalidateOffer(queryClient: QueryClient, org: string, offer: Pick<Offer, 'id' | 'application_id' | 'recruitment'>) {
  queryClient.setQueryData(offerKeys.offer(org, offer.id), offer);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: offerKeys.all(org) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.application(org, offer.application_id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.applications(org, offer.recruitment.id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.board(org, offer.recruitment.id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard(org) }),
  ]);
}

export function useCreateOffer() {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ applicationId, body }: { applicationId: string; body: CreateOfferBody }) =>
      (await call(offerOperations.create, { params: { application: applicationId }, body })).offer,
    onSuccess: (offer) => invalidateOffer(queryClient, org, offer),
  });
}

export function useUpdateOffer() {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offerId, body }: { offerId: string; body: UpdateOfferBody }) =>
      (await call(offerOperations.update, { params: { offer: offerId }, body })).offer,
    onSuccess: (offer) => invalidateOffer(queryClient, org, offer),
  });
}

export type OfferAction = 'submit' | 'send' | 'withdraw';

/** Submit for approval, send to the candidate, withdraw. */
export function useOfferAction() {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offerId, action }: { offerId: string; action: OfferAction }) =>
      (await call(offerOperations[action], { params: { offer: offerId } })).offer,
    onSuccess: (offer) => invalidateOffer(queryClient, org, offer),
  });
}

/** The current approver's decision. */
export function useDecideOffer() {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      offerId,
      decision,
      body,
    }: { offerId: string } & ({ decision: 'approve'; body: ApproveOfferBody } | { decision: 'reject'; body: RejectOfferBody })) =>
      (decision === 'approve'
        ? await call(offerOperations.approve, { params: { offer: offerId }, body })
        : await call(offerOperations.reject, { params: { offer: offerId }, body })
      ).offer,
    onSuccess: (offer) => invalidateOffer(queryClient, org, offer),
  });
}
