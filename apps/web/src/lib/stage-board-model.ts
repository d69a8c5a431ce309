/**
 * The model of a stage board (recruitment pipeline, onboarding stages): columns per stage, each
 * with its cards in order. Pure functions, so optimistic moves and drop targets are testable.
 */
export type StageBoardStatus = { id: string; name: string; colour: string };
export type StageBoardColumn<C extends { id: string }, S extends StageBoardStatus = StageBoardStatus> = { status: S; cards: C[] };
export type StageBoardData<C extends { id: string }, S extends StageBoardStatus = StageBoardStatus> = {
  columns: StageBoardColumn<C, S>[];
};

/**
 * The board after `cardId` moved to the column of `statusId`, placed before `beforeId` (a card
 * of that column) or at its end — what the server does, applied at once for an optimistic move.
 * `entered` updates a card that changes column (e.g. the time it entered its stage).
 */
export function moveBoardCard<C extends { id: string }, S extends StageBoardStatus, B extends StageBoardData<C, S>>(
  board: B,
  cardId: string,
  statusId: string,
  beforeId: string | null,
  entered: (card: C) => C = (card) => card,
): B {
  let moving: C | undefined;
  const without = board.columns.map((column) => {
    const index = column.cards.findIndex((card) => card.id === cardId);
    if (index === -1) return column;
    moving = column.cards[index];
    return { ...column, cards: column.cards.filter((card) => card.id !== cardId) };
  });
  if (!moving) return board;
  const fromStatus = board.columns.find((column) => column.cards.some((card) => card.id === cardId))?.status.id;
  const card: C = fromStatus === statusId ? moving : entered(moving);
  return {
    ...board,
    columns: without.map((column) => {
      if (column.status.id !== statusId) return column;
      const cards = [...column.cards];
      const at = beforeId === null ? -1 : cards.findIndex((c) => c.id === beforeId);
      cards.splice(at === -1 ? cards.length : at, 0, card);
      return { ...column, cards };
    }),
  };
}

/**
 * Where a dragged card lands, from what it was dropped on: a column (its end) or another card
 * (before it when moving up or across, after it when moving down in its own column — the way
 * sortable lists behave). Null when nothing changes.
 */
export function boardDropPlacement<C extends { id: string }>(
  board: StageBoardData<C>,
  cardId: string,
  over: { type: 'column'; statusId: string } | { type: 'card'; cardId: string },
): { statusId: string; beforeId: string | null } | null {
  const from = board.columns.find((column) => column.cards.some((card) => card.id === cardId));
  if (!from) return null;
  const fromIndex = from.cards.findIndex((card) => card.id === cardId);
  if (over.type === 'column') {
    if (over.statusId === from.status.id) return null;
    return { statusId: over.statusId, beforeId: null };
  }
  if (over.cardId === cardId) return null;
  const target = board.columns.find((column) => column.cards.some((card) => card.id === over.cardId));
  if (!target) return null;
  const overIndex = target.cards.findIndex((card) => card.id === over.cardId);
  if (target.status.id === from.status.id && overIndex > fromIndex) {
    // Moving down its own column: it takes the place of the card it is over, i.e. after it.
    const after = target.cards[overIndex + 1];
    return { statusId: target.status.id, beforeId: after ? after.id : null };
  }
  return { statusId: target.status.id, beforeId: over.cardId };
}
