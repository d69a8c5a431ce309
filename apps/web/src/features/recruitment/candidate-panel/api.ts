import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ApplicationDetail,
  CandidateFile,
  CandidateFileKind,
  RejectApplicationBody,
  UpdateApplicationBody,
  UpdateCandidateBody,
} from '@hireloop/contract/candidates';
import { MAX_PER_PAGE } from '@hireloop/contract/constants';
import { candidateOperations } from '@hireloop/contract/operations/candidates';
import type { SuccessBody } from '@hireloop/contract/operations/operation';
import { operationPath } from '@hireloop/contract/operations/path';
import { applicationOperations } from '@hireloop/contract/operations/applications';
import { recruitmentOperations } from '@hireloop/contract/operations/recruitments';
import type { Permission } from '@hireloop/contract/permissions';
import { errorFromResponse, requireCurrentOrganisation } from '../../../lib/api-client.ts';
import { apiPath } from '../../../lib/api-path.ts';
import { call } from '../../../lib/operations.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useAuth, useOrganisationId } from '../../session/auth-store.ts';

/** The shared hiring keys (lib/query-keys.ts), so the table, the board and this panel refresh one another. */
export const panelKeys = {
  application: queryKeys.application,
  applications: queryKeys.applications,
  board: queryKeys.board,
  recruitment: queryKeys.recruitment,
  recruitments: queryKeys.recruitments,
  analytics: queryKeys.analytics,
  dashboard: queryKeys.dashboard,
  notes: queryKeys.candidateNotes,
  activities: queryKeys.candidateActivities,
  openRecruitments: (org: string) => queryKeys.recruitmentList(org, { status: 'open', panel: true }),
};

/** What the signed-in member may do here (the current organisation's permissions from GET /auth). */
export function usePanelPermissions() {
  const permissions = useAuth().currentOrganisation?.permissions ?? [];
  const has = (p: Permission) => permissions.includes(p);
  return {
    manage: has('candidates.manage'),
    note: has('candidates.note'),
    export: has('candidates.export'),
    erase: has('candidates.erase'),
  };
}

export function useCurrentUserId(): string | null {
  return useAuth().user?.id ?? null;
}

export function useApplication(applicationId: string) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: panelKeys.application(org, applicationId),
    queryFn: async () => (await call(applicationOperations.get, { params: { application: applicationId } })).application,
    enabled: org !== '' && applicationId !== '',
    retry: false,
  });
}

/** Open recruitments, for "Move to another recruitment". */
export function useOpenRecruitments(enabled: boolean) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: panelKeys.openRecruitments(org),
    queryFn: async () =>
      (await call(recruitmentOperations.list, { query: { per_page: MAX_PER_PAGE, sort: 'name', filter: { status: 'open' } } })).recruitments
        .data,
    enabled: enabled && org !== '',
  });
}

type AppLike = Pick<ApplicationDetail, 'id' | 'recruitment_id' | 'candidate'>;

/** After any change to an application: its lists, board, recruitment counts and the panel itself. */
function invalidateApplication(queryClient: QueryClient, org: string, application: AppLike) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: panelKeys.applications(org, application.recruitment_id) }),
    queryClient.invalidateQueries({ queryKey: panelKeys.board(org, application.recruitment_id) }),
    queryClient.invalidateQueries({ queryKey: panelKeys.recruitment(org, application.recruitment_id) }),
    queryClient.invalidateQueries({ queryKey: panelKeys.application(org, application.id) }),
    queryClient.invalidateQueries({ queryKey: panelKeys.analytics(org, application.recruitment_id) }),
    queryClient.invalidateQueries({ queryKey: panelKeys.activities(org, application.candidate.id) }),
    queryClient.invalidateQueries({ queryKey: panelKeys.dashboard(org) }),
  ]);
}

export function useMoveApplication(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { status_id: string; version?: number }) =>
      call(applicationOperations.move, { params: { application: application.id }, body }),
    onSettled: () => invalidateApplication(queryClient, org, application),
  });
}

/** Rating and tags, shown at once (optimistic) and rolled back on refusal. */
export function useUpdateApplication(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  const key = panelKeys.application(org, application.id);
  return useMutation({
    mutationFn: (body: UpdateApplicationBody) => call(applicationOperations.update, { params: { application: application.id }, body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ApplicationDetail>(key);
      if (previous) {
        const next: ApplicationDetail = { ...previous };
        if (body.rating !== undefined) next.rating = body.rating;
        if (body.tags !== undefined) next.tags = body.tags;
        queryClient.setQueryData(key, next);
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => invalidateApplication(queryClient, org, application),
  });
}

export function useRejectApplication(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectApplicationBody) => call(applicationOperations.reject, { params: { application: application.id }, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: panelKeys.notes(org, application.candidate.id) });
      return invalidateApplication(queryClient, org, application);
    },
  });
}

export function useRestoreApplication(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(applicationOperations.restore, { params: { application: application.id } }),
    onSuccess: () => invalidateApplication(queryClient, org, application),
  });
}

export function useTransferApplication(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recruitmentId: string) =>
      call(applicationOperations.transfer, { params: { application: application.id }, body: { recruitment_id: recruitmentId } }),
    onSuccess: (_result, recruitmentId) => {
      void queryClient.invalidateQueries({ queryKey: panelKeys.applications(org, recruitmentId) });
      void queryClient.invalidateQueries({ queryKey: panelKeys.board(org, recruitmentId) });
      void queryClient.invalidateQueries({ queryKey: panelKeys.recruitment(org, recruitmentId) });
      return invalidateApplication(queryClient, org, application);
    },
  });
}

export function useUpdateCandidate(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCandidateBody) => call(candidateOperations.update, { params: { candidate: application.candidate.id }, body }),
    onSuccess: () => invalidateApplication(queryClient, org, application),
  });
}

/** GDPR erase: the person, files and notes go; the application stays, anonymous. */
export function useEraseCandidate(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(candidateOperations.erase, { params: { candidate: application.candidate.id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: panelKeys.notes(org, application.candidate.id) });
      return invalidateApplication(queryClient, org, application);
    },
  });
}

/** An operation's URL with the current organisation, for a download (the session cookie authorises). */
function operationUrl(operation: { method: string; path: string }, params: Record<string, string>): string {
  return apiPath(operationPath(operation, { ...params, organisationId: requireCurrentOrganisation() }));
}

/** GDPR access: the person's data as a JSON file, saved through a temporary link. */
export async function downloadCandidateExport(candidateId: string, candidateName: string): Promise<void> {
  const response = await fetch(operationUrl(candidateOperations.export, { candidate: candidateId }), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw errorFromResponse(response.status, await response.text());
  saveFile(await response.blob(), `${candidateName.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'candidate'}-data.json`);
}

/* ---------- notes ---------- */

export function useNotes(candidateId: string) {
  const org = useOrganisationId();
  return useQuery({
    queryKey: panelKeys.notes(org, candidateId),
    queryFn: async () =>
      (await call(candidateOperations.notes, { params: { candidate: candidateId }, query: { per_page: MAX_PER_PAGE } })).notes.data,
    enabled: org !== '' && candidateId !== '',
  });
}

export function useCreateNote(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, clientId }: { body: string; clientId: string }) =>
      (
        await call(candidateOperations.addNote, {
          params: { candidate: application.candidate.id },
          body: { body, application_id: application.id, client_id: clientId },
        })
      ).note,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: panelKeys.notes(org, application.candidate.id) }),
        queryClient.invalidateQueries({ queryKey: panelKeys.activities(org, application.candidate.id) }),
      ]),
  });
}

export function useDeleteNote(candidateId: string) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => call(candidateOperations.removeNote, { params: { candidate: candidateId, note: noteId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: panelKeys.notes(org, candidateId) }),
        queryClient.invalidateQueries({ queryKey: panelKeys.activities(org, candidateId) }),
      ]),
  });
}

/* ---------- activity ---------- */

export const ACTIVITIES_PER_PAGE = 20;

export function useActivities(candidateId: string) {
  const org = useOrganisationId();
  return useInfiniteQuery({
    queryKey: panelKeys.activities(org, candidateId),
    queryFn: async ({ pageParam }) =>
      (
        await call(candidateOperations.activities, {
          params: { candidate: candidateId },
          query: { page: pageParam, per_page: ACTIVITIES_PER_PAGE },
        })
      ).activities,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.page < last.meta.last_page ? last.meta.page + 1 : undefined),
    enabled: org !== '' && candidateId !== '',
  });
}

/* ---------- files ---------- */

/** Multipart upload with progress (the shared XMLHttpRequest upload): the file and its kind. */
export async function uploadCandidateFile(
  candidateId: string,
  file: File,
  kind: CandidateFileKind,
  onProgress: (fraction: number) => void,
): Promise<CandidateFile> {
  const path = operationPath(candidateOperations.uploadFile, { organisationId: requireCurrentOrganisation(), candidate: candidateId });
  return (await uploadWithProgress<SuccessBody<typeof candidateOperations.uploadFile>>(path, file, onProgress, { kind })).file;
}

export function useDeleteFile(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => call(candidateOperations.removeFile, { params: { candidate: application.candidate.id, file: fileId } }),
    onSuccess: () => invalidateApplication(queryClient, org, application),
  });
}

/** After an upload finished outside a mutation (progress needs XHR). */
export function useRefreshApplication(application: AppLike) {
  const org = useOrganisationId();
  const queryClient = useQueryClient();
  return () => invalidateApplication(queryClient, org, application);
}
