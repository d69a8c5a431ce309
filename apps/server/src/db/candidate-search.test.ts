import { describe, expect, it } from 'vitest';
import { candidateSearch, hasCommonWord } from './candidate-search.ts';

describe('hasCommonWord', () => {
  const common = ['gmail', 'com', 'anna'];

  it('finds a word that is a common lexeme, or from three letters begins one', () => {
    expect(hasCommonWord(['gmail'], common)).toBe(true);
    expect(hasCommonWord(['gma'], common)).toBe(true);
    expect(hasCommonWord(['zoe', 'ann'], common)).toBe(true);
  });

  it('matches a word under three letters only whole, as the word query does', () => {
    expect(hasCommonWord(['an'], common)).toBe(false);
    expect(hasCommonWord(['co'], common)).toBe(false);
    expect(hasCommonWord(['com'], common)).toBe(true);
  });

  it('finds none for rare words, and none when there are no statistics', () => {
    expect(hasCommonWord(['candidate4242', 'zoe'], common)).toBe(false);
    expect(hasCommonWord(['gmail'], [])).toBe(false);
  });
});

describe('candidateSearch words', () => {
  it('gives the term’s words lower-cased without accents, as the index holds them', () => {
    expect(candidateSearch('José ÁLVAREZ jose.a@Mail.com')?.words).toEqual(['jose', 'alvarez', 'jose', 'a', 'mail', 'com']);
  });
});
