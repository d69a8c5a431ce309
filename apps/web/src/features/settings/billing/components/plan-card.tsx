import { Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { TRIAL_PLAN, type Billing, type BillingInterval, type PlanItem } from '@hireloop/contract/billing';
import { formatPrice, perInterval } from '../../../../lib/price.ts';
import { plural } from '../format.ts';

type Props = {
  plan: PlanItem;
  billing: Billing;
  interval: BillingInterval;
  currency: string;
  canManage: boolean;
  onChoose: (plan: PlanItem) => void;
};

/** One price plan: what it allows, what it costs at the chosen interval, and the way to choose it. */
export function PlanCard({ plan, billing, interval, currency, canManage, onChoose }: Props) {
  const current = billing.plan === plan.id;
  const sameInterval = plan.id === 'free' || billing.interval === interval;
  const headingId = `plan-${plan.id}`;
  const price = plan.price_cents[interval];
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={headingId}
      style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {plan.name}
          </Title>
          {current ? (
            <Badge variant="filled" color="teal.9">
              Current plan
            </Badge>
          ) : billing.plan === 'trial' && plan.id === TRIAL_PLAN ? (
            <Badge variant="outline" color="indigo" c="indigo">
              Your trial
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        <Text>
          <Text span fz={28} fw={700}>
            {formatPrice(price, currency)}
          </Text>{' '}
          <Text span size="sm">
            {price === 0 ? 'forever' : `per ${perInterval(interval)}`}
          </Text>
        </Text>
        <List spacing={4} size="sm" icon={<IconCheck size={16} aria-hidden />} center>
          <List.Item>{plural(plan.seats, 'seat', 'seats')}</List.Item>
          <List.Item>
            {plan.active_recruitments === null
              ? 'Unlimited active recruitments'
              : plural(plan.active_recruitments, 'active recruitment', 'active recruitments')}
          </List.Item>
        </List>
        {canManage ? (
          <Button
            mt="auto"
            variant={current ? 'default' : 'filled'}
            disabled={current && sameInterval}
            onClick={() => onChoose(plan)}
            aria-label={current && !sameInterval ? `Switch ${plan.name} to ${interval} billing` : `Choose ${plan.name}`}
          >
            {current ? (sameInterval ? 'Your plan' : `Switch to ${interval} billing`) : `Choose ${plan.name}`}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
