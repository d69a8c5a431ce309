import type { BoardCard, BoardResponse } from '@hireloop/contract/candidates';
import { boardDropPlacement, moveBoardCard } from '../../../lib/stage-board-model.ts';

export type Board = BoardResponse['board'];
export type BoardColumn = Board['columns'][number];

/**
 * The board after `cardId` moved to the column of `statusId`, placed before `beforeId` (a card
 * of that column) or at its end — what the server does, applied at once for an optimistic move.
 */
export function moveCard(board: Board, cardId: string, statusId: string, beforeId: string | null): Board {
  return moveBoardCard<BoardCard, BoardColumn['status'], Board>(board, cardId, statusId, beforeId, (card) => ({
    ...card,
    stage_entered_at: new Date().toISOString(),
  }));
}

/** Where a dragged card lands (see boardDropPlacement). Null when nothing changes. */
export const dropPlacement: (
  board: Board,
  cardId: string,
  over: { type: 'column'; statusId: string } | { type: 'card'; cardId: string },
) => { statusId: string; beforeId: string | null } | null = boardDropPlacement;

/** Whole days since the card entered its stage. */
export function daysInStage(stageEnteredAt: string, now: Date = new Date()): number {
  const entered = new Date(stageEnteredAt).getTime();
  if (Number.isNaN(entered)) return 0;
  return Math.max(0, Math.floor((now.getTime() - entered) / 86_400_000));
}
