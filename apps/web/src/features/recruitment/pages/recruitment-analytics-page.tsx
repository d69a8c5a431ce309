import { Alert, Anchor, EmptyState, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { RecruitmentAnalytics } from '@hireloop/contract/recruitments';
import { IconChartBar } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { NumbersTable, Stat } from '../../../components/figures.tsx';
import { describeError } from '../../../lib/toasts.ts';
import { useCan } from '../../session/permissions.ts';
import { useRecruitmentAnalytics } from '../api.ts';
import type { ChartKind } from '../components/analytics-charts.tsx';
import { formatDays, formatPercent, sourceLabel } from '../format.ts';

// recharts is big: it loads with the charts, inside this page's own chunk, after the numbers show.
const AnalyticsChart = lazy(async () => ({ default: (await import('../components/analytics-charts.tsx')).AnalyticsChart }));

/** /recruitment/{id}: funnel, time in stage, time to hire, applications over time, sources and rejection reasons. */
export function RecruitmentAnalyticsPage() {
  const id = useParams().recruitment ?? '';
  const analytics = useRecruitmentAnalytics(id);
  const can = useCan();
  const canAdd = can('candidates.manage') || can('candidates.import');

  if (analytics.isPending) return <Loader aria-label="Loading the analytics" />;
  if (analytics.isError) {
    return (
      <Alert color="red" variant="light" c="red" title="The analytics could not be loaded" role="alert">
        {describeError(analytics.error).message}
      </Alert>
    );
  }
  const a = analytics.data;

  if (a.total_applications === 0) {
    return (
      <Stack gap="md">
        <Title order={2}>Analytics</Title>
        <EmptyState
          icon={<IconChartBar size={28} aria-hidden />}
          withIndicatorBackground
          title="No candidates yet"
          description="The funnel, time in stage, time to hire and sources appear here once candidates apply or are added."
        />
        {canAdd ? (
          <Anchor component={Link} to={`/recruitment/${encodeURIComponent(id)}/candidates`}>
            Add candidates
          </Anchor>
        ) : null}
      </Stack>
    );
  }

  const anyStageTime = a.time_in_stage.some((s) => s.samples > 0);
  return (
    <Stack gap="xl">
      <Title order={2}>Analytics</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Candidates" value={String(a.total_applications)} />
        <Stat
          label="Time to hire (average)"
          value={formatDays(a.time_to_hire.average_days)}
          hint={a.time_to_hire.hires === 0 ? 'No hires yet' : `Median ${formatDays(a.time_to_hire.median_days)}`}
        />
        <Stat label="Hires" value={String(a.time_to_hire.hires)} />
      </SimpleGrid>

      <ChartSection id="funnel" title="Funnel" kind="funnel" analytics={a} chartLabel="Bar chart of candidates who reached each stage">
        <NumbersTable
          caption="Candidates who reached each stage"
          head={['Stage', 'Reached', 'In it now', 'Conversion from previous']}
          rows={a.funnel.map((s) => [s.name, s.reached, s.current, formatPercent(s.conversion)])}
        />
      </ChartSection>

      <ChartSection
        id="time-in-stage"
        title="Time in stage"
        kind="time-in-stage"
        analytics={a}
        chartLabel="Bar chart of days spent in each stage"
        empty={anyStageTime ? null : 'No one has moved on from a stage yet.'}
      >
        <NumbersTable
          caption="Days spent in each stage"
          head={['Stage', 'Average', 'Median', 'Moves counted']}
          rows={a.time_in_stage.map((s) => [s.name, formatDays(s.average_days), formatDays(s.median_days), s.samples])}
        />
      </ChartSection>

      <ChartSection
        id="applications"
        title="Applications over time"
        kind="applications"
        analytics={a}
        chartLabel="Area chart of applications per week"
        empty={a.applications_over_time.length === 0 ? 'No applications yet.' : null}
      >
        <NumbersTable
          caption="Applications per week"
          head={['Week of', 'Applications']}
          rows={a.applications_over_time.map((w) => [w.week, w.count])}
        />
      </ChartSection>

      <ChartSection
        id="sources"
        title="Sources"
        kind="sources"
        analytics={a}
        chartLabel="Bar chart of candidates and hires per source"
        empty={a.sources.length === 0 ? 'No sources recorded yet.' : null}
      >
        <NumbersTable
          caption="Candidates and hires per source"
          head={['Source', 'Candidates', 'Hired']}
          rows={a.sources.map((s) => [sourceLabel(s.source), s.count, s.hired])}
        />
      </ChartSection>

      <ChartSection
        id="rejections"
        title="Rejection reasons"
        kind="rejections"
        analytics={a}
        chartLabel="Bar chart of rejections per reason"
        empty={a.rejection_reasons.length === 0 ? 'No one has been rejected yet.' : null}
      >
        <NumbersTable
          caption="Rejections per reason"
          head={['Reason', 'Rejected']}
          rows={a.rejection_reasons.map((r) => [r.reason, r.count])}
        />
      </ChartSection>
    </Stack>
  );
}

type ChartSectionProps = {
  id: string;
  title: string;
  kind: ChartKind;
  analytics: RecruitmentAnalytics;
  /** What the picture shows, for screen readers (the table below has the numbers). */
  chartLabel: string;
  /** Shown instead of the chart and table when there is nothing to show yet. */
  empty?: string | null;
  children: ReactNode;
};

function ChartSection({ id, title, kind, analytics, chartLabel, empty = null, children }: ChartSectionProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`analytics-${id}`}>
      <Stack gap="sm">
        <Title order={3} id={`analytics-${id}`}>
          {title}
        </Title>
        {empty !== null ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <>
            <div role="img" aria-label={`${chartLabel}; the numbers are in the table below.`}>
              <Suspense fallback={<Skeleton height={260} />}>
                <AnalyticsChart kind={kind} analytics={analytics} />
              </Suspense>
            </div>
            {children}
          </>
        )}
      </Stack>
    </Paper>
  );
}
