import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InterviewType, InterviewTypeBody, UpdateInterviewTypeBody } from '@hireloop/contract/interviews';
import { interviewTypeOperations } from '@hireloop/contract/operations/interview-types';
import { call, positions } from '../../../lib/operations.ts';
import { toastError } from '../../../lib/toasts.ts';
import { useOrganisationId } from '../../session/auth-store.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useInterviewTypeMutations() {
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  const key = queryKeys.interviewTypes(organisationId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    create: useMutation({
      mutationFn: async (body: InterviewTypeBody) => (await call(interviewTypeOperations.create, { body })).interview_type,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ id, ...body }: UpdateInterviewTypeBody & { id: string }) =>
        (await call(interviewTypeOperations.update, { params: { type: id }, body })).interview_type,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(interviewTypeOperations.remove, { params: { type: id } }),
      onSuccess: refresh,
    }),
    reorder: useMutation({
      mutationFn: async ({ from, to }: { from: number; to: number }) =>
        (await call(interviewTypeOperations.reorder, { body: positions(from, to) })).interview_types.data,
      onMutate: async ({ from, to }) => {
        await queryClient.cancelQueries({ queryKey: key });
        const previous = queryClient.getQueryData<InterviewType[]>(key);
        if (previous) {
          const next = [...previous];
          const [moved] = next.splice(from, 1);
          if (moved) next.splice(to, 0, moved);
          queryClient.setQueryData<InterviewType[]>(
            key,
            next.map((t, i) => ({ ...t, position: i + 1 })),
          );
        }
        return { previous };
      },
      onError: (error, _move, context) => {
        if (context?.previous) queryClient.setQueryData(key, context.previous);
        toastError(error);
      },
      onSettled: refresh,
    }),
  };
}
