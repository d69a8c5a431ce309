import { describe, expect, it } from 'vitest';
import { formatPrice, perInterval } from './price.ts';

describe('prices', () => {
  it('formats whole euros without cents, and names the interval', () => {
    expect(formatPrice(9_900, 'eur')).toBe('€99');
    expect(formatPrice(299_000, 'eur')).toBe('€2,990');
    expect(formatPrice(2_950, 'eur')).toBe('€29.50');
    expect(perInterval('monthly')).toBe('month');
    expect(perInterval('yearly')).toBe('year');
  });
});
