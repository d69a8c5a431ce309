import { Badge, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { CURRENCY, PRODUCT_TABLE, type BillingChangeResponse, type BillingInterval, type Product } from '@hireloop/contract/billing';
import { IconCheck } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { formatPrice, perInterval } from '../lib/price.ts';
import { toastError } from '../lib/toasts.ts';
import { ConfirmChangeModal } from './confirm-change-modal.tsx';

type Props = {
  product: Product;
  /** The organisation's billing interval: the price shown is the one it would pay. */
  interval: BillingInterval;
  stripeEnabled: boolean;
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
  interval,
  stripeEnabled,
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
  const amount = formatPrice(price_cents[interval], CURRENCY);
  const titleId = `${product}-offer`;

  async function subscribe() {
    let result: BillingChangeResponse;
    try {
      result = await onSubscribe();
    } catch (error) {
      setConfirming(false);
      toastError(error);
      return;
    }
    if (result.checkout_url) {
      window.location.assign(result.checkout_url);
      return;
    }
    setConfirming(false);
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
        <List size="sm" spacing={4} icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-teal-8)" />}>
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
        lines={[
          `Add ${name} for ${amount} per ${perInterval(interval)}.`,
          ...(stripeEnabled ? ['You will be taken to Stripe to pay securely.'] : []),
        ]}
        confirmLabel={`Subscribe to ${name}`}
        loading={pending}
        onConfirm={() => void subscribe()}
        onClose={() => (pending ? undefined : setConfirming(false))}
      />
    </Card>
  );
}
