/** Wall-clock time in an IANA zone ⇄ an instant, with the browser's Intl data (no extra library). */

function offsetMinutes(instant: number, timeZone: string): number {
  // eslint-disable-next-line no-restricted-syntax -- reads a zone's offset from the parts; nothing is shown
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** `2026-05-04` + `14:30` in `Europe/Paris` → the instant as an ISO string (UTC), or null when malformed. */
export function zonedToIso(day: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const hour = Number(t[1]);
  const minute = Number(t[2]);
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), hour, minute);
  try {
    // Two passes settle the offset across a daylight-saving change.
    let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
    instant = wall - offsetMinutes(instant, timeZone) * 60_000;
    return new Date(instant).toISOString();
  } catch {
    return null;
  }
}

/** An instant as `{ day: 'YYYY-MM-DD', time: 'HH:mm' }` on the wall clock of `timeZone`. */
export function isoToZoned(iso: string, timeZone: string): { day: string; time: string } {
  const instant = new Date(iso).getTime();
  const shifted = new Date(instant + offsetMinutes(instant, timeZone) * 60_000).toISOString();
  return { day: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** Today in `timeZone`, `YYYY-MM-DD`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return isoToZoned(now.toISOString(), timeZone).day;
}

/** The browser's zone, UTC if it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
