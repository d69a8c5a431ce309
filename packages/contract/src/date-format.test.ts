import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, formatTime } from './date-format.ts';

// Intl may separate "PM" with a narrow no-break space depending on the ICU version.
const normalise = (text: string): string => text.replace(/\s/g, ' ');

describe('date formatting', () => {
  // 25 November 2026, 14:30 UTC.
  const instant = new Date(Date.UTC(2026, 10, 25, 14, 30));

  it('writes the short date, time and both in the zone asked for', () => {
    expect(formatDate(instant, { timeZone: 'UTC' })).toBe('11/25/26');
    expect(normalise(formatTime(instant, { timeZone: 'UTC' }))).toBe('2:30 PM');
    expect(normalise(formatDateTime(instant, { timeZone: 'UTC' }))).toBe('11/25/26, 2:30 PM');
    expect(normalise(formatDateTime(instant, { timeZone: 'America/New_York' }))).toBe('11/25/26, 9:30 AM');
    // Already the next day in Tokyo.
    expect(normalise(formatDateTime(new Date(Date.UTC(2026, 10, 25, 20, 5)), { timeZone: 'Asia/Tokyo' }))).toBe('11/26/26, 5:05 AM');
  });

  it('writes midnight and noon in the twelve-hour clock', () => {
    expect(normalise(formatTime(new Date(Date.UTC(2026, 0, 1, 0, 5)), { timeZone: 'UTC' }))).toBe('12:05 AM');
    expect(normalise(formatTime(new Date(Date.UTC(2026, 0, 1, 12, 0)), { timeZone: 'UTC' }))).toBe('12:00 PM');
  });

  it('writes a calendar day as that very day in any zone', () => {
    expect(formatCalendarDay('2026-11-28')).toBe('11/28/26');
    expect(formatCalendarDay('2030-03-01')).toBe('3/1/30');
    expect(formatCalendarDay('2024-02-29')).toBe('2/29/24');
  });

  it.each(['2026-11-28T10:00', '11/28/26', '2026-02-30', '2026-13-01', ''])('refuses %j as a calendar day', (day) => {
    expect(() => formatCalendarDay(day)).toThrow(RangeError);
  });
});
