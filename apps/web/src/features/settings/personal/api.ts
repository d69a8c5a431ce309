import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileResponse, UpdateProfileBody } from '@hireloop/contract/me';
import { meOperations as ops } from '@hireloop/contract/operations/me';
import { call } from '../../../lib/operations.ts';
import { useOrganisationId } from '../../session/auth-store.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSessionActions } from '../../session/session-actions.ts';

/** My Personal Settings: the signed-in user's profile and sessions. */
export const meKeys = {
  profile: ['me', 'profile'] as const,
  sessions: ['me', 'sessions'] as const,
};

export const profileQuery = queryOptions({
  queryKey: meKeys.profile,
  queryFn: async () => (await call(ops.profile)).profile,
});

export const sessionsQuery = queryOptions({
  queryKey: meKeys.sessions,
  queryFn: async () => (await call(ops.sessions)).sessions.data,
});

export const useProfile = () => useQuery(profileQuery);
export const useUserSessions = () => useQuery(sessionsQuery);

/**
 * A change to the profile: the answer replaces the cached profile and the auth state is read
 * again (GET auth), so the header shows the new name and avatar at once. The organisation's
 * member lists show the name and avatar too, so they are read again.
 */
function useProfileMutation<V>(send: (variables: V) => Promise<ProfileResponse>) {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  const { refresh } = useSessionActions();
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ profile }) => {
      queryClient.setQueryData<Profile>(meKeys.profile, profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users(organisationId) });
      // The profile is saved; a failed refresh only delays the header until the next load.
      await refresh().catch(() => undefined);
    },
  });
}

export const useUpdateProfile = () => useProfileMutation((body: UpdateProfileBody) => call(ops.update, { body }));

export const useUploadAvatar = () =>
  useProfileMutation((file: File) => {
    const form = new FormData();
    form.append('avatar', file, file.name);
    return call(ops.uploadAvatar, { form });
  });

export const useRemoveAvatar = () => useProfileMutation(() => call(ops.removeAvatar));

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(ops.endSession, { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ops.endOtherSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.sessions }),
  });
}
