import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewHireTaskBody, PublicNewHire } from '@hireloop/contract/onboarding';
import type { SuccessBody } from '@hireloop/contract/operations/operation';
import { publicNewHireOperations } from '@hireloop/contract/operations/public-new-hire';
import { operationPath } from '@hireloop/contract/operations/path';
import { api } from '../../lib/api-client.ts';
import { call } from '../../lib/operations.ts';
import { uploadWithProgress } from '../../lib/upload-with-progress.ts';

export const newHireKey = (token: string) => ['public-new-hire', token] as const;

/** The hire's page behind the link (no account; cookies play no part). */
export function useNewHire(token: string) {
  return useQuery({
    queryKey: newHireKey(token),
    queryFn: async () => (await call(publicNewHireOperations.view, { params: { token } })).hire,
    enabled: token !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/**
 * Uploads one document with progress. A fresh browser has no anti-forgery cookie yet: it is
 * fetched first. The answer is the page's data, taken into the cache at once.
 */
export function useUploadNewHireDocument(token: string) {
  const queryClient = useQueryClient();
  return async (documentId: string, file: File, onProgress: (fraction: number) => void): Promise<PublicNewHire> => {
    await api.csrf();
    const response = await uploadWithProgress<SuccessBody<typeof publicNewHireOperations.uploadDocument>>(
      operationPath(publicNewHireOperations.uploadDocument, { token, documentId }),
      file,
      onProgress,
    );
    queryClient.setQueryData(newHireKey(token), response.hire);
    return response.hire;
  };
}

type TaskTick = { taskId: string } & NewHireTaskBody;

/**
 * Ticks off or reopens one of the hire's own tasks: shown at once, and set back (that task only)
 * when refused. The answer is the page's data, taken into the cache.
 */
export function useTickNewHireTask(token: string) {
  const queryClient = useQueryClient();
  const key = newHireKey(token);
  const setDone = (taskId: string, done: boolean) =>
    queryClient.setQueryData<PublicNewHire>(key, (hire) =>
      hire ? { ...hire, tasks: hire.tasks.map((task) => (task.id === taskId ? { ...task, done } : task)) } : hire,
    );
  return useMutation({
    mutationFn: async ({ taskId, done }: TaskTick) => {
      await api.csrf();
      return (await call(publicNewHireOperations.tickTask, { params: { token, taskId }, body: { done } })).hire;
    },
    onMutate: async ({ taskId, done }: TaskTick) => {
      await queryClient.cancelQueries({ queryKey: key });
      setDone(taskId, done);
    },
    onError: (_error, { taskId, done }) => setDone(taskId, !done),
    onSuccess: (hire) => queryClient.setQueryData(key, hire),
  });
}
