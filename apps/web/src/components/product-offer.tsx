import { Badge, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { CURRENCY, PRODUCT_TABLE, type Billing, type BillingChangeResponse, type Product } from '@hireloop/contract/billing';
import { IconCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { formatPrice, perInterval } from '../lib/price.ts';
import { productSubscriptionLines, productTrialNote } from '../lib/subscription-terms.ts';
import { ConfirmChangeModal } from './confirm-change-modal.tsx';

type Props = {
  product: Product;
  /** The organisation's billing: the price shown is the one it would pay on its interval; the trial may include the product. */
  billing: Pick<Billing, 'plan' | 'trail_ends_at' | 'stripe_enabled' | 'interval'>;
  /** A small icon for the "Not subscribed" badge. */
  icon: ReactNode;
  title: string;
  points: string[];
  canSubscribe: boolean;
  /** Said instead of the button to whoever may not subscribe: who can. */
  whoCanSubscribe: string;
  pending: boolean;
  /** Sends the subscription (the feature's billing change). */
  onSubscribe: () => Promise<BillingChangeResponse>;
  /** After a subscription without a Stripe checkout: the feature's toast and reload. */
  onSubscribed: () => void | Promise<void>;
};

/**
 * A product's offer on its own dashboard while the organisation does not have it: what it gives,
 * its price on the organisation's billing interval, and Subscribe for whoever manages billing,
 * through the same confirmation as the billing page. A Stripe checkout, when the server asks for
 * one, takes over the window.
 */
export function ProductOffer({
  product,
  billing,
  icon,
  title,
  points,
  canSubscribe,
  whoCanSubscribe,
  pending,
  onSubscribe,
  onSubscribed,
}: Props) {
  const [confirming, setConfirming] = useState(false);
  const { name, description, price_cents } = PRODUCT_TABLE[product];
  const { interval } = billing;
  const amount = formatPrice(price_cents[interval], CURRENCY);
  const trialNote = productTrialNote(billing);
  const titleId = `${product}-offer`;

  /** A rejection stays in the confirmation; with Stripe the browser goes to the checkout. */
  async function subscribe() {
    const result: BillingChangeResponse = await onSubscribe();
    if (result.checkout_url) {
      window.location.assign(result.checkout_url);
      return;
    }
    await onSubscribed();
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} maw={640}>
      <Stack gap="sm">
        <Badge variant="default" leftSection={icon}>
          Not subscribed
        </Badge>
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        <Text size="sm">{description}</Text>
        <List size="sm" spacing={4} icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-teal-text)" />}>
          {points.map((point) => (
            <List.Item key={point}>{point}</List.Item>
          ))}
        </List>
        <Text size="sm" data-testid={`${product}-price`}>
          <Text span fw={700} size="lg">
            {amount}
          </Text>{' '}
          per {perInterval(interval)}, billed {interval} with your plan.
        </Text>
        {trialNote ? (
          <Text size="sm" fw={500}>
            {trialNote}
          </Text>
        ) : null}
        {canSubscribe ? (
          <Button onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start' }}>
            Subscribe to {name}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {whoCanSubscribe}
          </Text>
        )}
      </Stack>
      <ConfirmChangeModal
        opened={confirming}
        title={`Subscribe to ${name}`}
        lines={productSubscriptionLines(product, billing, CURRENCY)}
        confirmLabel={`Subscribe to ${name}`}
        pending={pending}
        onConfirm={subscribe}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
