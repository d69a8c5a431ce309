import { z } from 'zod';

/**
 * The IANA timezone `value` names, in its canonical spelling (`europe/london` → `Europe/London`,
 * `US/Eastern` → `America/New_York`), or null when the runtime does not know it.
 */
export function canonicalTimeZone(value: string): string | null {
  if (value.trim() === '' || value.length > 64) return null;
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
