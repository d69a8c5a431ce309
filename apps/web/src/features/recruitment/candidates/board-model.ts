import type { BoardCard, BoardResponse } from '@hireloop/contract/candidates';

export type Board = BoardResponse['board'];
export type BoardColumn = Board['columns'][number];

/**
 * The board after `cardId` moved to the column of `statusId`, placed before `beforeId` (a card
 * of that column) or at its end — what the server does, applied at once for an optimistic move.
 */
export function moveCard(board: Board, cardId: string, statusId: string, beforeId: string | null): Board {
  let moving: BoardCard | undefined;
  const without = board.columns.map((column) => {
    const index = column.cards.findIndex((card) => card.id === cardId);
    if (index === -1) return column;
    moving = column.cards[index];
    return { ...column, cards: column.cards.filter((card) => card.id !== cardId) };
  });
  if (!moving) return board;
  const fromStatus = board.columns.find((column) => column.cards.some((card) => card.id === cardId))?.status.id;
  const card: BoardCard = fromStatus === statusId ? moving : { ...moving, stage_entered_at: new Date().toISOString() };
  return {
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
export function dropPlacement(
  board: Board,
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

/** Whole days since the card entered its stage. */
export function daysInStage(stageEnteredAt: string, now: Date = new Date()): number {
  const entered = new Date(stageEnteredAt).getTime();
  if (Number.isNaN(entered)) return 0;
  return Math.max(0, Math.floor((now.getTime() - entered) / 86_400_000));
}
