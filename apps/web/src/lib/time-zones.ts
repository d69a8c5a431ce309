/** The zone every list starts with, and the one used when the browser names none. */
export const FALLBACK_TIME_ZONE = 'UTC';

/** The browser's IANA time zone, e.g. "Europe/London". */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * Every IANA time zone the browser knows (the server accepts exactly these), UTC first, plus the
 * given ones (a stored zone, the browser's own) should the browser's list lack them.
 */
export function timeZoneChoices(...include: Array<string | null | undefined>): string[] {
  const all = new Set([FALLBACK_TIME_ZONE, ...supportedTimeZones(), ...include.filter((zone): zone is string => Boolean(zone))]);
  return [...all].sort((a, b) => (a === FALLBACK_TIME_ZONE ? -1 : b === FALLBACK_TIME_ZONE ? 1 : a.localeCompare(b)));
}
