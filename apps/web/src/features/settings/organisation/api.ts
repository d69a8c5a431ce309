import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditOperations } from '@hireloop/contract/operations/audit';
import { organisationSettingsOperations } from '@hireloop/contract/operations/organisation-settings';
import type { OrganisationSettings, OrganisationSettingsResponse, UpdateOrganisationBody } from '@hireloop/contract/organisation-settings';
import { call } from '../../../lib/operations.ts';
import { useOrganisationId } from '../../session/auth-store.ts';
import { useSessionActions } from '../../session/session-actions.ts';

export const AUDIT_PAGE_SIZE = 20;

export const organisationSettingsKeys = {
  settings: (organisationId: string) => ['organisation', organisationId, 'settings'] as const,
  audit: (organisationId: string) => ['organisation', organisationId, 'audit-log'] as const,
};

export type AuditFilters = { action: string; actor: string | null; from: string | null; to: string | null };

export function useOrganisationSettings() {
  const id = useOrganisationId();
  return useQuery(
    queryOptions({
      queryKey: organisationSettingsKeys.settings(id),
      queryFn: async () => (await call(organisationSettingsOperations.get)).organisation,
      enabled: id !== '',
    }),
  );
}

export function useAuditLog(page: number, filters: AuditFilters, enabled: boolean) {
  const id = useOrganisationId();
  const filter = {
    action: filters.action.trim() || null,
    actor: filters.actor,
    from: filters.from,
    to: filters.to,
  };
  return useQuery({
    queryKey: [...organisationSettingsKeys.audit(id), page, filter],
    queryFn: async () => {
      // A null filter is left out of the query, as an absent one.
      const given = {
        action: filter.action ?? undefined,
        actor: filter.actor ?? undefined,
        from: filter.from ?? undefined,
        to: filter.to ?? undefined,
      };
      return (await call(auditOperations.list, { query: { page, per_page: AUDIT_PAGE_SIZE, filter: given } })).audit_entries;
    },
    enabled: enabled && id !== '',
    placeholderData: keepPreviousData,
  });
}

/**
 * A change to the organisation: the cached settings take the answer, the audit log is read
 * again (the change is in it), and so is GET auth (the name shows in the header and switcher).
 */
function useOrganisationMutation<V>(send: (variables: V) => Promise<OrganisationSettingsResponse>) {
  const queryClient = useQueryClient();
  const id = useOrganisationId();
  const { refresh } = useSessionActions();
  return useMutation({
    mutationFn: send,
    onSuccess: async ({ organisation }) => {
      queryClient.setQueryData<OrganisationSettings>(organisationSettingsKeys.settings(id), organisation);
      await queryClient.invalidateQueries({ queryKey: organisationSettingsKeys.audit(id) });
      await refresh().catch(() => undefined);
    },
  });
}

export const useUpdateOrganisation = () =>
  useOrganisationMutation((body: UpdateOrganisationBody) => call(organisationSettingsOperations.update, { body }));

export const useUploadLogo = () =>
  useOrganisationMutation((file: File) => {
    const form = new FormData();
    form.append('logo', file, file.name);
    return call(organisationSettingsOperations.uploadLogo, { form });
  });

export const useRemoveLogo = () => useOrganisationMutation(() => call(organisationSettingsOperations.removeLogo));

/** Deletes the current organisation; the caller refreshes the session and leaves the page. */
export function useDeleteOrganisation() {
  return useMutation({
    mutationFn: (confirmName: string) => call(organisationSettingsOperations.remove, { body: { confirm_name: confirmName } }),
  });
}
