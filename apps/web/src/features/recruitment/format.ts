import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { CANDIDATE_SOURCE_LABELS } from '@hireloop/contract/candidates';

dayjs.extend(relativeTime);

/** "3 days ago", "in 2 months": how long ago (or until) an ISO time, for people. */
export function fromNow(iso: string, now: Date = new Date()): string {
  return dayjs(iso).from(now);
}

/** "Opened today" on the day itself, "Opened 5 days ago" after. */
export function openedAgo(iso: string, now: Date = new Date()): string {
  const days = dayjs(now).startOf('day').diff(dayjs(iso).startOf('day'), 'day');
  if (days <= 0) return 'Opened today';
  if (days === 1) return 'Opened yesterday';
  return `Opened ${days} days ago`;
}

/** "2.5 days" or "—" when there is no sample yet. */
export function formatDays(days: number | null): string {
  if (days === null) return '—';
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
}

export function formatPercent(ratio: number | null): string {
  return ratio === null ? '—' : `${Math.round(ratio * 100)}%`;
}

const SOURCE_LABELS: Record<string, string> = CANDIDATE_SOURCE_LABELS;

/** "Careers site" for `careers_site`; an unknown source is shown as sent. */
export function sourceLabel(source: string): string {
  return SOURCE_LABELS[source] ?? source;
}
