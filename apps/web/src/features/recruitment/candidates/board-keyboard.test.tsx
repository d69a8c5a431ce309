// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardCard } from '@hireloop/contract/candidates';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../app/query-client.ts';
import { signInForTest, stubApi } from '../../../app/test-helpers.tsx';
import { TestProviders } from '../../../test/setup-dom.ts';
import { authStore } from '../../session/auth-store.ts';
import { candidateKeys } from './api.ts';
import type { Board } from './board-model.ts';
import { CandidatesBoard } from './components/candidates-board.tsx';

const card = (id: string, name: string): BoardCard => ({
  id,
  candidate_id: `c-${id}`,
  name,
  rating: null,
  tags: [],
  source: 'sourced',
  stage_entered_at: '2026-01-01T00:00:00Z',
  version: 3,
});
const status = (id: string, name: string) => ({ id, name, colour: '#228be6', category: 'in_progress' as const });
const board: Board = {
  columns: [
    { status: status('s1', 'Applied'), cards: [card('a', 'Ann Lee'), card('b', 'Bo Chen'), card('c', 'Cleo Park')] },
    { status: status('s2', 'Screening'), cards: [card('d', 'Dee Moss')] },
    { status: status('s3', 'Interview'), cards: [] },
  ],
};

beforeEach(() => {
  // jsdom lays nothing out: give each column's scroll area a real height, as a browser would.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'board-column-scroll' ? 720 : 0;
  });
});
afterEach(() => {
  authStore.reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Harness() {
  const queryClient = useQueryClient();
  const key = candidateKeys.board('o1', 'r1');
  // A refetch after the move answers with the board as the cache has it (the server agrees).
  const { data } = useQuery({ queryKey: key, queryFn: () => queryClient.getQueryData<Board>(key) ?? board, staleTime: Infinity });
  if (!data) return null;
  return <CandidatesBoard recruitmentId="r1" board={data} canManage linkOf={(id) => `/a/${id}`} onOpen={() => {}} onConflict={() => {}} />;
}

function renderBoard() {
  signInForTest();
  const calls = stubApi(({ method }) => (method === 'POST' ? { status: 200, body: { application: {}, conflict: false } } : undefined));
  const queryClient = createQueryClient();
  queryClient.setQueryData(candidateKeys.board('o1', 'r1'), board);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <TestProviders>
        <MemoryRouter>{children}</MemoryRouter>
      </TestProviders>
    </QueryClientProvider>
  );
  render(<Harness />, { wrapper });
  return calls;
}

const column = (name: string) => {
  const found = screen.getAllByTestId('board-column').find((c) => within(c).queryByRole('heading', { name }));
  if (!found) throw new Error(`No column ${name}`);
  return found;
};
function press(name: string, ...keys: string[]) {
  const handle = screen.getByRole('button', { name: `Move ${name}` });
  handle.focus();
  for (const key of keys) {
    fireEvent.keyDown(handle, { key });
    fireEvent.keyUp(handle, { key });
  }
}

describe('moving a candidate on the board with the keyboard', () => {
  it('space, right arrow, space: lands at the end of the next column and calls the move API with that stage', async () => {
    const calls = renderBoard();
    press('Cleo Park', ' ', 'ArrowRight', ' ');
    await waitFor(() => expect(within(column('Screening')).getByText('Cleo Park')).toBeTruthy());
    expect(within(column('Applied')).getAllByTestId('board-card')).toHaveLength(2);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const move = calls.find((c) => c.method === 'POST');
    expect(move?.path).toBe('organisation/o1/applications/c/move');
    expect(move?.body).toEqual({ status_id: 's2', before_id: null, version: 3 });
    // The moved card's handle keeps the focus, in its new column.
    await waitFor(() => expect(document.activeElement).toBe(within(column('Screening')).getByRole('button', { name: 'Move Cleo Park' })));
  });

  it('up in the next column puts it before its neighbour there', async () => {
    const calls = renderBoard();
    press('Ann Lee', 'Enter', 'ArrowRight', 'ArrowUp', 'Enter');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status_id: 's2', before_id: 'd', version: 3 });
  });

  it('down within its column moves it below its neighbour', async () => {
    const calls = renderBoard();
    press('Ann Lee', ' ', 'ArrowDown', ' ');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ status_id: 's1', before_id: 'c', version: 3 });
  });

  it('escape puts it back without a call', () => {
    const calls = renderBoard();
    press('Ann Lee', ' ', 'ArrowRight', 'ArrowRight', 'Escape');
    expect(within(column('Applied')).getAllByTestId('board-card')).toHaveLength(3);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
