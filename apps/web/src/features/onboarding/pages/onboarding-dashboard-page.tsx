import { Alert, Anchor, Badge, Button, EmptyState, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { OnboardingDashboard } from '@hireloop/contract/onboarding';
import { IconAlertTriangle, IconRocket, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StageBar } from '../../../components/stage-bar.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { describeError } from '../../../lib/toasts.ts';
import { useOnboardingDashboard, useOnboardingPermissions } from '../api.ts';
import { AcceptedOffersImport } from '../components/accepted-offers-import.tsx';
import { AddHireModal } from '../components/add-hire-modal.tsx';
import { OnboardingOffer, ProductStateBadge } from '../components/product-subscription.tsx';
import { StagesSection } from '../components/stages-section.tsx';
import { TemplatesSection } from '../components/templates-section.tsx';

const HIRES_NOUN = { empty: 'No hires', perStage: 'Hires per stage' };
const TABS = ['onboardings', 'stages', 'templates'] as const;
type Tab = (typeof TABS)[number];

/** The bar's counts use the recruitment shape (`status_id`). */
const countsOf = (counts: Array<{ stage_id: string; count: number }>) => counts.map((c) => ({ status_id: c.stage_id, count: c.count }));

function OnboardingsTable({ dashboard }: { dashboard: OnboardingDashboard }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" aria-label="Onboardings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col">Hires</Table.Th>
            <Table.Th scope="col">Stages</Table.Th>
            <Table.Th scope="col">Overdue tasks</Table.Th>
            <Table.Th scope="col">Next start</Table.Th>
            <Table.Th scope="col">Template</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dashboard.onboardings.map((o) => (
            <Table.Tr key={o.id} data-testid="onboarding-row">
              <Table.Td>
                <Anchor component={Link} to={`/onboarding/${encodeURIComponent(o.id)}`} fw={500}>
                  {o.role.name}
                </Anchor>
                {o.role.team ? (
                  <Text size="xs" c="dimmed">
                    {o.role.team.name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{o.hires}</Table.Td>
              <Table.Td>
                <StageBar counts={countsOf(o.stage_counts)} statuses={dashboard.stages} noun={HIRES_NOUN} />
              </Table.Td>
              <Table.Td>
                {o.overdue_tasks > 0 ? (
                  <Badge color="red.9" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
                    {o.overdue_tasks} overdue
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{o.next_start_date ? <time dateTime={o.next_start_date}>{formatDay(o.next_start_date)}</time> : '—'}</Table.Td>
              <Table.Td>
                {o.template ? (
                  o.template.name
                ) : (
                  <Text size="sm" c="dimmed">
                    None
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /onboarding — the Onboarding Dashboard: the subscription, one onboarding per role with hires, stages and templates. */
export function OnboardingDashboardPage() {
  const dashboard = useOnboardingDashboard();
  const can = useOnboardingPermissions();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const tabParam = params.get('tab');
  const tab: Tab = TABS.includes(tabParam as Tab) ? (tabParam as Tab) : 'onboardings';
  const data = dashboard.data;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Group gap="sm" align="center">
          <Title order={1}>Onboarding</Title>
          {data ? <ProductStateBadge state={data.product_state} trailEndsAt={data.trail_ends_at} /> : null}
        </Group>
        {data && data.product_state !== 'not_subscribed' && can.manage ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add a hire
          </Button>
        ) : null}
      </Group>

      {dashboard.isPending ? (
        <Skeleton height={240} radius="md" aria-label="Loading onboarding" />
      ) : dashboard.isError ? (
        <Alert color="red" title="Onboarding could not be loaded" role="alert">
          {describeError(dashboard.error).message}{' '}
          <Anchor component="button" onClick={() => void dashboard.refetch()}>
            Try again
          </Anchor>
        </Alert>
      ) : data?.product_state === 'not_subscribed' ? (
        <OnboardingOffer />
      ) : data ? (
        <Tabs
          value={tab}
          onChange={(value) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              if (value && value !== 'onboardings') next.set('tab', value);
              else next.delete('tab');
              return next;
            })
          }
          keepMounted={false}
        >
          <Tabs.List>
            <Tabs.Tab value="onboardings">Onboardings</Tabs.Tab>
            <Tabs.Tab value="stages">Stages</Tabs.Tab>
            <Tabs.Tab value="templates">Checklist templates</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="onboardings" pt="md">
            {can.manage ? <AcceptedOffersImport /> : null}
            {data.onboardings.length === 0 ? (
              <EmptyState
                icon={<IconRocket size={28} aria-hidden />}
                withIndicatorBackground
                title="No hires in onboarding yet"
                description={
                  can.manage
                    ? 'A hire enters the onboarding of their role when they accept their offer, or when you add them here.'
                    : 'A hire enters the onboarding of their role when they accept their offer, or when a colleague adds them.'
                }
              >
                {can.manage ? (
                  <Group justify="center">
                    <Button onClick={() => setAdding(true)}>Add a hire</Button>
                  </Group>
                ) : null}
              </EmptyState>
            ) : (
              <OnboardingsTable dashboard={data} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="stages" pt="md">
            <StagesSection />
          </Tabs.Panel>
          <Tabs.Panel value="templates" pt="md">
            <TemplatesSection />
          </Tabs.Panel>
        </Tabs>
      ) : null}

      {adding ? (
        <AddHireModal
          onClose={() => setAdding(false)}
          onCreated={(onboardingId, hireId) => {
            setAdding(false);
            void navigate(`/onboarding/${encodeURIComponent(onboardingId)}?hire=${encodeURIComponent(hireId)}`);
          }}
        />
      ) : null}
    </Stack>
  );
}
