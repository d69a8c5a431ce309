import { describe, expect, it } from 'vitest';
import type { BoardCard } from '@hireloop/contract/candidates';
import { daysInStage, dropPlacement, moveCard, type Board } from './board-model.ts';

const card = (id: string): BoardCard => ({
  id,
  candidate_id: `c-${id}`,
  name: id.toUpperCase(),
  rating: null,
  tags: [],
  source: 'sourced',
  stage_entered_at: '2026-01-01T00:00:00Z',
  version: 1,
});
const status = (id: string) => ({ id, name: id, colour: '#228be6', category: 'in_progress' as const });
const board: Board = {
  columns: [
    { status: status('s1'), cards: [card('a'), card('b'), card('c')] },
    { status: status('s2'), cards: [card('d')] },
    { status: status('s3'), cards: [] },
  ],
};
const ids = (b: Board) => b.columns.map((c) => c.cards.map((x) => x.id).join(''));

describe('board model', () => {
  it('moves a card before another, to the end of a column, or within its own column', () => {
    expect(ids(moveCard(board, 'b', 's2', 'd'))).toEqual(['ac', 'bd', '']);
    expect(ids(moveCard(board, 'a', 's3', null))).toEqual(['bc', 'd', 'a']);
    expect(ids(moveCard(board, 'c', 's1', 'a'))).toEqual(['cab', 'd', '']);
    expect(ids(moveCard(board, 'zz', 's1', null))).toEqual(['abc', 'd', '']);
  });

  it('counts the move in the card’s version, so a second quick drop is not taken for someone else’s', () => {
    const once = moveCard(board, 'a', 's2', null);
    expect(once.columns[1]?.cards.find((c) => c.id === 'a')?.version).toBe(2);
    expect(moveCard(once, 'a', 's3', null).columns[2]?.cards.find((c) => c.id === 'a')?.version).toBe(3);
    expect(moveCard(board, 'a', 's1', 'c').columns[0]?.cards.find((c) => c.id === 'a')?.version).toBe(2);
  });

  it('restarts the days in stage only when the column changes', () => {
    const moved = moveCard(board, 'a', 's2', null);
    expect(moved.columns[1]?.cards[1]?.stage_entered_at).not.toBe('2026-01-01T00:00:00Z');
    expect(moveCard(board, 'a', 's1', null).columns[0]?.cards[2]?.stage_entered_at).toBe('2026-01-01T00:00:00Z');
  });

  it('works out before_id from what the card was dropped on', () => {
    expect(dropPlacement(board, 'a', { type: 'column', statusId: 's3' })).toEqual({ statusId: 's3', beforeId: null });
    expect(dropPlacement(board, 'a', { type: 'column', statusId: 's1' })).toBeNull();
    expect(dropPlacement(board, 'a', { type: 'card', cardId: 'd' })).toEqual({ statusId: 's2', beforeId: 'd' });
    // Down its own column: it takes the place of the card it is over (before the one after it).
    expect(dropPlacement(board, 'a', { type: 'card', cardId: 'b' })).toEqual({ statusId: 's1', beforeId: 'c' });
    expect(dropPlacement(board, 'a', { type: 'card', cardId: 'c' })).toEqual({ statusId: 's1', beforeId: null });
    // Up its own column: before the card it is over.
    expect(dropPlacement(board, 'c', { type: 'card', cardId: 'a' })).toEqual({ statusId: 's1', beforeId: 'a' });
    expect(dropPlacement(board, 'a', { type: 'card', cardId: 'a' })).toBeNull();
  });

  it('counts whole days in stage', () => {
    expect(daysInStage('2026-01-01T00:00:00Z', new Date('2026-01-03T12:00:00Z'))).toBe(2);
    expect(daysInStage('2026-01-05T00:00:00Z', new Date('2026-01-03T12:00:00Z'))).toBe(0);
  });
});
