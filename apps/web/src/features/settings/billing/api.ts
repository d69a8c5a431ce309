import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingPublicOperations } from '@hireloop/contract/operations/billing';
import { call } from '../../../lib/operations.ts';

/** The price list never changes while the app runs: it is the table in code. */
export const plansQuery = queryOptions({
  queryKey: ['billing', 'plans'] as const,
  queryFn: () => call(billingPublicOperations.plans),
  staleTime: Infinity,
});

export function usePlans() {
  return useQuery(plansQuery);
}
