import { Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Billing } from '@hireloop/contract/billing';

function Meter({ label, used, limit, unit }: { label: string; used: number; limit: number | null; unit: string }) {
  const share = limit === null || limit === 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  const full = limit !== null && used >= limit;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Progress value={share} color={full ? 'red.8' : 'indigo.7'} size="lg" radius="xl" aria-label={`${label}: ${share}% used`} />
      <Text size="sm">
        {limit === null ? `${used} ${unit} (unlimited)` : `${used} of ${limit} ${unit}`}
        {full ? ' — limit reached' : ''}
      </Text>
    </Stack>
  );
}

/** What the organisation uses against what its plan allows. */
export function UsageMeters({ billing }: { billing: Billing }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="billing-usage">
      <Title order={2} size="h4" id="billing-usage" mb="md">
        Usage
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        <Meter label="Seats (members and pending invitations)" used={billing.usage.seats} limit={billing.limits.seats} unit="seats" />
        <Meter
          label="Active recruitments"
          used={billing.usage.active_recruitments}
          limit={billing.limits.active_recruitments}
          unit="active recruitments"
        />
      </SimpleGrid>
    </Paper>
  );
}
