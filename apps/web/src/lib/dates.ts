import { TWO_DIGIT_YEAR_WINDOW } from '@hireloop/contract/constants';
import {
  formatCalendarDay,
  formatDate as shortDate,
  formatDateTime as shortDateTime,
  formatTime as shortTime,
  type DateFormatOptions,
} from '@hireloop/contract/date-format';
import { ERROR_TEXTS } from '@hireloop/contract/errors';

/**
 * ISO 8601 as docs/product.md §6 allows it: `YYYY-MM[-DD][THH:mm[:ss[.fff]][Z|±HH:mm]]`.
 * A zone only follows a time; ranges are checked after the match, so `2024-13-01` fails there.
 */
const ISO_PATTERN = /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function invalid(): never {
  throw new Error(ERROR_TEXTS.invalidIsoDate);
}

function toInt(part: string | undefined, fallback: number): number {
  return part === undefined ? fallback : Number(part);
}

/** Minutes east of UTC for `Z`/`±HH:mm`, or null for a local time. */
function zoneOffsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  if (zone === 'Z') return 0;
  const hours = Number(zone.slice(1, 3));
  const minutes = Number(zone.slice(4, 6));
  if (hours > 23 || minutes > 59) invalid();
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/** Parses a strict ISO 8601 string; a date without time is local midnight; milliseconds are zeroed. */
export function parseIsoDate(value: string): Date {
  const match = ISO_PATTERN.exec(value);
  if (!match) invalid();
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, zone] = match;
  const year = toInt(yearText, 0);
  const month = toInt(monthText, 0);
  const day = toInt(dayText, 1);
  const hour = toInt(hourText, 0);
  const minute = toInt(minuteText, 0);
  const second = toInt(secondText, 0);

  if (month < 1 || month > 12) invalid();
  if (day < 1 || day > daysInMonth(year, month - 1)) invalid();
  if (hour > 23 || minute > 59 || second > 59) invalid();

  const offset = zoneOffsetMinutes(zone);
  if (offset === null) {
    const local = new Date(2000, 0, 1, hour, minute, second, 0);
    // setFullYear keeps years 0-99 literal (the Date constructor maps them to 1900-1999).
    local.setFullYear(year, month - 1, day);
    return local;
  }
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute - offset, second, 0);
  return utc;
}

/** Local midnight of the last day of the month (`monthIndex0` is 0-11, as in Date). */
export function lastDayOfMonth(year: number, monthIndex0: number): Date {
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, monthIndex0 + 1, 0);
  return date;
}

export function daysInMonth(year: number, monthIndex0: number): number {
  return lastDayOfMonth(year, monthIndex0).getDate();
}

/**
 * A two-digit year lands in the 100 years ending TWO_DIGIT_YEAR_WINDOW years after today:
 * in 2025, `45` is 2045 and `46` is 1946 (docs/product.md §6).
 */
export function expandTwoDigitYear(yy: number, today: Date = new Date()): number {
  if (!Number.isInteger(yy) || yy < 0 || yy > 99) throw new RangeError(`Not a two-digit year: ${yy}`);
  const latest = today.getFullYear() + TWO_DIGIT_YEAR_WINDOW;
  const candidate = latest - ((((latest - yy) % 100) + 100) % 100);
  return candidate;
}

const longDateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/** API values arrive as ISO strings; accept them directly so callers need not parse first. */
function toDate(value: Date | string): Date {
  return typeof value === 'string' ? parseIsoDate(value) : value;
}

/**
 * Every date on a screen goes through this module, in the short styles of
 * packages/contract/src/date-format.ts. Instants are written in the reader's own time zone (the
 * browser's) unless a view passes `timeZone`; calendar days (`YYYY-MM-DD`) never shift.
 */

/** Short date, e.g. `11/25/26`. */
export function formatDate(date: Date | string, options?: DateFormatOptions): string {
  return shortDate(toDate(date), options);
}

/**
 * Long date, e.g. `December 9, 2026`: only where a date decides money (when a trial's free period
 * ends), so that 12/9/26 cannot be misread. Everything else is in the short style.
 */
export function formatLongDate(date: Date | string): string {
  return longDateFormat.format(toDate(date));
}

/** Short time, e.g. `2:30 PM`. */
export function formatTime(date: Date | string, options?: DateFormatOptions): string {
  return shortTime(toDate(date), options);
}

/** Short date and time, e.g. `11/25/26, 2:30 PM`. */
export function formatDateTime(date: Date | string, options?: DateFormatOptions): string {
  return shortDateTime(toDate(date), options);
}

/** The local calendar day of `date` as the API takes it, `YYYY-MM-DD`. */
export function toIsoDay(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Inclusive on both ends; a missing bound does not limit. */
export function isWithinRange(date: Date, min?: Date | null, max?: Date | null): boolean {
  const time = date.getTime();
  if (Number.isNaN(time)) return false;
  if (min && time < min.getTime()) return false;
  if (max && time > max.getTime()) return false;
  return true;
}

/** A calendar day `YYYY-MM-DD` (or an ISO string starting with one) in the short date style, the same day in every zone; `—` for none. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  return formatCalendarDay(day.slice(0, 10));
}
