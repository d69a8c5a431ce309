import { describe, expect, it } from 'vitest';
import { isDay } from './days.ts';

describe('isDay', () => {
  it('takes real days only, and never throws', () => {
    expect(['2026-01-31', '2024-02-29', '0001-01-01', '9999-12-31'].every(isDay)).toBe(true);
    for (const wrong of [
      '2026-13-45',
      '2026-02-30',
      '2025-02-29',
      '2026-00-10',
      '2026-01-00',
      '2026-1-1',
      '26-01-01',
      'abc',
      '',
      ' 2026-01-01',
      '2026-01-01T00:00:00Z',
    ])
      expect(isDay(wrong), wrong).toBe(false);
  });

  it('answers every string of the shape without throwing (each month and day number, 00 to 99)', () => {
    for (let month = 0; month < 100; month++)
      for (let day = 0; day < 100; day++) {
        const value = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        const expected = month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2026, month, 0)).getUTCDate();
        expect(isDay(value), value).toBe(expected);
      }
  });
});
