import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ApplicationListItem,
  BulkApplicationsBody,
  Candidate,
  CandidateImport,
  CandidateImportPreview,
  CreateApplicationBody,
  ImportMapping,
} from '@hireloop/contract/candidates';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { applicationOperations } from '@hireloop/contract/operations/applications';
import { candidateImportOperations } from '@hireloop/contract/operations/candidate-imports';
import { candidateOperations } from '@hireloop/contract/operations/candidates';
import type { SuccessBody } from '@hireloop/contract/operations/operation';
import { operationPath } from '@hireloop/contract/operations/path';
import { ApiError, errorFromResponse } from '../../../lib/api-client.ts';
import { buildUrl } from '../../../lib/api-url.ts';
import { call } from '../../../lib/operations.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { uploadWithProgress } from '../../../lib/upload-with-progress.ts';
import { useAuth, useOrganisationId } from '../../session/auth-store.ts';
import { moveCard, type Board } from './board-model.ts';
import type { listParamsOf } from './url-state.ts';

export type ListParams = ReturnType<typeof listParamsOf>;

/** The shared hiring keys (lib/query-keys.ts): invalidation works across the recruitment screens. */
export const candidateKeys = {
  applications: queryKeys.applications,
  applicationsPage: (organisationId: string, recruitmentId: string, params: ListParams) =>
    [...queryKeys.applications(organisationId, recruitmentId), params] as const,
  board: queryKeys.board,
  recruitment: queryKeys.recruitment,
  application: queryKeys.application,
  import: (organisationId: string, importId: string) => ['import', organisationId, importId] as const,
};

/** What the signed-in member may do here; actions they may not take are hidden. */
export function useCandidatePermissions(): { manage: boolean; import: boolean; export: boolean } {
  const permissions = useAuth().currentOrganisation?.permissions ?? [];
  return {
    manage: permissions.includes('candidates.manage'),
    import: permissions.includes('candidates.import'),
    export: permissions.includes('candidates.export'),
  };
}

const path = (recruitmentId: string, rest = '') => `recruitments/${encodeURIComponent(recruitmentId)}${rest}`;

/** After any change to applications of a recruitment: its list, board, counts (and the one application). */
export function invalidateRecruitmentCandidates(
  queryClient: QueryClient,
  organisationId: string,
  recruitmentId: string,
  applicationIds: string[] = [],
) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: candidateKeys.applications(organisationId, recruitmentId) }),
    queryClient.invalidateQueries({ queryKey: candidateKeys.board(organisationId, recruitmentId) }),
    queryClient.invalidateQueries({ queryKey: candidateKeys.recruitment(organisationId, recruitmentId) }),
    ...applicationIds.map((id) => queryClient.invalidateQueries({ queryKey: candidateKeys.application(organisationId, id) })),
  ]);
}

/** One page of the table; the previous page stays shown while the next loads. */
export function useApplicationsPage(recruitmentId: string, params: ListParams, enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: candidateKeys.applicationsPage(organisationId, recruitmentId, params),
    queryFn: async () => (await call(applicationOperations.list, { params: { recruitment: recruitmentId }, query: params })).applications,
    enabled: enabled && organisationId !== '' && recruitmentId !== '',
    placeholderData: keepPreviousData,
  });
}

/** How often an open board re-reads the columns, so other people's moves show up without a reload. */
export const BOARD_REFRESH_MS = 15_000;

export function useBoard(recruitmentId: string, enabled = true) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: candidateKeys.board(organisationId, recruitmentId),
    queryFn: async () => (await call(applicationOperations.board, { params: { recruitment: recruitmentId } })).board,
    enabled: enabled && organisationId !== '' && recruitmentId !== '',
    // Colleagues move cards too: a visible board catches up on its own (paused while the tab is hidden).
    refetchInterval: BOARD_REFRESH_MS,
  });
}

export type MoveInput = { applicationId: string; statusId: string; beforeId: string | null; version: number };
export type MoveResult = { application: ApplicationListItem; conflict: boolean };

/**
 * A card moves at once (optimistic); on failure the board comes back as it was. A `conflict`
 * answer (someone else moved it meanwhile; ours still won) refetches the board.
 */
export function useMoveApplication(recruitmentId: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const key = candidateKeys.board(organisationId, recruitmentId);
  return useMutation({
    mutationFn: (move: MoveInput): Promise<MoveResult> =>
      call(applicationOperations.move, {
        params: { application: move.applicationId },
        body: { status_id: move.statusId, before_id: move.beforeId, version: move.version },
      }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Board>(key);
      if (previous) queryClient.setQueryData<Board>(key, moveCard(previous, move.applicationId, move.statusId, move.beforeId));
      return { previous };
    },
    onError: (_error, _move, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: (_result, _error, move) => invalidateRecruitmentCandidates(queryClient, organisationId, recruitmentId, [move.applicationId]),
  });
}

export function useBulkApplications(recruitmentId: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BulkApplicationsBody) =>
      (await call(applicationOperations.bulk, { params: { recruitment: recruitmentId }, body })).bulk,
    onSettled: (_result, _error, body) => invalidateRecruitmentCandidates(queryClient, organisationId, recruitmentId, body.ids),
  });
}

/** A 409 `duplicate`: the person who already has this e-mail. */
export class DuplicateCandidateError extends Error {
  readonly duplicate: Candidate;
  constructor(message: string, duplicate: Candidate) {
    super(message);
    this.name = 'DuplicateCandidateError';
    this.duplicate = duplicate;
  }
}

/** The organisation's person with exactly this e-mail, if any. */
async function candidateWithEmail(email: string): Promise<Candidate | null> {
  const found = await call(candidateOperations.list, { query: { per_page: 10, filter: { search: email } } });
  return found.candidates.data.find((c) => c.email?.toLowerCase() === email.toLowerCase()) ?? null;
}

/**
 * POST …/applications. The 409 `duplicate` answer names the existing person; the api client
 * keeps only the message and code, so the person is looked up by e-mail to offer it instead.
 */
export function useCreateApplication(recruitmentId: string) {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApplicationBody) => {
      try {
        return (await call(applicationOperations.create, { params: { recruitment: recruitmentId }, body })).application;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'duplicate' && body.candidate) {
          const existing = await candidateWithEmail(body.candidate.email);
          if (existing) throw new DuplicateCandidateError(error.message, existing);
        }
        throw error;
      }
    },
    onSuccess: () => invalidateRecruitmentCandidates(queryClient, organisationId, recruitmentId),
  });
}

function organisationUrl(organisationId: string, resource: string, query?: Record<string, unknown>): string {
  if (organisationId === '') throw new Error(ERROR_TEXTS.noBusinessSet);
  return buildUrl(`organisation/${encodeURIComponent(organisationId)}/${resource}`, query);
}

function filenameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * Downloads the CSV export (a selection by `ids`, or everything matching `filter`): fetched, so
 * a failure shows as a toast, then handed to the browser as a file. Resolves with the row count.
 */
export async function downloadExport(
  organisationId: string,
  recruitmentId: string,
  which: { ids: string[] } | { filter: Record<string, string> },
): Promise<void> {
  const query = 'ids' in which ? { ids: which.ids.join(',') } : { filter: which.filter };
  const url = organisationUrl(organisationId, path(recruitmentId, '/applications/export'), query);
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'include', headers: { Accept: 'text/csv' } });
  } catch {
    throw new ApiError(ERROR_TEXTS.generic, 0, 'network_error');
  }
  if (!response.ok) throw errorFromResponse(response.status, await response.text());
  saveFile(await response.blob(), filenameOf(response.headers.get('Content-Disposition'), 'candidates.csv'));
}

type ImportStarted = SuccessBody<typeof candidateImportOperations.start>;

/**
 * POST …/imports (multipart `file` + `mapping`) with upload progress, which fetch cannot report.
 * `onProgress` gets 0..1.
 */
export async function uploadImport(
  organisationId: string,
  recruitmentId: string,
  file: File,
  mapping: Partial<ImportMapping>,
  onProgress: (fraction: number) => void,
): Promise<CandidateImport> {
  if (organisationId === '') throw new Error(ERROR_TEXTS.noBusinessSet);
  const path = operationPath(candidateImportOperations.start, { organisationId, recruitment: recruitmentId });
  const started = await uploadWithProgress<ImportStarted>(path, file, onProgress, { mapping: JSON.stringify(mapping) });
  return started.import;
}

/** POST …/imports/preview: what importing the file with this mapping would do (nothing is saved). */
/**
 * The server's check of a whole file with a mapping (which rows will be imported, which are refused
 * and why), fetched again whenever the file or the mapping changes; nothing is saved. `file` is null
 * while there is nothing to check.
 */
export function useImportPreview(recruitmentId: string, file: File | null, mapping: Partial<ImportMapping> | null) {
  const mappingKey = mapping ? JSON.stringify(mapping) : null;
  return useQuery({
    queryKey: ['import-preview', recruitmentId, file?.name, file?.size, file?.lastModified, mappingKey],
    queryFn: () => previewImport(recruitmentId, file!, mapping!),
    enabled: file !== null && mapping !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

async function previewImport(recruitmentId: string, file: File, mapping: Partial<ImportMapping>): Promise<CandidateImportPreview> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return (await call(candidateImportOperations.preview, { params: { recruitment: recruitmentId }, form })).preview;
}

export const IMPORT_POLL_MS = 500;

/** The import's progress, polled until it is done or failed. */
export function useImportProgress(importId: string | null) {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: candidateKeys.import(organisationId, importId ?? ''),
    queryFn: async () => (await call(candidateImportOperations.get, { params: { import: importId ?? '' } })).import,
    enabled: organisationId !== '' && importId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : IMPORT_POLL_MS;
    },
  });
}
