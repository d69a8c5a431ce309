/**
 * The one way Hireloop writes a date or a time, in the web app and in the mails the server sends:
 * English short styles (`11/25/26`, `2:30 PM`, `11/25/26, 2:30 PM`). Web screens go through
 * apps/web/src/lib/dates.ts, which adds reading the API's ISO strings; the lint rule in
 * eslint.config.js keeps other formats out of apps/web/src.
 */

/** The language of every date the product writes. */
export const DATE_LOCALE = 'en';

const STYLES = {
  date: { dateStyle: 'short' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

/** Options of every formatter: the IANA zone to write the instant in (default: the runtime's own). */
export type DateFormatOptions = { timeZone?: string | undefined };

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(DATE_LOCALE, timeZone ? { ...STYLES[style], timeZone } : STYLES[style]);
    cache.set(key, found);
  }
  return found;
}

/** Short date, e.g. `11/25/26`. */
export function formatDate(date: Date, options: DateFormatOptions = {}): string {
  return formatter('date', options.timeZone).format(date);
}

/** Short time, e.g. `2:30 PM`. */
export function formatTime(date: Date, options: DateFormatOptions = {}): string {
  return formatter('time', options.timeZone).format(date);
}

/** Short date and time, e.g. `11/25/26, 2:30 PM`. */
export function formatDateTime(date: Date, options: DateFormatOptions = {}): string {
  return formatter('dateTime', options.timeZone).format(date);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day (`YYYY-MM-DD`: a start date, a due date, an expiry day) in the short date style,
 * the same day wherever the reader is; throws a RangeError for anything else.
 */
export function formatCalendarDay(day: string): string {
  const match = CALENDAR_DAY.exec(day);
  if (!match) throw new RangeError(`Not a calendar day: ${day}`);
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (date.getUTCMonth() !== Number(match[2]) - 1) throw new RangeError(`Not a calendar day: ${day}`);
  return formatDate(date, { timeZone: 'UTC' });
}
