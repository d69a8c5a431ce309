import { useQuery } from '@tanstack/react-query';
import type { Dashboard, DashboardResponse } from '@hireloop/contract/candidates';
import { orgApi } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useOrganisationId } from '../session/auth-store.ts';

/** The user's day (GET /dashboard), under the shared `dashboard` key (lib/query-keys.ts). */
export function useDashboard() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.dashboard(organisationId),
    queryFn: async (): Promise<Dashboard> => (await orgApi.get<DashboardResponse>('dashboard')).dashboard,
    enabled: organisationId !== '',
    staleTime: 30_000,
  });
}
