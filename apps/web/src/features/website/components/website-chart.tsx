import type { WebsiteStats } from '@hireloop/contract/website';
import { Area, Bar, CartesianGrid, ComposedChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../../lib/dates.ts';

/**
 * Visits and applications per day, in its own module so recharts loads only with it (the page
 * imports it lazily). The same numbers are in a table on the page: this is a picture.
 */
const HEIGHT = 260;
const AXIS = { fontSize: 12, fill: 'var(--mantine-color-text)' };
const VISITS = 'var(--mantine-color-indigo-6)';
const APPLICATIONS = 'var(--mantine-color-teal-7)';

export function WebsiteChart({ days }: { days: WebsiteStats['days'] }) {
  const data = days.map((d) => ({ ...d, label: formatDay(d.day) }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} minTickGap={16} />
        <YAxis yAxisId="visits" allowDecimals={false} tick={AXIS} width={40} />
        <YAxis yAxisId="applications" orientation="right" allowDecimals={false} tick={AXIS} width={32} />
        <Tooltip />
        <Legend />
        <Area
          yAxisId="visits"
          type="monotone"
          dataKey="visits"
          name="Visits"
          stroke={VISITS}
          fill={VISITS}
          fillOpacity={0.15}
          isAnimationActive={false}
        />
        <Bar yAxisId="applications" dataKey="applications" name="Applications" fill={APPLICATIONS} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
