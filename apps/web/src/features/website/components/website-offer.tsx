import { PRODUCT_TABLE, type Billing } from '@hireloop/contract/billing';
import { IconWorld } from '@tabler/icons-react';
import { ProductOffer } from '../../../components/product-offer.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useBillingChange } from '../../session/billing-change.ts';
import { useOrganisationUsers } from '../../session/queries.ts';
import { useInvalidateWebsite } from '../api.ts';

const product = PRODUCT_TABLE.website;
/** Until the organisation's billing has loaded: its price on the monthly interval, no trial claimed. */
const NO_BILLING = { plan: 'free', trail_ends_at: null, stripe_enabled: false, interval: 'monthly' } as const;

/** Who may subscribe, by name, for members who may not: "Dana Whitfield", "Dana and Sam". */
function useOwnerNames(): string {
  const users = useOrganisationUsers();
  const owners = (users.data?.data ?? []).filter((u) => u.role === 'owner').map((u) => u.name);
  if (owners.length === 0) return 'the organisation’s owner';
  return new Intl.ListFormat('en', { type: 'conjunction' }).format(owners);
}

/**
 * Without the Website product the dashboard offers it; subscribing (owners only) is the same
 * confirmed billing change as on the billing page, after which the careers site is read again.
 */
export function WebsiteOffer({ billing, canSubscribe }: { billing: Billing | undefined; canSubscribe: boolean }) {
  const change = useBillingChange();
  const invalidateWebsite = useInvalidateWebsite();
  const owners = useOwnerNames();
  return (
    <ProductOffer
      product="website"
      billing={billing ?? NO_BILLING}
      icon={<IconWorld size={14} aria-hidden />}
      title={`Get a careers site with the ${product.name} product`}
      points={[
        'Your open roles, grouped by team, at your own careers address',
        'An application form per role, with your own questions; applicants land in the recruitment',
        'Your headline, intro, brand colour and logo',
        'Visits, applications and conversion per role, and a jobs feed for your own website',
      ]}
      canSubscribe={canSubscribe}
      whoCanSubscribe={`Only ${owners} can subscribe the organisation to ${product.name}. Ask them, then come back here.`}
      pending={change.isPending}
      onSubscribe={() => change.mutateAsync({ kind: 'subscribe', product: 'website' })}
      onSubscribed={async () => {
        toastSuccess(`Subscribed to ${product.name}. Your careers site is on.`);
        await invalidateWebsite();
      }}
    />
  );
}
