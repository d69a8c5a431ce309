import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Billing, BillingChangeResponse, BillingInterval, PlanId, Product } from '@hireloop/contract/billing';
import { orgApi } from '../../lib/api-client.ts';
import { useOrganisationId } from './auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** A change of plan or product: from the billing page, and from a product's offer on its own dashboard. */
export type BillingChange =
  | { kind: 'plan'; plan: PlanId; interval: BillingInterval }
  | { kind: 'subscribe'; product: Product }
  | { kind: 'unsubscribe'; product: Product };

function send(change: BillingChange): Promise<BillingChangeResponse> {
  switch (change.kind) {
    case 'plan':
      return orgApi.post<BillingChangeResponse>('billing/plan', { plan: change.plan, interval: change.interval });
    case 'subscribe':
      return orgApi.post<BillingChangeResponse>('billing/products', { product: change.product });
    case 'unsubscribe':
      return orgApi.delete<BillingChangeResponse>(`billing/products/${change.product}`);
  }
}

/**
 * Changes the plan or a product. The billing loaded at start-up (queryKeys.billing) takes the
 * answer at once and is then refetched, so the dashboard's trial banner follows too.
 */
export function useBillingChange() {
  const queryClient = useQueryClient();
  const organisationId = useOrganisationId();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      queryClient.setQueryData<Billing>(queryKeys.billing(organisationId), result.billing);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing(organisationId) }),
  });
}
