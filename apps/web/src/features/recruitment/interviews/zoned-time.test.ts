import { describe, expect, it } from 'vitest';
import { isoToZoned, todayIn, zonedToIso } from './zoned-time.ts';

describe('zoned time', () => {
  it('reads a wall-clock time in a zone as an instant', () => {
    expect(zonedToIso('2026-07-01', '14:30', 'Europe/Paris')).toBe('2026-07-01T12:30:00.000Z');
    expect(zonedToIso('2026-01-15', '09:00', 'America/New_York')).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedToIso('2026-01-15', '09:00', 'UTC')).toBe('2026-01-15T09:00:00.000Z');
  });

  it('refuses malformed input', () => {
    expect(zonedToIso('2026-1-15', '09:00', 'UTC')).toBeNull();
    expect(zonedToIso('2026-01-15', '25:00', 'UTC')).toBeNull();
    expect(zonedToIso('2026-01-15', '09:00', 'Not/AZone')).toBeNull();
  });

  it('shows an instant on a zone’s wall clock', () => {
    expect(isoToZoned('2026-07-01T12:30:00.000Z', 'Europe/Paris')).toEqual({ day: '2026-07-01', time: '14:30' });
    expect(todayIn('Pacific/Auckland', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});
