import { Alert, Box, Group, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { WebsiteStats } from '@hireloop/contract/website';
import { lazy, Suspense, useState } from 'react';
import { NumbersTable, Stat } from '../../../components/figures.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { describeError } from '../../../lib/toasts.ts';
import { useWebsiteStats } from '../api.ts';
import { formatPercent, STATS_PERIOD_LABELS, STATS_PERIODS, type StatsPeriod } from '../format.ts';

// recharts is big: it loads with the chart, after the numbers show.
const WebsiteChart = lazy(async () => ({ default: (await import('./website-chart.tsx')).WebsiteChart }));

/** A role the figures are narrowed to. */
type ChosenRole = { id: string; name: string };

const ALL_ROLES = 'all';

/**
 * Visits, applications and conversion over the last 7, 30 or 90 days: in total, per day and per
 * role. With a role chosen the totals and the days are that role's; the per-role table stays whole.
 */
export function WebsiteFigures() {
  const [period, setPeriod] = useState<StatsPeriod>('30');
  const [role, setRole] = useState<ChosenRole | null>(null);
  const stats = useWebsiteStats(period, role?.id ?? null);
  // The roles of the figures shown (published ones and those with traffic); the chosen one stays
  // choosable even when another period has nothing for it.
  const roles = stats.data?.roles.map((r) => ({ id: r.role_id, name: r.name })) ?? [];
  if (role && !roles.some((r) => r.id === role.id)) roles.push(role);
  const roleOptions = [{ value: ALL_ROLES, label: 'All roles' }, ...roles.map((r) => ({ value: r.id, label: r.name }))];

  return (
    <Stack gap="md" component="section" aria-labelledby="website-figures">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id="website-figures">
          Figures
        </Title>
        <Group gap="sm" align="center">
          <Select
            aria-label="Role"
            data={roleOptions}
            value={role?.id ?? ALL_ROLES}
            allowDeselect={false}
            onChange={(value) => setRole(roles.find((r) => r.id === value) ?? null)}
            w={220}
          />
          <SegmentedControl
            aria-label="Period"
            value={period}
            onChange={(value) => setPeriod(value as StatsPeriod)}
            data={STATS_PERIODS.map((value) => ({ value, label: STATS_PERIOD_LABELS[value] }))}
          />
        </Group>
      </Group>
      {stats.isError ? (
        <Alert color="red" variant="light" c="red" title="The figures could not be loaded" role="alert">
          {describeError(stats.error).message}
        </Alert>
      ) : stats.data === undefined ? (
        <div role="status" aria-label="Loading the figures">
          <Skeleton height={320} aria-hidden />
        </div>
      ) : (
        <Figures stats={stats.data} role={role} busy={stats.isFetching} />
      )}
    </Stack>
  );
}

function Figures({ stats, role, busy }: { stats: WebsiteStats; role: ChosenRole | null; busy: boolean }) {
  const range = `${formatDay(stats.from)} – ${formatDay(stats.to)}`;
  const forRole = role ? ` for ${role.name}` : '';
  const nothing = stats.totals.visits === 0 && stats.totals.applications === 0;
  return (
    <Stack gap="md" aria-busy={busy}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Visits" value={String(stats.totals.visits)} hint={role ? `${role.name}’s page` : undefined} />
        <Stat label="Applications" value={String(stats.totals.applications)} />
        <Stat label="Conversion" value={formatPercent(stats.totals.conversion)} hint="Applications per visit" />
      </SimpleGrid>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="website-per-day">
        <Stack gap="sm">
          <Title order={3} size="h4" id="website-per-day">
            Visits and applications per day
          </Title>
          {nothing ? (
            <Text size="sm" c="dimmed">
              {role
                ? `No visits or applications${forRole} from ${range}.`
                : `No visits or applications from ${range}. Share your careers site link to bring people in.`}
            </Text>
          ) : (
            <>
              <div role="img" aria-label={`Chart of visits and applications per day${forRole}; the numbers are in the table below.`}>
                <Suspense fallback={<Skeleton height={260} />}>
                  <WebsiteChart days={stats.days} />
                </Suspense>
              </div>
              <Box component="details">
                <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
                  Show the numbers per day
                </Text>
                <NumbersTable
                  caption={`Visits and applications per day${forRole}, ${range}`}
                  head={['Day', 'Visits', 'Applications']}
                  rows={stats.days.map((d) => [formatDay(d.day), d.visits, d.applications])}
                />
              </Box>
            </>
          )}
        </Stack>
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="website-per-role">
        <Stack gap="sm">
          <Title order={3} size="h4" id="website-per-role">
            Per role
          </Title>
          {stats.roles.length === 0 ? (
            <Text size="sm" c="dimmed">
              No role had visits or applications from {range}.
            </Text>
          ) : (
            <NumbersTable
              caption={`Visits, applications and conversion per role, ${range}`}
              head={['Role', 'Visits', 'Applications', 'Conversion']}
              rows={stats.roles.map((r) => [r.name, r.visits, r.applications, formatPercent(r.conversion)])}
              // With a role chosen the totals are that role's: the whole site's are not in this answer.
              total={
                role
                  ? undefined
                  : [
                      'Whole site (front page included)',
                      stats.totals.visits,
                      stats.totals.applications,
                      formatPercent(stats.totals.conversion),
                    ]
              }
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
