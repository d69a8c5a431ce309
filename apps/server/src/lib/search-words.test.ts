import { describe, expect, it } from 'vitest';
import { searchWords, typoEligible } from './search-words.ts';

describe('searchWords', () => {
  it('splits groups on white space and words on ASCII punctuation, keeping other letters', () => {
    expect(searchWords('  Zoë.Findme@example.test ')).toEqual([['Zoë', 'Findme', 'example', 'test']]);
    expect(searchWords("jean-luc  o'brien")).toEqual([
      ['jean', 'luc'],
      ['o', 'brien'],
    ]);
    expect(searchWords('100%')).toEqual([['100']]);
  });

  it('finds no word in punctuation alone', () => {
    expect(searchWords('% _ .. @')).toEqual([]);
  });

  it('allows typo matching from four letters or digits', () => {
    expect(typoEligible(searchWords('jon'))).toBe(false);
    expect(typoEligible(searchWords('j.o n'))).toBe(false);
    expect(typoEligible(searchWords('jonh'))).toBe(true);
  });
});
