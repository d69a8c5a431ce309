import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryInput } from '@hireloop/contract/operations/operation';
import { recruitmentOperations } from '@hireloop/contract/operations/recruitments';
import type {
  CreateRecruitmentBody,
  RecruitmentAnalytics,
  RecruitmentDetail,
  RECRUITMENT_SORTS,
  UpdateRecruitmentBody,
} from '@hireloop/contract/recruitments';
import { call } from '../../lib/operations.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useAuth, useOrganisationId } from '../session/auth-store.ts';

export const RECRUITMENTS_PER_PAGE = 25;

/** `active` (the default) is open + on hold; `all` sends no status filter. */
export type RecruitmentStatusFilter = 'active' | 'open' | 'on_hold' | 'closed' | 'all';
export type RecruitmentSort = (typeof RECRUITMENT_SORTS)[number];

export type RecruitmentListParams = {
  page: number;
  status: RecruitmentStatusFilter;
  role: string;
  team: string;
  name: string;
  sort: RecruitmentSort;
};

/** The shared hiring keys (lib/query-keys.ts, prefix-matched on invalidation). */
export const recruitmentKeys = {
  lists: queryKeys.recruitments,
  list: queryKeys.recruitmentList,
  detail: queryKeys.recruitment,
  analytics: queryKeys.analytics,
  dashboard: queryKeys.dashboard,
};

/** Whether the signed-in member may start, change, hold, close and delete recruitments. */
export function useCanManageRecruitments(): boolean {
  return useAuth().currentOrganisation?.permissions.includes('recruitments.manage') ?? false;
}

/** The query string of GET /recruitments for these list parameters (blank filters left out). */
export function recruitmentListQuery(params: RecruitmentListParams): QueryInput<typeof recruitmentOperations.list> {
  const filter: { status?: RecruitmentStatusFilter; role?: string; team?: string; name?: string } = {};
  if (params.status !== 'all') filter.status = params.status;
  if (params.role !== '') filter.role = params.role;
  if (params.team !== '') filter.team = params.team;
  if (params.name !== '') filter.name = params.name;
  const query = { page: params.page, per_page: RECRUITMENTS_PER_PAGE, sort: params.sort };
  return Object.keys(filter).length === 0 ? query : { ...query, filter };
}

export function useRecruitments(params: RecruitmentListParams) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: recruitmentKeys.list(organisationId, params),
    queryFn: async () => (await call(recruitmentOperations.list, { query: recruitmentListQuery(params) })).recruitments,
    enabled: organisationId !== '',
    placeholderData: keepPreviousData,
  });
}

export function useRecruitment(id: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: recruitmentKeys.detail(organisationId, id),
    queryFn: async () => (await call(recruitmentOperations.get, { params: { recruitment: id } })).recruitment,
    enabled: organisationId !== '' && id !== '',
    retry: false,
  });
}

export function useRecruitmentAnalytics(id: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: recruitmentKeys.analytics(organisationId, id),
    queryFn: async (): Promise<RecruitmentAnalytics> =>
      (await call(recruitmentOperations.analytics, { params: { recruitment: id } })).analytics,
    enabled: organisationId !== '' && id !== '',
    retry: false,
  });
}

/** After a write: lists, the one recruitment, its analytics and the user's dashboard may all have changed. */
function useInvalidateRecruitment() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return async (id?: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: recruitmentKeys.lists(organisationId) }),
      queryClient.invalidateQueries({ queryKey: recruitmentKeys.dashboard(organisationId) }),
      ...(id
        ? [
            queryClient.invalidateQueries({ queryKey: recruitmentKeys.detail(organisationId, id) }),
            queryClient.invalidateQueries({ queryKey: recruitmentKeys.analytics(organisationId, id) }),
          ]
        : []),
    ]);
  };
}

export function useCreateRecruitment() {
  const invalidate = useInvalidateRecruitment();
  return useMutation({
    mutationFn: async (body: CreateRecruitmentBody): Promise<RecruitmentDetail> =>
      (await call(recruitmentOperations.create, { body })).recruitment,
    onSuccess: () => invalidate(),
  });
}

export function useUpdateRecruitment(id: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateRecruitment();
  return useMutation({
    mutationFn: async (body: UpdateRecruitmentBody): Promise<RecruitmentDetail> =>
      (await call(recruitmentOperations.update, { params: { recruitment: id }, body })).recruitment,
    onSuccess: async (recruitment) => {
      queryClient.setQueryData(recruitmentKeys.detail(organisationId, id), recruitment);
      await invalidate(id);
    },
  });
}

export function useDeleteRecruitment(id: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<void> => {
      await call(recruitmentOperations.remove, { params: { recruitment: id } });
    },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: recruitmentKeys.detail(organisationId, id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: recruitmentKeys.lists(organisationId) }),
        queryClient.invalidateQueries({ queryKey: recruitmentKeys.dashboard(organisationId) }),
      ]);
    },
  });
}
