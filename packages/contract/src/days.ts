/** A day written `YYYY-MM-DD`, the one shape dates take in paths, queries and bodies without a time. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether `value` is a real day written `YYYY-MM-DD`: not `2026-02-30` (which `Date` moves to March)
 * and not `2026-13-45` (which `Date` cannot read at all; asking such a date for its ISO form throws).
 */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
