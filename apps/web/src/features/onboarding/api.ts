import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { SelectOption } from '@hireloop/contract/roles';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import type {
  CreateHireBody,
  CreateHireDocumentBody,
  CreateHireTaskBody,
  CreateOnboardingStageBody,
  HireBoardResponse,
  HireCard,
  HireDetail,
  HireSort,
  HireTask,
  OnboardingStage,
  OnboardingTemplate,
  OnboardingTemplateBody,
  UpdateHireBody,
  UpdateHireTaskBody,
  UpdateOnboardingStageBody,
  UpdateOnboardingTemplateBody,
} from '@hireloop/contract/onboarding';
import { applicationOperations } from '@hireloop/contract/operations/applications';
import { candidateOperations } from '@hireloop/contract/operations/candidates';
import { onboardingStageOperations } from '@hireloop/contract/operations/onboarding-stages';
import { onboardingTemplateOperations } from '@hireloop/contract/operations/onboarding-templates';
import { onboardingOperations } from '@hireloop/contract/operations/onboardings';
import { operationPath } from '@hireloop/contract/operations/path';
import { buildUrl } from '../../lib/api-url.ts';
import { call, positions } from '../../lib/operations.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toOptions } from '../../lib/select-options.ts';
import { moveBoardCard, type StageBoardData } from '../../lib/stage-board-model.ts';
import { toastError } from '../../lib/toasts.ts';
import { useAuth, useOrganisationId } from '../session/auth-store.ts';
import { useMembers, useRoleOptions as useRoleOptionsList } from '../session/organisation-lists.ts';

type Stage = HireBoardResponse['board']['columns'][number]['stage'];
/** The board in the shape the shared stage board draws (a column's stage as `status`). */
export type HireBoard = StageBoardData<HireCard, Stage>;

export type HireListParams = { page: number; per_page: number; sort: HireSort; q?: string; filter?: { stage?: string } };

/** Every key starts with ['onboarding', organisation], so one invalidation refreshes every onboarding screen. */
export const onboardingKeys = {
  all: (organisationId: string) => ['onboarding', organisationId] as const,
  dashboard: (organisationId: string) => ['onboarding', organisationId, 'dashboard'] as const,
  stages: (organisationId: string) => ['onboarding', organisationId, 'stages'] as const,
  templates: (organisationId: string) => ['onboarding', organisationId, 'templates'] as const,
  detail: (organisationId: string, onboardingId: string) => ['onboarding', organisationId, 'detail', onboardingId] as const,
  hires: (organisationId: string, onboardingId: string, params?: HireListParams) =>
    params
      ? (['onboarding', organisationId, 'hires', onboardingId, params] as const)
      : (['onboarding', organisationId, 'hires', onboardingId] as const),
  board: (organisationId: string, onboardingId: string) => ['onboarding', organisationId, 'board', onboardingId] as const,
  hire: (organisationId: string, hireId: string) => ['onboarding', organisationId, 'hire', hireId] as const,
  acceptedOffers: (organisationId: string) => ['onboarding', organisationId, 'accepted-offers'] as const,
};

/** What the signed-in member may do here; actions they may not take are hidden. */
export function useOnboardingPermissions() {
  const permissions = useAuth().currentOrganisation?.permissions ?? [];
  return {
    manage: permissions.includes('onboarding.manage'),
    settings: permissions.includes('onboarding_settings.manage'),
    tasks: permissions.includes('onboarding.tasks'),
    billing: permissions.includes('billing.manage'),
  };
}

const refreshAll = (queryClient: QueryClient, organisationId: string) =>
  queryClient.invalidateQueries({ queryKey: onboardingKeys.all(organisationId) });

// ── dashboard ───────────────────────────────────────────────────────────────

export function useOnboardingDashboard() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.dashboard(organisationId),
    queryFn: async () => (await call(onboardingOperations.dashboard)).onboarding,
    enabled: organisationId !== '',
  });
}

// ── accepted offers not in onboarding yet ────────────────────────────────────

/** Accepted offers whose person is not in onboarding yet (only for those who manage onboarding). */
export function useAcceptedOffers(enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.acceptedOffers(organisationId),
    queryFn: async () => (await call(onboardingOperations.acceptedOffers)).accepted_offers,
    enabled: organisationId !== '' && enabled,
  });
}

/** Brings the chosen accepted offers' people into onboarding (already in it: skipped). */
export function useImportAcceptedOffers() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offerIds: string[]) => call(onboardingOperations.importAcceptedOffers, { body: { offer_ids: offerIds } }),
    onSuccess: () => refreshAll(queryClient, organisationId),
  });
}

// ── stages ──────────────────────────────────────────────────────────────────

export function useOnboardingStages() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.stages(organisationId),
    queryFn: async () => (await call(onboardingStageOperations.list, { query: { per_page: MAX_PER_PAGE } })).stages.data,
    enabled: organisationId !== '',
  });
}

/** Moves one item, as the server does for `{ original, new }` (zero-based here). */
function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

export function useOnboardingStageMutations() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const key = onboardingKeys.stages(organisationId);
  const refresh = () => refreshAll(queryClient, organisationId);
  return {
    create: useMutation({
      mutationFn: async (body: CreateOnboardingStageBody) => (await call(onboardingStageOperations.create, { body })).stage,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateOnboardingStageBody & { id: string }) =>
        (await call(onboardingStageOperations.update, { params: { stageId: id }, body })).stage,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(onboardingStageOperations.remove, { params: { stageId: id } }),
      onSuccess: refresh,
    }),
    /** Optimistic: the list moves at once, and comes back on failure. */
    reorder: useMutation({
      mutationFn: async ({ from, to }: { from: number; to: number }) =>
        (await call(onboardingStageOperations.reorder, { body: positions(from, to) })).stages.data,
      onMutate: async ({ from, to }) => {
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<OnboardingStage[]>(key);
        if (previous) {
          queryClient.setQueryData<OnboardingStage[]>(
            key,
            moveItem(previous, from, to).map((stage, index) => ({ ...stage, position: index + 1 })),
          );
        }
        return { previous };
      },
      onError: (error, _move, context) => {
        if (context?.previous) queryClient.setQueryData(key, context.previous);
        toastError(error);
      },
      onSuccess: (stages) => queryClient.setQueryData(key, stages),
      onSettled: refresh,
    }),
  };
}

// ── templates ───────────────────────────────────────────────────────────────

export function useOnboardingTemplates(enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.templates(organisationId),
    queryFn: async () => (await call(onboardingTemplateOperations.list, { query: { per_page: MAX_PER_PAGE } })).templates.data,
    enabled: enabled && organisationId !== '',
  });
}

export function useOnboardingTemplateMutations() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const refresh = () => refreshAll(queryClient, organisationId);
  return {
    create: useMutation({
      mutationFn: async (body: OnboardingTemplateBody) => (await call(onboardingTemplateOperations.create, { body })).template,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateOnboardingTemplateBody & { id: string }) =>
        (await call(onboardingTemplateOperations.update, { params: { templateId: id }, body })).template,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(onboardingTemplateOperations.remove, { params: { templateId: id } }),
      onSuccess: refresh,
    }),
  };
}

export type { OnboardingTemplate };

// ── one role's onboarding ───────────────────────────────────────────────────

export function useOnboarding(onboardingId: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.detail(organisationId, onboardingId),
    queryFn: async () => (await call(onboardingOperations.get, { params: { onboardingId } })).onboarding,
    enabled: organisationId !== '' && onboardingId !== '',
  });
}

export function useUpdateOnboarding(onboardingId: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (templateId: string | null) =>
      (await call(onboardingOperations.update, { params: { onboardingId }, body: { template_id: templateId } })).onboarding,
    onSuccess: (onboarding) => {
      queryClient.setQueryData(onboardingKeys.detail(organisationId, onboardingId), onboarding);
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.dashboard(organisationId) });
    },
  });
}

export function useHiresPage(onboardingId: string, params: HireListParams, enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.hires(organisationId, onboardingId, params),
    queryFn: async () => (await call(onboardingOperations.hires, { params: { onboardingId }, query: params })).hires,
    enabled: enabled && organisationId !== '' && onboardingId !== '',
    placeholderData: keepPreviousData,
  });
}

/** How often an open board re-reads the columns, so colleagues' moves show up without a reload. */
export const HIRE_BOARD_REFRESH_MS = 15_000;

export function toHireBoard(response: HireBoardResponse['board']): HireBoard {
  return { columns: response.columns.map((column) => ({ status: column.stage, cards: column.cards })) };
}

export function useHireBoard(onboardingId: string, enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.board(organisationId, onboardingId),
    queryFn: async () => toHireBoard((await call(onboardingOperations.board, { params: { onboardingId } })).board),
    enabled: enabled && organisationId !== '' && onboardingId !== '',
    refetchInterval: HIRE_BOARD_REFRESH_MS,
  });
}

export type MoveHireInput = { hireId: string; stageId: string; beforeId: string | null; version: number };

/**
 * A card moves at once (optimistic); on failure the board comes back as it was. A `conflict`
 * answer (someone else moved it meanwhile; ours still won) is the caller's to refetch.
 */
export function useMoveHire(onboardingId: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const key = onboardingKeys.board(organisationId, onboardingId);
  return useMutation({
    mutationFn: (move: MoveHireInput) =>
      call(onboardingOperations.moveHire, {
        params: { hireId: move.hireId },
        body: { stage_id: move.stageId, before_id: move.beforeId, version: move.version },
      }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<HireBoard>(key);
      if (previous) {
        queryClient.setQueryData<HireBoard>(
          key,
          moveBoardCard<HireCard, Stage, HireBoard>(previous, move.hireId, move.stageId, move.beforeId, (card) => ({
            ...card,
            stage_entered_at: new Date().toISOString(),
          })),
        );
      }
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => refreshAll(queryClient, organisationId),
  });
}

// ── hires ───────────────────────────────────────────────────────────────────

export function useCreateHire() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateHireBody) => (await call(onboardingOperations.createHire, { body })).hire,
    onSuccess: () => refreshAll(queryClient, organisationId),
  });
}

export function useHire(hireId: string) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: onboardingKeys.hire(organisationId, hireId),
    queryFn: async () => (await call(onboardingOperations.hire, { params: { hireId } })).hire,
    enabled: organisationId !== '' && hireId !== '',
  });
}

/** Changes to one hire: the slide-over takes the answer at once, the lists and counts refetch. */
/** The hire's application in its recruitment, when there is one (the slide-over links to the candidate); under the shared application key. */
export function useHireApplication(applicationId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.application(organisationId, applicationId ?? ''),
    queryFn: async () => (await call(applicationOperations.get, { params: { application: applicationId ?? '' } })).application,
    enabled: organisationId !== '' && applicationId !== null,
    retry: false,
  });
}

export function useHireMutations(hireId: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const key = onboardingKeys.hire(organisationId, hireId);
  const refresh = () => refreshAll(queryClient, organisationId);
  const setTasks = (update: (tasks: HireTask[]) => HireTask[]) =>
    queryClient.setQueryData<HireDetail>(key, (hire) => (hire ? { ...hire, tasks: update(hire.tasks) } : hire));
  return {
    update: useMutation({
      mutationFn: async (body: UpdateHireBody) => (await call(onboardingOperations.updateHire, { params: { hireId }, body })).hire,
      onSuccess: (hire) => {
        queryClient.setQueryData(key, hire);
        void refresh();
      },
    }),
    remove: useMutation({
      mutationFn: () => call(onboardingOperations.removeHire, { params: { hireId } }),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: key });
        void refresh();
      },
    }),
    move: useMutation({
      mutationFn: async ({ stageId, version }: { stageId: string; version: number }) =>
        call(onboardingOperations.moveHire, { params: { hireId }, body: { stage_id: stageId, version } }),
      onSettled: refresh,
    }),
    addTask: useMutation({
      mutationFn: async (body: CreateHireTaskBody) => (await call(onboardingOperations.createTask, { params: { hireId }, body })).task,
      onSuccess: (task) => {
        setTasks((tasks) => [...tasks, task]);
        void refresh();
      },
    }),
    /** Ticking is optimistic: the box changes at once and goes back if the server refuses. */
    updateTask: useMutation({
      mutationFn: async ({ taskId, ...body }: UpdateHireTaskBody & { taskId: string }) =>
        (await call(onboardingOperations.updateTask, { params: { hireId, taskId }, body })).task,
      onMutate: async ({ taskId, done }) => {
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<HireDetail>(key);
        if (done !== undefined)
          setTasks((tasks) => tasks.map((t) => (t.id === taskId ? { ...t, done, overdue: done ? false : t.overdue } : t)));
        return { previous };
      },
      onError: (error, _body, context) => {
        if (context?.previous) queryClient.setQueryData(key, context.previous);
        toastError(error);
      },
      onSuccess: (task) => setTasks((tasks) => tasks.map((t) => (t.id === task.id ? task : t))),
      onSettled: refresh,
    }),
    deleteTask: useMutation({
      mutationFn: (taskId: string) => call(onboardingOperations.removeTask, { params: { hireId, taskId } }),
      onSuccess: (_result, taskId) => {
        setTasks((tasks) => tasks.filter((t) => t.id !== taskId));
        void refresh();
      },
    }),
    addDocument: useMutation({
      mutationFn: async (body: CreateHireDocumentBody) =>
        (await call(onboardingOperations.createDocument, { params: { hireId }, body })).document,
      onSuccess: refresh,
    }),
    uploadDocument: useMutation({
      mutationFn: async ({ documentId, file }: { documentId: string; file: File }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        return (await call(onboardingOperations.uploadDocumentFile, { params: { hireId, documentId }, form })).document;
      },
      onSuccess: refresh,
    }),
    deleteDocument: useMutation({
      mutationFn: (documentId: string) => call(onboardingOperations.removeDocument, { params: { hireId, documentId } }),
      onSuccess: refresh,
    }),
    newHireLink: useMutation({
      mutationFn: () => call(onboardingOperations.newHireLink, { params: { hireId } }),
      onSuccess: refresh,
    }),
  };
}

/** Where a document's file is downloaded (an attachment; the browser keeps the session cookie). */
export function documentFileUrl(organisationId: string, hireId: string, documentId: string): string {
  return buildUrl(operationPath(onboardingOperations.documentFile, { organisationId, hireId, documentId }));
}

// ── selection lists ─────────────────────────────────────────────────────────

/** The organisation's members as manager, buddy and owner choices (the shared members list). */
export function useUserOptions(): SelectOption[] {
  const members = useMembers();
  return useMemo(() => toOptions(members.data ?? []), [members.data]);
}

/** The organisation's job roles as choices for "Add a hire" (the shared roles list). */
export function useRoleOptions(): SelectOption[] {
  const roles = useRoleOptionsList();
  return useMemo(() => toOptions(roles.data ?? []), [roles.data]);
}

/** People of the organisation whose name or e-mail contains `term` (for "Add a hire"). */
export async function searchCandidates(term: string): Promise<Array<{ value: string; label: string }>> {
  const found = await call(candidateOperations.list, { query: { per_page: 20, filter: { search: term } } });
  return found.candidates.data.map((c) => ({ value: c.id, label: c.email ? `${c.name} (${c.email})` : c.name }));
}
