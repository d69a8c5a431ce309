import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timezoneField } from './timezones.ts';

describe('timezones', () => {
  it('accepts IANA names in their canonical spelling, including UTC and old aliases', () => {
    expect(canonicalTimeZone('Europe/London')).toBe('Europe/London');
    expect(canonicalTimeZone('europe/london')).toBe('Europe/London');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(timezoneField.parse(' america/new_york ')).toBe('America/New_York');
  });

  it('refuses what is not a zone', () => {
    for (const bad of ['', 'Mars/Olympus_Mons', '+01:00', 'x'.repeat(80), 'Europe/../London']) {
      expect(canonicalTimeZone(bad)).toBeNull();
    }
    expect(timezoneField.safeParse('Nowhere/Land').error?.issues[0]?.message).toBe('Choose a valid timezone, e.g. Europe/London.');
    expect(timezoneField.safeParse(42).success).toBe(false);
  });
});
