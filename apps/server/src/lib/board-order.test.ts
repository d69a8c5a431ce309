import { describe, expect, it } from 'vitest';
import { MIN_GAP, positionAtEnd, positionBetween, positionsAtEnd, renumbered } from './board-order.ts';

describe('board order', () => {
  it('places a card after the last one, or first in an empty column', () => {
    expect(positionAtEnd(null)).toBe(1);
    expect(positionAtEnd(undefined)).toBe(1);
    expect(positionAtEnd(7.5)).toBe(8.5);
    expect(positionAtEnd(Number.MAX_VALUE * 2)).toBe(1);
  });

  it('places a batch of cards after the last one, in the order given', () => {
    expect(positionsAtEnd(null, 3)).toEqual([1, 2, 3]);
    expect(positionsAtEnd(7.5, 2)).toEqual([8.5, 9.5]);
    expect(positionsAtEnd(4, 0)).toEqual([]);
  });

  it('takes the middle of two neighbours, one before the first, and the end after the last', () => {
    expect(positionBetween(1, 2)).toBe(1.5);
    expect(positionBetween(null, 3)).toBe(2);
    expect(positionBetween(4, null)).toBe(5);
    expect(positionBetween(null, null)).toBe(1);
  });

  it('asks for renumbering when the neighbours are too close, tied, or another card shares the place', () => {
    expect(positionBetween(1, 1 + MIN_GAP / 2)).toBe('renumber');
    expect(positionBetween(2, 2)).toBe('renumber');
    expect(positionBetween(1, 2, true)).toBe('renumber');
    expect(positionBetween(1, 1 + 2 * MIN_GAP)).toBeCloseTo(1 + MIN_GAP, 12);
  });

  it('keeps order through many halvings, then renumbers 1…n in board order', () => {
    let lower = 1;
    const upper = 2;
    let halvings = 0;
    for (;;) {
      const next = positionBetween(lower, upper);
      if (next === 'renumber') break;
      expect(next).toBeGreaterThan(lower);
      expect(next).toBeLessThan(upper);
      lower = next;
      halvings++;
    }
    expect(halvings).toBeGreaterThan(15);
    expect(renumbered([{ id: 'a' }, { id: 'b' }, { id: 'c' }])).toEqual([
      { id: 'a', position: 1 },
      { id: 'b', position: 2 },
      { id: 'c', position: 3 },
    ]);
  });
});
