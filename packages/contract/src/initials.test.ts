import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it.each([
    ['Dana Whitfield', 'DW'],
    ['Ivo Martens Nagel', 'IN'],
    ['  ivo   nagel  ', 'IN'],
    ['Mo', 'MO'],
    ['x', 'X'],
    ['Ana María de la Cruz', 'AC'],
    ['Élodie Ørsted', 'ÉØ'],
    ['"Dana" (Whitfield)', 'DW'],
    ['Acme Inc.', 'AI'],
    ['', '?'],
    ['   ', '?'],
    [null, '?'],
    [undefined, '?'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝒜da 𝒲hit')).toBe('𝒜𝒲');
  });
});
