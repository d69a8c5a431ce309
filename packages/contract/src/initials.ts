/**
 * The initials shown in a person's (or organisation's) avatar: the first letters of the first and
 * last words (`Dana Whitfield` → `DW`, `Ana María de la Cruz` → `AC`), the first two letters of a
 * single word (`Mo` → `MO`), `?` when there is no name. One rule for every avatar, so a person
 * looks the same in the header, the members table, comments and cards.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  const first = words[0];
  if (first === undefined) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const letters = last === undefined ? Array.from(first).slice(0, 2) : [Array.from(first)[0], Array.from(last)[0]];
  return letters.join('').toLocaleUpperCase('en');
}
