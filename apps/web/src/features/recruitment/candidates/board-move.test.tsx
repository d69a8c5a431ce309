// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { BoardCard } from '@hireloop/contract/candidates';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../app/query-client.ts';
import { signInForTest, stubApi } from '../../../app/test-helpers.tsx';
import { authStore } from '../../session/auth-store.ts';
import { candidateKeys, useMoveApplication } from './api.ts';
import type { Board } from './board-model.ts';

const card = (id: string): BoardCard => ({
  id,
  candidate_id: `c-${id}`,
  name: id,
  rating: null,
  tags: [],
  source: 'sourced',
  stage_entered_at: '2026-01-01T00:00:00Z',
  version: 3,
});
const status = (id: string) => ({ id, name: id, colour: '#228be6', category: 'in_progress' as const });
const board: Board = {
  columns: [
    { status: status('s1'), cards: [card('a'), card('b')] },
    { status: status('s2'), cards: [card('c')] },
  ],
};
const ids = (b: Board | undefined) => b?.columns.map((c) => c.cards.map((x) => x.id).join(''));

afterEach(() => {
  authStore.reset();
  vi.unstubAllGlobals();
});

function setUp(answer: { status: number; body?: unknown }) {
  signInForTest();
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const calls = stubApi(() => answer);
  // Hold the answer until the test has seen the optimistic board.
  const fetchStub = globalThis.fetch;
  vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
    await gate;
    return fetchStub(...args);
  });
  const queryClient = createQueryClient();
  const key = candidateKeys.board('o1', 'r1');
  queryClient.setQueryData(key, board);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useMoveApplication('r1'), { wrapper });
  return { result, calls, release, board: () => queryClient.getQueryData<Board>(key) };
}

describe('moving a card', () => {
  it('moves it at once and sends status, before_id and the version seen', async () => {
    const t = setUp({ status: 200, body: { application: {}, conflict: false } });
    act(() => t.result.current.mutate({ applicationId: 'b', statusId: 's2', beforeId: 'c', version: 3 }));
    await waitFor(() => expect(ids(t.board())).toEqual(['a', 'bc']));
    t.release();
    await waitFor(() => expect(t.result.current.isSuccess).toBe(true));
    const move = t.calls.find((c) => c.method === 'POST');
    expect(move?.path).toBe('organisation/o1/applications/b/move');
    expect(move?.body).toEqual({ status_id: 's2', before_id: 'c', version: 3 });
  });

  it('puts the board back as it was when the move fails', async () => {
    const t = setUp({ status: 422, body: { message: 'Choose a status of this organisation.', code: 'validation_failed' } });
    act(() => t.result.current.mutate({ applicationId: 'a', statusId: 's2', beforeId: null, version: 3 }));
    await waitFor(() => expect(ids(t.board())).toEqual(['b', 'ca']));
    t.release();
    await waitFor(() => expect(t.result.current.isError).toBe(true));
    expect(t.result.current.error?.message).toBe('Choose a status of this organisation.');
    expect(ids(t.board())).toEqual(['ab', 'c']);
  });
});
