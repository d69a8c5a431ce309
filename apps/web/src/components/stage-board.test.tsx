// @vitest-environment jsdom
import '../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test/setup-dom.ts';
import type { StageBoardData } from '../lib/stage-board-model.ts';
import { StageBoard, type StageBoardMove } from './stage-board.tsx';

type Card = { id: string; name: string };
const status = (id: string) => ({ id, name: `Stage ${id}`, colour: '#228be6' });
const board: StageBoardData<Card> = {
  columns: [
    {
      status: status('s1'),
      cards: [
        { id: 'a', name: 'Ann' },
        { id: 'b', name: 'Bo' },
        { id: 'c', name: 'Cleo' },
      ],
    },
    { status: status('s2'), cards: [{ id: 'd', name: 'Dee' }] },
    { status: status('s3'), cards: [] },
  ],
};

// jsdom lays nothing out: give each column's scroll area a real height, as a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'board-column-scroll' ? 720 : 0;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderBoard() {
  const onMove = vi.fn<(move: StageBoardMove<Card>) => void>();
  const onOpen = vi.fn();
  renderWithProviders(
    <StageBoard<Card>
      board={board}
      canManage
      label="Test board"
      noun={{ one: 'card', many: 'cards' }}
      renderCard={(card, handle) => (
        <div>
          {card.name}
          {handle}
        </div>
      )}
      onOpen={onOpen}
      onMove={onMove}
    />,
  );
  return { onMove, onOpen };
}

/** Presses keys on a card's move handle, the way the keyboard does. */
function press(name: string, ...keys: string[]) {
  const handle = screen.getByRole('button', { name: `Move ${name}` });
  handle.focus();
  for (const key of keys) {
    fireEvent.keyDown(handle, { key });
    fireEvent.keyUp(handle, { key });
  }
}
const announced = () => screen.getByTestId('board-announcement').textContent;

describe('moving a card with the keyboard', () => {
  it('goes to the end of the next column with the right arrow, whatever is on screen', () => {
    const { onMove, onOpen } = renderBoard();
    press('Ann', ' ');
    expect(announced()).toBe('Picked up Ann.');
    expect(screen.getByRole('button', { name: 'Move Ann' }).getAttribute('aria-pressed')).toBe('true');
    press('Ann', 'ArrowRight');
    expect(announced()).toBe('Ann is over the end of Stage s2.');
    press('Ann', ' ');
    expect(announced()).toBe('Ann was dropped on the end of Stage s2.');
    expect(onMove).toHaveBeenCalledTimes(1);
    const move = onMove.mock.calls[0]![0];
    expect(move.card.id).toBe('a');
    expect(move.from.status.id).toBe('s1');
    expect(move.to.status.id).toBe('s2');
    expect({ statusId: move.statusId, beforeId: move.beforeId }).toEqual({ statusId: 's2', beforeId: null });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('walks the columns in order and stays at the last one', () => {
    const { onMove } = renderBoard();
    press('Bo', 'Enter', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    expect(announced()).toBe('Bo is over the end of Stage s3.');
    press('Bo', 'ArrowLeft');
    expect(announced()).toBe('Bo is over the end of Stage s2.');
    press('Bo', 'ArrowUp');
    expect(announced()).toBe('Bo is over Dee in Stage s2.');
    press('Bo', 'Enter');
    expect(onMove.mock.calls[0]![0]).toMatchObject({ statusId: 's2', beforeId: 'd' });
  });

  it('moves within the column with the up and down arrows', () => {
    const { onMove } = renderBoard();
    press('Ann', ' ', 'ArrowDown');
    expect(announced()).toBe('Ann is over Bo in Stage s1.');
    press('Ann', 'ArrowDown', 'ArrowDown');
    expect(announced()).toBe('Ann is over Cleo in Stage s1.');
    press('Ann', ' ');
    expect(onMove.mock.calls[0]![0]).toMatchObject({ statusId: 's1', beforeId: null });
  });

  it('puts a card that goes up before the card above it', () => {
    const { onMove } = renderBoard();
    press('Cleo', ' ', 'ArrowUp');
    expect(announced()).toBe('Cleo is over Bo in Stage s1.');
    press('Cleo', ' ');
    expect(onMove.mock.calls[0]![0]).toMatchObject({ statusId: 's1', beforeId: 'b' });
  });

  it('changes nothing when dropped where it was, or when cancelled with escape', () => {
    const { onMove } = renderBoard();
    press('Ann', ' ', 'ArrowDown', 'ArrowUp');
    expect(announced()).toBe('Ann is back in its place.');
    press('Ann', ' ');
    expect(announced()).toBe('Ann was dropped.');
    press('Bo', ' ', 'ArrowRight', 'Escape');
    expect(announced()).toBe('Moving Bo was cancelled.');
    expect(screen.getByRole('button', { name: 'Move Bo' }).getAttribute('aria-pressed')).toBe('false');
    press('Bo', 'ArrowRight');
    expect(onMove).not.toHaveBeenCalled();
  });

  it('cancels when the focus leaves the handle', () => {
    const { onMove } = renderBoard();
    press('Ann', ' ', 'ArrowRight');
    fireEvent.blur(screen.getByRole('button', { name: 'Move Ann' }));
    expect(announced()).toBe('Moving Ann was cancelled.');
    expect(onMove).not.toHaveBeenCalled();
  });

  it('tells how the keyboard moves cards', () => {
    renderBoard();
    const list = screen.getByRole('list', { name: 'Test board' });
    expect(within(list).getAllByTestId('board-column')).toHaveLength(3);
    expect(
      screen.getByText(
        'To move a card, press space or enter on its move handle, use the left and right arrow keys to choose another column (its end) and the up and down arrow keys to choose a place in the column, then press space or enter to drop it, or escape to cancel.',
      ),
    ).toBeTruthy();
  });
});
