/**
 * Where a card sits in a board column, the one rule for every board (a recruitment's pipeline,
 * an onboarding's stages). A column is ordered by a fractional `board_position` (then id): a card
 * dropped between two neighbours takes the middle of their positions, so a move writes one row.
 * When the neighbours are closer than MIN_GAP (halving has run out of room) or tied (concurrent
 * placements), the column is renumbered 1…n first and the middle taken again.
 */

/** Below this gap between two neighbours the column is renumbered before placing a card between them. */
export const MIN_GAP = 1e-6;

/** The position after the column's last card (`null`: an empty column). */
export function positionAtEnd(last: number | null | undefined): number {
  const position = (last ?? 0) + 1;
  return Number.isFinite(position) ? position : 1;
}

/** Positions for `count` cards added after the column's last card, one after another in the order given. */
export function positionsAtEnd(last: number | null | undefined, count: number): number[] {
  const first = positionAtEnd(last);
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * The position between the card before (`lower`, null at the top) and the card after (`upper`,
 * null at the end); `'renumber'` when there is no room between them (or `tied`: another card shares
 * `upper`'s position), so the caller renumbers the column (renumbered) and asks again.
 */
export function positionBetween(lower: number | null, upper: number | null, tied = false): number | 'renumber' {
  if (tied) return 'renumber';
  if (upper === null) return positionAtEnd(lower);
  if (lower === null) return upper - 1;
  if (upper - lower < MIN_GAP) return 'renumber';
  return (lower + upper) / 2;
}

/** The column's cards (in board order) renumbered 1…n. */
export function renumbered<T extends { id: string }>(cards: readonly T[]): Array<{ id: string; position: number }> {
  return cards.map((card, i) => ({ id: card.id, position: i + 1 }));
}
