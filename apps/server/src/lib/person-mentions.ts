/*
 * How erasure finds a person in what others wrote about them (scorecards, offer comments, timeline
 * data): each word of their name as a whole word ("Ms Quistmarrow", "ZELDA"), their e-mail address,
 * and their phone number by its digits whatever the separators ("+44 20 7946 0101",
 * "+442079460101"); all in any case. One rule, written once for JavaScript and once for
 * PostgreSQL (db/sql.ts `withoutPerson`), so both scrub the same mentions.
 */

export type MentionedPerson = { name: string; email: string | null; phone?: string | null };

/** Shorter name words ("J") are initials, too common to be told from other text. */
const MIN_WORD = 2;
/** Fewer digits are not a phone number (a year, a salary). */
const MIN_PHONE_DIGITS = 6;

/** Characters that mean something in a regular expression, in both dialects. */
const escape = (s: string) => s.replace(/[\^$\\.*+?()[\]{}|/]/g, '\\$&');

type Dialect = { wordChar: string; space: string; separator: string };
const JS: Dialect = { wordChar: '[\\p{L}\\p{N}_]', space: '\\s+', separator: '[\\s.()/-]*' };
const PG: Dialect = { wordChar: '[[:alnum:]_]', space: '[[:space:]]+', separator: '[[:space:].()/-]*' };

function source(person: MentionedPerson, d: Dialect): string | null {
  const all = person.name.split(/\s+/).filter((w) => w.length > 0);
  const words = [...new Set(all.filter((w) => w.length >= MIN_WORD))].sort((a, b) => b.length - a.length);
  const whole = (text: string) => `(?<!${d.wordChar})${text}(?!${d.wordChar})`;
  const email = person.email?.trim() ?? '';
  const digits = (person.phone ?? '').replace(/\D/g, '');
  // The longer ones first: the whole name is one "[erased]", not one per word.
  const alternatives = [
    ...(email.length > 0 ? [escape(email)] : []),
    ...(digits.length >= MIN_PHONE_DIGITS ? [`\\+?${[...digits].join(d.separator)}`] : []),
    ...(all.length > 1 && words.length > 0 ? [whole(all.map(escape).join(d.space))] : []),
    ...words.map((w) => whole(escape(w))),
  ];
  return alternatives.length > 0 ? alternatives.join('|') : null;
}

/** Every mention of the person, for `String.replace` (global, any case); null when there is nothing to look for. */
export function personMentions(person: MentionedPerson): RegExp | null {
  const s = source(person, JS);
  return s ? new RegExp(s, 'giu') : null;
}

/** The same as a PostgreSQL regular expression, for `regexp_replace(…, pattern, …, 'gi')`; null when there is nothing to look for. */
export function personMentionsPattern(person: MentionedPerson): string | null {
  return source(person, PG);
}

/** The text with every mention of the person replaced by "[erased]". */
export function withoutMentions(text: string, person: MentionedPerson): string {
  const re = personMentions(person);
  return re ? text.replace(re, '[erased]') : text;
}
