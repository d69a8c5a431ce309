import type { WebsiteProductState } from '@hireloop/contract/website';

/** The figures' windows, in days ending today. */
export const STATS_PERIODS = ['7', '30', '90'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_PERIOD_LABELS: Record<StatsPeriod, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
};

const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** `from` and `to` (UTC days, inclusive, as the server counts them) for the last `period` days. */
export function statsRange(period: StatsPeriod, now: Date = new Date()): { from: string; to: string } {
  const days = Number(period);
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: isoDay(now) };
}

/** "12%", "0%"; conversion may pass 100% when people apply from a link straight to the form. */
export function formatPercent(ratio: number): string {
  return `${Math.round(ratio * 1000) / 10}%`;
}

export const PRODUCT_STATE_LABELS: Record<WebsiteProductState, string> = {
  not_subscribed: 'Not subscribed',
  trial: 'On trial',
  active: 'Active',
};
