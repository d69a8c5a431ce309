/**
 * A search box's term as words, for the candidate search (docs/decisions/012-candidate-search.md):
 * groups split on white space, each group's words split on ASCII punctuation (and control characters). "zoe.findme" is one
 * group of two words, which must follow each other (a phrase); "anna gmail" is two groups, which may
 * match anywhere. Letters outside ASCII stay in the word: the database unaccents them.
 */
export function searchWords(term: string): string[][] {
  return term
    .split(/\s+/)
    .map((group) => group.split(/[!-/:-@[-`{-~\p{Cc}]+/u).filter((w) => w.length > 0))
    .filter((group) => group.length > 0);
}

/** Typo matching (trigram similarity) needs this many letters or digits: shorter terms match too much. */
export const TYPO_MIN_CHARACTERS = 4;

/** Whether a term is long enough for typo matching: the letters and digits of its words. */
export function typoEligible(words: string[][]): boolean {
  return words.flat().join('').length >= TYPO_MIN_CHARACTERS;
}
