import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDashboard } from '../api.ts';
import { HiringSections } from '../components/hiring-sections.tsx';
import type { Billing } from '@hireloop/contract/billing';
import type { Permission } from '@hireloop/contract/permissions';
import { Link } from 'react-router';
import { useAuth } from '../../session/auth-store.ts';
import { useBilling, useOrganisationUsers, useRoles } from '../../session/queries.ts';
import { useCan } from '../../session/permissions.ts';
import { roleLabel } from '../../session/role-label.ts';
import { StatCard } from '../components/stat-card.tsx';
import { TrialBanner } from '../components/trial-banner.tsx';

const PLAN_LABELS: Record<Billing['plan'], string> = { trial: 'Trial', free: 'Free', team: 'Team', business: 'Business' };

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** /dashboard: the user's day (counts, their recruitments, recent activity, what they owe), the trial, and the organisation so far. */
export function DashboardPage() {
  const { user, currentOrganisation } = useAuth();
  const billing = useBilling();
  const users = useOrganisationUsers();
  const roles = useRoles();
  const dashboard = useDashboard();
  const can = useCan();
  if (!user || !currentOrganisation) return null;
  // Each prompt only for a reader who may do it.
  const nextSteps = [
    { permission: 'roles.manage', to: '/jobs', label: 'Add the job roles you hire for' },
    { permission: 'teams.manage', to: '/teams', label: 'Set up the teams or clients you hire for' },
    { permission: 'recruitment_settings.manage', to: '/settings/recruitment-status', label: 'Shape your recruitment pipeline' },
    { permission: 'members.manage', to: '/settings/organisation-users', label: 'Bring in your colleagues' },
  ] as const satisfies ReadonlyArray<{ permission: Permission; to: string; label: string }>;
  const yourSteps = nextSteps.filter((step) => can(step.permission));

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Dashboard</Title>
        <Text c="dimmed">
          Welcome, {firstName(user.name)}. You are working in{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {currentOrganisation.name}
          </Text>
          .
        </Text>
      </Stack>

      {billing.data?.trail_ends_at ? <TrialBanner trailEndsAt={billing.data.trail_ends_at} /> : null}

      <section aria-labelledby="dashboard-hiring">
        <Title order={2} size="h4" id="dashboard-hiring" mb="sm">
          Hiring at a glance
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <StatCard
            label="Open recruitments"
            value={dashboard.data?.counts.open_recruitments}
            loading={dashboard.isPending && dashboard.fetchStatus !== 'idle'}
            failed={dashboard.isError}
            link={{ to: '/recruitment', label: 'See recruitments' }}
          />
          <StatCard
            label="Active candidates"
            value={dashboard.data?.counts.active_candidates}
            loading={dashboard.isPending && dashboard.fetchStatus !== 'idle'}
            failed={dashboard.isError}
          />
          <StatCard
            label="New this week"
            value={dashboard.data?.counts.new_this_week}
            loading={dashboard.isPending && dashboard.fetchStatus !== 'idle'}
            failed={dashboard.isError}
          />
          <StatCard
            label="Hired this month"
            value={dashboard.data?.counts.hired_this_month}
            loading={dashboard.isPending && dashboard.fetchStatus !== 'idle'}
            failed={dashboard.isError}
          />
        </SimpleGrid>
      </section>

      <HiringSections dashboard={dashboard} />

      <section aria-labelledby="dashboard-overview">
        <Title order={2} size="h4" id="dashboard-overview" mb="sm">
          Organisation
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <StatCard
            label="Members"
            value={users.data?.meta.total}
            loading={users.isPending && users.fetchStatus !== 'idle'}
            failed={users.isError}
            link={{ to: '/settings/organisation-users', label: 'See members' }}
          />
          <StatCard
            label="Job roles"
            value={roles.data?.meta.total}
            loading={roles.isPending && roles.fetchStatus !== 'idle'}
            failed={roles.isError}
            link={{ to: '/jobs', label: 'Go to jobs' }}
          />
          <StatCard
            label="Plan"
            value={billing.data ? PLAN_LABELS[billing.data.plan] : undefined}
            loading={billing.isPending && billing.fetchStatus !== 'idle'}
            failed={billing.isError}
            link={{ to: '/settings/billing', label: 'Billing' }}
          />
        </SimpleGrid>
      </section>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="dashboard-next-steps">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4" id="dashboard-next-steps">
            {yourSteps.length > 0 ? `Get ${currentOrganisation.name} hiring` : `Your part in ${currentOrganisation.name}`}
          </Title>
          <Badge variant="outline" color="gray" c="gray">
            {roleLabel(currentOrganisation.role)}
          </Badge>
        </Group>
        {yourSteps.length > 0 ? (
          <List spacing="xs" size="sm">
            {yourSteps.map((step) => (
              <List.Item key={step.to}>
                <Anchor component={Link} to={step.to}>
                  {step.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">
            Your colleagues who run {currentOrganisation.name} set up its job roles, teams and pipeline. The interviews you are on and the
            feedback you owe appear on this page.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
