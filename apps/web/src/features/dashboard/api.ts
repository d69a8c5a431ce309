import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@hireloop/contract/candidates';
import { dashboardOperations } from '@hireloop/contract/operations/dashboard';
import { call } from '../../lib/operations.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useOrganisationId } from '../session/auth-store.ts';

/** The user's day (GET /dashboard), under the shared `dashboard` key (lib/query-keys.ts). */
export function useDashboard() {
  const organisationId = useOrganisationId();
  return useQuery({
    queryKey: queryKeys.dashboard(organisationId),
    queryFn: async (): Promise<Dashboard> => (await call(dashboardOperations.get)).dashboard,
    enabled: organisationId !== '',
    staleTime: 30_000,
  });
}
