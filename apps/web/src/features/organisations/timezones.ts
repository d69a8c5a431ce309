const FALLBACK_TIMEZONE = 'UTC';

/** The browser's IANA timezone, e.g. "Europe/London". */
export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIMEZONE;
  } catch {
    return FALLBACK_TIMEZONE;
  }
}

/** Every IANA timezone the browser knows, with UTC and the browser's own always present. */
export function timezoneOptions(): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([FALLBACK_TIMEZONE, browserTimezone(), ...zones]);
  return [...all].sort((a, b) => (a === FALLBACK_TIMEZONE ? -1 : b === FALLBACK_TIMEZONE ? 1 : a.localeCompare(b)));
}
