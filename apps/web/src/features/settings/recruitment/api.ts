import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { CreateApiKeyBody } from '@hireloop/contract/api-keys';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import type { ExperienceLevel } from '@hireloop/contract/experience-levels';
import { apiKeyOperations } from '@hireloop/contract/operations/api-keys';
import { experienceLevelOperations } from '@hireloop/contract/operations/experience-levels';
import { recruitmentSettingsOperations } from '@hireloop/contract/operations/recruitment-settings';
import { recruitmentStatusOperations } from '@hireloop/contract/operations/recruitment-statuses';
import type { RecruitmentSettings, UpdateRecruitmentSettingsBody } from '@hireloop/contract/recruitment-settings';
import type { CreateRecruitmentStatusBody, RecruitmentStatus, UpdateRecruitmentStatusBody } from '@hireloop/contract/recruitment-statuses';
import { call, positions } from '../../../lib/operations.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useOrganisationId } from '../../session/auth-store.ts';
import { pipelineViewKeys, queryKeys } from '../../../lib/query-keys.ts';

/**
 * The API keys are this page's own; the levels, statuses and defaults are shared lists (their one
 * hook each is in features/session/organisation-lists.ts, their one key in lib/query-keys.ts).
 */
export const apiKeyKeys = {
  all: (organisationId: string) => ['organisation', organisationId, 'api-keys'] as const,
};

/** Moves one item, as the server does for `{ original, new }` (zero-based here). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/**
 * The drag-and-drop reorder: the list moves at once (optimistic), the server is told
 * `{ original, new }` (1-based, lib/operations.ts `positions`), and on failure the old order comes back.
 */
function useReorder<T extends { id: string; position: number }>(
  reorder: (move: { original: number; new: number }) => Promise<T[]>,
  key: QueryKey,
  alsoShownUnder: ReadonlyArray<QueryKey> = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: number; to: number }) => reorder(positions(from, to)),
    onMutate: async ({ from, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<T[]>(key);
      if (previous) {
        queryClient.setQueryData<T[]>(
          key,
          moveItem(previous, from, to).map((item, index) => ({ ...item, position: index + 1 })),
        );
      }
      return { previous };
    },
    onError: (error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toastError(error);
    },
    onSuccess: (items) => queryClient.setQueryData(key, items),
    onSettled: () => Promise.all([key, ...alsoShownUnder].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

// ── experience levels ───────────────────────────────────────────────────────

export function useExperienceLevelMutations() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const key = queryKeys.experienceLevels(organisationId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({
      mutationFn: async (name: string) => (await call(experienceLevelOperations.create, { body: { name } })).level,
      onSuccess: refresh,
    }),
    rename: useMutation({
      mutationFn: async ({ id, name }: { id: string; name: string }) =>
        (await call(experienceLevelOperations.rename, { params: { levelId: id }, body: { name } })).level,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(experienceLevelOperations.remove, { params: { levelId: id } }),
      onSuccess: refresh,
    }),
    reorder: useReorder<ExperienceLevel>(async (body) => (await call(experienceLevelOperations.reorder, { body })).levels.data, key),
  };
}

// ── recruitment statuses ────────────────────────────────────────────────────

export function useRecruitmentStatusMutations() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const key = queryKeys.recruitmentStatuses(organisationId);
  // Boards, applications (the slide-over's stage), recruitments and the dashboard show the stages too.
  const views = pipelineViewKeys(organisationId);
  const refresh = () => Promise.all([key, ...views].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return {
    create: useMutation({
      mutationFn: async (body: CreateRecruitmentStatusBody) => (await call(recruitmentStatusOperations.create, { body })).status,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateRecruitmentStatusBody & { id: string }) =>
        (await call(recruitmentStatusOperations.update, { params: { statusId: id }, body })).status,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(recruitmentStatusOperations.remove, { params: { statusId: id } }),
      onSuccess: refresh,
    }),
    reorder: useReorder<RecruitmentStatus>(
      async (body) => (await call(recruitmentStatusOperations.reorder, { body })).statuses.data,
      key,
      views,
    ),
  };
}

// ── recruitment defaults ────────────────────────────────────────────────────

export function useUpdateRecruitmentSettings() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateRecruitmentSettingsBody) =>
      (await call(recruitmentSettingsOperations.update, { body })).recruitment_settings,
    onSuccess: (settings) => queryClient.setQueryData<RecruitmentSettings>(queryKeys.recruitmentSettings(organisationId), settings),
  });
}

// ── API keys ────────────────────────────────────────────────────────────────

export function useApiKeys(enabled: boolean) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: apiKeyKeys.all(organisationId),
    queryFn: async () => (await call(apiKeyOperations.list, { query: { per_page: MAX_PER_PAGE } })).api_keys,
    enabled: enabled && organisationId !== '',
  });
}

export function useApiKeyMutations() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all(organisationId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateApiKeyBody) => call(apiKeyOperations.create, { body }),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => call(apiKeyOperations.revoke, { params: { keyId: id } }),
      onSuccess: refresh,
    }),
  };
}
