import { Tooltip } from '@mantine/core';
import { formatDateTime } from '../../../lib/dates.ts';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "just now". */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** "2 days 4 hours", "35 minutes": how long a stage lasted. */
export function formatDuration(milliseconds: number): string {
  const minutes = Math.max(0, Math.round(milliseconds / 60_000));
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const dayText = days === 1 ? '1 day' : `${days} days`;
  return rest === 0 || days >= 7 ? dayText : `${dayText} ${rest === 1 ? '1 hour' : `${rest} hours`}`;
}

export function exactTime(iso: string): string {
  try {
    return formatDateTime(iso);
  } catch {
    // Not strict ISO 8601 (an older value): still one style, or the text as it came.
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : formatDateTime(date);
  }
}

/** A relative time, with the exact one on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <Tooltip label={exactTime(iso)}>
      <time dateTime={iso}>{relativeTime(iso)}</time>
    </Tooltip>
  );
}
