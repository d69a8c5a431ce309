import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BillingInterval, ProductItem } from '@hireloop/contract/billing';
import { formatPrice, perInterval } from '../../../../lib/price.ts';

type Props = {
  product: ProductItem;
  subscribed: boolean;
  interval: BillingInterval;
  currency: string;
  canManage: boolean;
  onSubscribe: (product: ProductItem) => void;
  onUnsubscribe: (product: ProductItem) => void;
};

/** An add-on product, billed on the organisation's interval. */
export function ProductCard({ product, subscribed, interval, currency, canManage, onSubscribe, onUnsubscribe }: Props) {
  const headingId = `product-${product.id}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {product.name}
          </Title>
          <Badge variant={subscribed ? 'filled' : 'default'} color={subscribed ? 'teal.9' : undefined}>
            {subscribed ? 'Subscribed' : 'Not subscribed'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {product.description}
        </Text>
        <Text size="sm">
          <Text span fw={700}>
            {formatPrice(product.price_cents[interval], currency)}
          </Text>{' '}
          per {perInterval(interval)}
        </Text>
        {canManage ? (
          subscribed ? (
            <Button mt="auto" variant="default" onClick={() => onUnsubscribe(product)} aria-label={`Unsubscribe from ${product.name}`}>
              Unsubscribe
            </Button>
          ) : (
            <Button mt="auto" onClick={() => onSubscribe(product)} aria-label={`Subscribe to ${product.name}`}>
              Subscribe
            </Button>
          )
        ) : null}
      </Stack>
    </Card>
  );
}
