import { z } from 'zod';

/**
 * The IANA timezone `value` names, in its canonical spelling (`europe/london` → `Europe/London`,
 * `US/Eastern` → `America/New_York`), or null when the runtime does not know it.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.trim() === '' || value.length > 64) return null;
  // Since Node 24, Intl also takes a bare UTC offset ("+01:00") as a time zone; it is not an IANA
  // name, follows no daylight saving, and the calendar and mail code expect names.
  if (/^\s*[+-]/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const TIMEZONE_INVALID = 'Choose a valid timezone, e.g. Europe/London.';

/** An IANA timezone, normalised to its canonical name. */
export const timezoneField = z
  .string(TIMEZONE_INVALID)
  .trim()
  .refine((value) => canonicalTimeZone(value) !== null, TIMEZONE_INVALID)
  .transform((value) => canonicalTimeZone(value) ?? value);
