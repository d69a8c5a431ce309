import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Billing, BillingChangeResponse, BillingInterval, PlanId, Product } from '@hireloop/contract/billing';
import { call } from '../../lib/operations.ts';
import { useOrganisationId } from './auth-store.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** A change of plan or product: from the billing page, and from a product's offer on its own dashboard. */
export type BillingChange =
  | { kind: 'plan'; plan: PlanId; interval: BillingInterval }
  | { kind: 'subscribe'; product: Product }
  | { kind: 'unsubscribe'; product: Product };

/**
 * The billing operations are loaded on first use: their schemas bring zod, which the bundle /login loads
 * (features/session/) must not carry (docs/decisions/014-operations-in-the-contract.md).
 */
async function send(change: BillingChange): Promise<BillingChangeResponse> {
  const { billingOperations: ops } = await import('@hireloop/contract/operations/billing');
  switch (change.kind) {
    case 'plan':
      return call(ops.changePlan, { body: { plan: change.plan, interval: change.interval } });
    case 'subscribe':
      return call(ops.subscribe, { body: { product: change.product } });
    case 'unsubscribe':
      return call(ops.unsubscribe, { params: { product: change.product } });
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
