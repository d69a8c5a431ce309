import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '@hireloop/contract/billing';
import { api } from '../../../lib/api-client.ts';

/** The price list never changes while the app runs: it is the table in code. */
export const plansQuery = queryOptions({
  queryKey: ['billing', 'plans'] as const,
  queryFn: () => api.get<PlansResponse>('billing/plans'),
  staleTime: Infinity,
});

export function usePlans() {
  return useQuery(plansQuery);
}
