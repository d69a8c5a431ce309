import type { RecruitmentAnalytics } from '@hireloop/contract/recruitments';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPercent, sourceLabel } from '../format.ts';

/**
 * The analytics page's charts, in their own module so recharts loads only with them (the page
 * imports this lazily). Every chart's numbers are also in a table on the page: the SVGs are
 * pictures (role="img" on the wrapper), not the only way to read the data.
 */
export type ChartKind = 'funnel' | 'time-in-stage' | 'applications' | 'sources' | 'rejections';

const HEIGHT = 260;
const AXIS = { fontSize: 12, fill: 'var(--mantine-color-text)' };
const PRIMARY = 'var(--mantine-color-indigo-6)';
const SECONDARY = 'var(--mantine-color-teal-7)';

export function AnalyticsChart({ kind, analytics }: { kind: ChartKind; analytics: RecruitmentAnalytics }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      {chartFor(kind, analytics)}
    </ResponsiveContainer>
  );
}

function chartFor(kind: ChartKind, a: RecruitmentAnalytics) {
  switch (kind) {
    case 'funnel': {
      const data = a.funnel.map((s) => ({ name: s.name, reached: s.reached, colour: s.colour, conversion: formatPercent(s.conversion) }));
      return (
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 16, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={AXIS} interval={0} />
          <YAxis allowDecimals={false} tick={AXIS} width={36} />
          <Tooltip
            formatter={(value, _name, item) => [`${String(value)} (${String(item.payload.conversion)} from the previous stage)`, 'Reached']}
          />
          <Bar
            dataKey="reached"
            name="Reached"
            isAnimationActive={false}
            label={{ position: 'top', fontSize: 12, fill: 'var(--mantine-color-text)' }}
          >
            {data.map((d) => (
              <Cell key={d.name} fill={d.colour} />
            ))}
          </Bar>
        </BarChart>
      );
    }
    case 'time-in-stage': {
      const data = a.time_in_stage.map((s) => ({ name: s.name, average: s.average_days ?? 0, median: s.median_days ?? 0 }));
      return (
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={AXIS} interval={0} />
          <YAxis tick={AXIS} width={36} unit=" d" />
          <Tooltip />
          <Legend />
          <Bar dataKey="average" name="Average days" fill={PRIMARY} isAnimationActive={false} />
          <Bar dataKey="median" name="Median days" fill={SECONDARY} isAnimationActive={false} />
        </BarChart>
      );
    }
    case 'applications':
      return (
        <AreaChart data={a.applications_over_time} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={AXIS} />
          <YAxis allowDecimals={false} tick={AXIS} width={36} />
          <Tooltip labelFormatter={(week) => `Week of ${String(week)}`} />
          <Area
            type="monotone"
            dataKey="count"
            name="Applications"
            stroke={PRIMARY}
            fill={PRIMARY}
            fillOpacity={0.2}
            isAnimationActive={false}
          />
        </AreaChart>
      );
    case 'sources':
      return (
        <BarChart data={a.sources.map((s) => ({ ...s, source: sourceLabel(s.source) }))} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="source" tick={AXIS} interval={0} />
          <YAxis allowDecimals={false} tick={AXIS} width={36} />
          <Tooltip />
          <Legend />
          <Bar dataKey="count" name="Candidates" fill={PRIMARY} isAnimationActive={false} />
          <Bar dataKey="hired" name="Hired" fill={SECONDARY} isAnimationActive={false} />
        </BarChart>
      );
    case 'rejections':
      return (
        <BarChart data={a.rejection_reasons} layout="vertical" accessibilityLayer={false} margin={{ left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS} />
          <YAxis type="category" dataKey="reason" tick={AXIS} width={160} />
          <Tooltip />
          <Bar dataKey="count" name="Rejected" fill="var(--mantine-color-red-7)" isAnimationActive={false} />
        </BarChart>
      );
  }
}
