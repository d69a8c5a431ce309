import { Alert, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconInfoCircle } from '@tabler/icons-react';
import { PLAN_TABLE, PRODUCT_TABLE, type Billing, type BillingInterval, type PlanItem, type ProductItem } from '@hireloop/contract/billing';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmChangeModal } from '../../../components/confirm-change-modal.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { formatPrice, perInterval } from '../../../lib/price.ts';
import { productSubscriptionLines } from '../../../lib/subscription-terms.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useBillingChange, type BillingChange } from '../../session/billing-change.ts';
import { useBilling } from '../../session/queries.ts';
import { usePlans } from '../billing/api.ts';
import { PlanCard } from '../billing/components/plan-card.tsx';
import { ProductCard } from '../billing/components/product-card.tsx';
import { UsageMeters } from '../billing/components/usage-meters.tsx';
import { daysLeft, plural } from '../billing/format.ts';

const PLAN_LABELS: Record<Billing['plan'], string> = { trial: 'Trial', free: 'Free', team: 'Team', business: 'Business' };

function TrialNotice({ trailEndsAt }: { trailEndsAt: string }) {
  const left = daysLeft(trailEndsAt);
  return (
    <Alert color="indigo" variant="light" icon={<IconClock size={20} aria-hidden />} title="You are on a free trial">
      <Text size="sm">
        Your trial ends on {formatDate(trailEndsAt)}, {plural(left, 'day', 'days')} left. Until then you have the Team plan&apos;s limits;
        afterwards the organisation moves to Free unless you choose a plan.
      </Text>
    </Alert>
  );
}

function CheckoutNotice({ outcome }: { outcome: string | null }) {
  if (outcome === 'success') {
    return (
      <Alert color="teal" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title="Payment received">
        <Text size="sm">Your plan changes as soon as Stripe confirms the payment, usually within seconds.</Text>
      </Alert>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden />} title="Checkout cancelled">
        <Text size="sm">Nothing was changed.</Text>
      </Alert>
    );
  }
  return null;
}

/** What the confirm dialog says about a change. */
function describe(change: BillingChange, billing: Billing, currency: string): { title: string; lines: string[]; confirm: string } {
  const payment = billing.stripe_enabled ? ['You will be taken to Stripe to pay securely.'] : [];
  if (change.kind === 'plan') {
    const plan = PLAN_TABLE[change.plan];
    const price = plan.price_cents[change.interval];
    return {
      title: `Change to ${plan.name}`,
      lines: [
        price === 0
          ? `Move the organisation to the ${plan.name} plan (free).`
          : `Move the organisation to the ${plan.name} plan, billed ${change.interval} at ${formatPrice(price, currency)} per ${perInterval(change.interval)}.`,
        ...(billing.trail_ends_at ? ['This ends your trial.'] : []),
        ...(price === 0 ? [] : payment),
      ],
      confirm: `Change to ${plan.name}`,
    };
  }
  const product = PRODUCT_TABLE[change.product];
  if (change.kind === 'subscribe') {
    return {
      title: `Subscribe to ${product.name}`,
      lines: productSubscriptionLines(change.product, billing, currency),
      confirm: `Subscribe to ${product.name}`,
    };
  }
  return {
    title: `Unsubscribe from ${product.name}`,
    lines: [`${product.name} stops for the whole organisation.`],
    confirm: `Unsubscribe from ${product.name}`,
  };
}

function successText(change: BillingChange, billing: Billing): string {
  if (change.kind === 'plan') return `You are now on the ${PLAN_LABELS[billing.plan]} plan.`;
  const name = PRODUCT_TABLE[change.product].name;
  return change.kind === 'subscribe' ? `Subscribed to ${name}.` : `Unsubscribed from ${name}.`;
}

/** /settings/billing: the price plans, the plan in force, trial, usage against limits, and products. */
export function BillingPage() {
  const billing = useBilling();
  const plans = usePlans();
  const canManage = useAuth().currentOrganisation?.permissions.includes('billing.manage') ?? false;
  const [searchParams] = useSearchParams();
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(null);
  const [pending, setPending] = useState<BillingChange | null>(null);
  const change = useBillingChange();

  if (billing.isPending || plans.isPending) {
    return (
      <Stack gap="lg">
        <Title order={1}>Billing</Title>
        <Skeleton height={320} aria-hidden />
      </Stack>
    );
  }
  if (billing.isError || plans.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>Billing</Title>
        <Alert color="red" title="Billing could not be loaded">
          {(billing.error ?? plans.error)?.message}
        </Alert>
      </Stack>
    );
  }

  const current = billing.data;
  const { currency } = plans.data;
  const interval = chosenInterval ?? current.interval;
  const dialog = pending ? describe(pending, current, currency) : null;

  /** A rejection stays in the confirmation; with Stripe the browser goes to the checkout. */
  async function confirm() {
    if (!pending) return;
    const asked = pending;
    const result = await change.mutateAsync(asked);
    if (result.checkout_url) {
      window.location.assign(result.checkout_url);
      return;
    }
    toastSuccess(successText(asked, result.billing));
  }

  return (
    <Stack gap="lg">
      <Title order={1}>Billing</Title>
      <CheckoutNotice outcome={searchParams.get('checkout')} />
      {current.trail_ends_at ? <TrialNotice trailEndsAt={current.trail_ends_at} /> : null}

      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="billing-current-plan">
        <Title order={2} size="h4" id="billing-current-plan" mb={4}>
          Current plan: {PLAN_LABELS[current.plan]}
        </Title>
        <Text size="sm">
          {current.plan === 'trial'
            ? 'Trial with the Team plan’s limits.'
            : current.plan === 'free'
              ? 'Free, no payment needed.'
              : `Billed ${current.interval}.`}{' '}
          {canManage ? '' : 'Only the organisation’s owner can change the plan or products.'}
        </Text>
      </Paper>

      <UsageMeters billing={current} />

      <section aria-labelledby="billing-plans">
        <Group justify="space-between" align="center" mb="sm">
          <Title order={2} size="h4" id="billing-plans">
            Plans
          </Title>
          <SegmentedControl
            aria-label="Billing interval"
            value={interval}
            onChange={(value) => setChosenInterval(value as BillingInterval)}
            data={[
              { value: 'monthly', label: 'Monthly' },
              { value: 'yearly', label: 'Yearly (2 months free)' },
            ]}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          {plans.data.plans.map((plan: PlanItem) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              billing={current}
              interval={interval}
              currency={currency}
              canManage={canManage}
              onChoose={(p) => setPending({ kind: 'plan', plan: p.id, interval })}
            />
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="billing-products">
        <Title order={2} size="h4" id="billing-products" mb={4}>
          Products
        </Title>
        <Text size="sm" mb="sm">
          Add-ons for any plan, billed {current.interval} with it.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {plans.data.products.map((product: ProductItem) => (
            <ProductCard
              key={product.id}
              product={product}
              subscribed={current.products.includes(product.id)}
              interval={current.interval}
              currency={currency}
              canManage={canManage}
              onSubscribe={(p) => setPending({ kind: 'subscribe', product: p.id })}
              onUnsubscribe={(p) => setPending({ kind: 'unsubscribe', product: p.id })}
            />
          ))}
        </SimpleGrid>
      </section>

      <ConfirmChangeModal
        opened={dialog !== null}
        title={dialog?.title ?? ''}
        lines={dialog?.lines ?? []}
        confirmLabel={dialog?.confirm ?? 'Confirm'}
        pending={change.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}
