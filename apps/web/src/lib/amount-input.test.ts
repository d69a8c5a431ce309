import { describe, expect, it } from 'vitest';
import { amountSeparators } from './amount-input';

describe('amountSeparators', () => {
  it.each([
    ['en-GB', '.', ','],
    ['en-US', '.', ','],
    ['de-DE', ',', '.'],
    ['fr-FR', ',', '\u202f'],
  ])('writes amounts as %s does, reading a typed point or comma as the decimal separator', (locale, decimal, group) => {
    expect(amountSeparators(locale)).toEqual({ decimalSeparator: decimal, thousandSeparator: group, allowedDecimalSeparators: ['.', ','] });
  });
});
