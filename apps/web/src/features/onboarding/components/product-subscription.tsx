import { Badge } from '@mantine/core';
import type { OnboardingProductState } from '@hireloop/contract/onboarding';
import { IconRocket } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { ProductOffer } from '../../../components/product-offer.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useBillingChange } from '../../session/billing-change.ts';
import { useBilling } from '../../session/queries.ts';
import { onboardingKeys, useOnboardingPermissions } from '../api.ts';
import { useOrganisationId } from '../../session/auth-store.ts';

/** Trial or active, next to the page title. */
export function ProductStateBadge({ state, trailEndsAt }: { state: OnboardingProductState; trailEndsAt: string | null }) {
  if (state === 'not_subscribed') return null;
  if (state === 'trial') {
    return (
      <Badge color="indigo" variant="light" c="var(--mantine-color-text)" size="lg">
        {trailEndsAt ? `Trial until ${formatDate(trailEndsAt)}` : 'Trial'}
      </Badge>
    );
  }
  return (
    <Badge color="teal.9" variant="filled" size="lg">
      Active
    </Badge>
  );
}

/** The offer of the Onboarding product: what it does, its price, and Subscribe for whoever manages billing. */
export function OnboardingOffer() {
  const billing = useBilling();
  const can = useOnboardingPermissions();
  const change = useBillingChange();
  const organisationId = useOrganisationId();
  const queryClient = useQueryClient();
  return (
    <ProductOffer
      product="onboarding"
      billing={billing.data ?? { plan: 'free', trail_ends_at: null, stripe_enabled: false, interval: 'monthly' }}
      icon={<IconRocket size={14} aria-hidden />}
      title="Onboard every new hire with a plan"
      points={[
        'Stages per role, with every hire on a board from the accepted offer to their first day',
        'Checklists from templates, with owners and due dates',
        'Documents to collect from the new hire',
        'A welcome page for each hire with their first-day information',
      ]}
      canSubscribe={can.billing}
      whoCanSubscribe="Ask your organisation’s owner to subscribe to Onboarding."
      pending={change.isPending}
      onSubscribe={() => change.mutateAsync({ kind: 'subscribe', product: 'onboarding' })}
      onSubscribed={() => {
        toastSuccess('Subscribed to Onboarding.');
        void queryClient.invalidateQueries({ queryKey: onboardingKeys.all(organisationId) });
      }}
    />
  );
}
