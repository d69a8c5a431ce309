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
 * `entered` updates a card that changes column (e.g. the time it entered its stage); the card's
 * `version` goes up by one, as the server's does.
 */
export function moveBoardCard<C extends { id: string; version: number }, S extends StageBoardStatus, B extends StageBoardData<C, S>>(
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
  // The server gives a moved card its next version. Counting it now, a second drop of the same card
  // before the first is answered sends the version the server will by then have, and is not taken
  // for someone else's move (the board is refetched once the moves settle either way).
  const next: C = { ...moving, version: moving.version + 1 };
  const card: C = fromStatus === statusId ? next : entered(next);
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

/**
 * Where a card dropped with the pointer lands: in the column under the pointer, before the first
 * card of it whose middle is below the pointer (`cardMiddles`: the cards of that column laid out
 * on screen, top to bottom, with the y of their middle; a virtualised column lays out only some),
 * else after the last one laid out. Null when that is where the card already is.
 */
export function pointerDropPlacement<C extends { id: string }>(
  board: StageBoardData<C>,
  cardId: string,
  statusId: string,
  pointerY: number,
  cardMiddles: ReadonlyArray<{ id: string; middle: number }>,
): { statusId: string; beforeId: string | null } | null {
  const column = board.columns.find((c) => c.status.id === statusId);
  if (!column) return null;
  const others = column.cards.filter((card) => card.id !== cardId);
  const shown = cardMiddles.filter((m) => m.id !== cardId && others.some((card) => card.id === m.id)).sort((a, b) => a.middle - b.middle);
  const below = shown.find((m) => m.middle > pointerY);
  let beforeId: string | null = below?.id ?? null;
  if (!below) {
    // After the last card laid out: before the card that follows it (the column goes on out of view), else at the end.
    const last = shown[shown.length - 1];
    if (last) beforeId = others[others.findIndex((card) => card.id === last.id) + 1]?.id ?? null;
  }
  const fromIndex = column.cards.findIndex((card) => card.id === cardId);
  if (fromIndex !== -1 && (column.cards[fromIndex + 1]?.id ?? null) === beforeId) return null;
  return { statusId, beforeId };
}

/**
 * Where a card lifted with the keyboard would go: a column and a position in it, counted among
 * that column's cards without the lifted one (0 = top, the count = the end).
 */
export type BoardKeyboardTarget = { statusId: string; index: number };

/** The place a lifted card starts from: where it is. Null when the card is not on the board. */
export function keyboardStart<C extends { id: string }>(board: StageBoardData<C>, cardId: string): BoardKeyboardTarget | null {
  for (const column of board.columns) {
    const index = column.cards.findIndex((card) => card.id === cardId);
    if (index !== -1) return { statusId: column.status.id, index };
  }
  return null;
}

/**
 * The next place of a lifted card for an arrow key, from the column order alone (no geometry):
 * right/left go to the end of the next/previous column, up/down one place within the column.
 * At an edge it stays where it is.
 */
export function keyboardStep<C extends { id: string }>(
  board: StageBoardData<C>,
  cardId: string,
  target: BoardKeyboardTarget,
  key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown',
): BoardKeyboardTarget {
  const columnIndex = board.columns.findIndex((column) => column.status.id === target.statusId);
  const current = board.columns[columnIndex];
  if (!current) return target;
  const sizeOf = (column: StageBoardColumn<C>) => column.cards.filter((card) => card.id !== cardId).length;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const next = board.columns[columnIndex + (key === 'ArrowRight' ? 1 : -1)];
    return next ? { statusId: next.status.id, index: sizeOf(next) } : target;
  }
  const size = sizeOf(current);
  const index = Math.min(size, Math.max(0, target.index + (key === 'ArrowDown' ? 1 : -1)));
  return { ...target, index };
}

/**
 * What a keyboard place means as a drop, in the terms of `boardDropPlacement`: the end of a
 * column, or the card it would take the place of. Null when it is where it started.
 */
export function keyboardOver<C extends { id: string }>(
  board: StageBoardData<C>,
  cardId: string,
  target: BoardKeyboardTarget,
): { type: 'column'; statusId: string } | { type: 'card'; cardId: string } | null {
  const column = board.columns.find((c) => c.status.id === target.statusId);
  if (!column) return null;
  const fromIndex = column.cards.findIndex((card) => card.id === cardId);
  const others = column.cards.filter((card) => card.id !== cardId);
  if (fromIndex === -1) {
    const before = others[target.index];
    return before ? { type: 'card', cardId: before.id } : { type: 'column', statusId: column.status.id };
  }
  if (target.index === fromIndex) return null;
  // In its own column it takes the place of a card: the one above when going up, below when going down.
  const over = target.index < fromIndex ? others[target.index] : others[target.index - 1];
  return over ? { type: 'card', cardId: over.id } : null;
}
