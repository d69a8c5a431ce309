import { describe, expect, it } from 'vitest';
import { pointerDropPlacement, type StageBoardData } from './stage-board-model.ts';

const status = (id: string) => ({ id, name: id, colour: '#000' });
const board: StageBoardData<{ id: string }> = {
  columns: [
    { status: status('applied'), cards: [{ id: 'a' }, { id: 'b' }] },
    { status: status('screening'), cards: [{ id: 'x' }, { id: 'y' }, { id: 'z' }] },
  ],
};
/** Cards 100 px tall from y = 0: middles at 50, 150, 250. */
const laidOut = (ids: string[], first = 0) => ids.map((id, i) => ({ id, middle: (first + i) * 100 + 50 }));

describe('pointerDropPlacement', () => {
  it('goes before the first card whose middle is below the pointer', () => {
    expect(pointerDropPlacement(board, 'a', 'screening', 10, laidOut(['x', 'y', 'z']))).toEqual({ statusId: 'screening', beforeId: 'x' });
    expect(pointerDropPlacement(board, 'a', 'screening', 120, laidOut(['x', 'y', 'z']))).toEqual({ statusId: 'screening', beforeId: 'y' });
    expect(pointerDropPlacement(board, 'a', 'screening', 260, laidOut(['x', 'y', 'z']))).toEqual({ statusId: 'screening', beforeId: null });
  });

  it('goes to an empty column', () => {
    const empty = { columns: [...board.columns, { status: status('offer'), cards: [] }] };
    expect(pointerDropPlacement(empty, 'a', 'offer', 500, [])).toEqual({ statusId: 'offer', beforeId: null });
  });

  it('after the last card laid out of a virtualised column, goes before the next one out of view', () => {
    expect(pointerDropPlacement(board, 'a', 'screening', 400, laidOut(['x', 'y']))).toEqual({ statusId: 'screening', beforeId: 'z' });
  });

  it('reorders within its own column, ignoring itself, and is null where it already is', () => {
    // x moved below y: before z.
    expect(pointerDropPlacement(board, 'x', 'screening', 200, laidOut(['x', 'y', 'z']))).toEqual({ statusId: 'screening', beforeId: 'z' });
    // y dropped on its own place (between x's and z's middles).
    expect(pointerDropPlacement(board, 'y', 'screening', 160, laidOut(['x', 'y', 'z']))).toBeNull();
    // z dropped below everything: it is already last.
    expect(pointerDropPlacement(board, 'z', 'screening', 900, laidOut(['x', 'y', 'z']))).toBeNull();
  });
});
