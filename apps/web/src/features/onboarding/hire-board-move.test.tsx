// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { HireCard } from '@hireloop/contract/onboarding';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../app/query-client.ts';
import { signInForTest, stubApi } from '../../app/test-helpers.tsx';
import { authStore } from '../session/auth-store.ts';
import { onboardingKeys, toHireBoard, useMoveHire, type HireBoard } from './api.ts';

const card = (id: string): HireCard => ({
  id,
  candidate_id: `c-${id}`,
  name: id,
  start_date: '2030-03-01',
  manager: null,
  buddy: null,
  tasks_done: 0,
  tasks_total: 3,
  overdue: 0,
  stage_entered_at: '2026-01-01T00:00:00Z',
  version: 2,
});
const stage = (id: string) => ({ id, name: id, colour: '#228be6', category: 'in_progress' as const });
const board: HireBoard = toHireBoard({
  columns: [
    { stage: stage('s1'), cards: [card('a'), card('b')] },
    { stage: stage('s2'), cards: [card('c')] },
  ],
});
const ids = (b: HireBoard | undefined) => b?.columns.map((c) => c.cards.map((x) => x.id).join(''));

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
  const key = onboardingKeys.board('o1', 'ob1');
  queryClient.setQueryData(key, board);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useMoveHire('ob1'), { wrapper });
  return { result, calls, release, board: () => queryClient.getQueryData<HireBoard>(key) };
}

describe('moving a hire on the board', () => {
  it('reads the server’s columns (stage) into the shared board shape (status)', () => {
    expect(board.columns.map((c) => c.status.id)).toEqual(['s1', 's2']);
    expect(ids(board)).toEqual(['ab', 'c']);
  });

  it('moves it at once and sends stage_id, before_id and the version seen', async () => {
    const t = setUp({ status: 200, body: { hire: {}, conflict: false } });
    act(() => t.result.current.mutate({ hireId: 'b', stageId: 's2', beforeId: 'c', version: 2 }));
    await waitFor(() => expect(ids(t.board())).toEqual(['a', 'bc']));
    expect(t.board()?.columns[1]?.cards[0]?.stage_entered_at).not.toBe('2026-01-01T00:00:00Z');
    t.release();
    await waitFor(() => expect(t.result.current.isSuccess).toBe(true));
    const move = t.calls.find((c) => c.method === 'POST');
    expect(move?.path).toBe('organisation/o1/hires/b/move');
    expect(move?.body).toEqual({ stage_id: 's2', before_id: 'c', version: 2 });
  });

  it('hands a conflict to the caller', async () => {
    const t = setUp({ status: 200, body: { hire: {}, conflict: true } });
    act(() => t.result.current.mutate({ hireId: 'a', stageId: 's2', beforeId: null, version: 1 }));
    t.release();
    await waitFor(() => expect(t.result.current.data?.conflict).toBe(true));
  });

  it('puts the board back as it was when the move fails', async () => {
    const t = setUp({ status: 422, body: { message: 'Choose an onboarding stage of this organisation.', code: 'validation_failed' } });
    act(() => t.result.current.mutate({ hireId: 'a', stageId: 's2', beforeId: null, version: 2 }));
    await waitFor(() => expect(ids(t.board())).toEqual(['b', 'ca']));
    t.release();
    await waitFor(() => expect(t.result.current.isError).toBe(true));
    expect(t.result.current.error?.message).toBe('Choose an onboarding stage of this organisation.');
    expect(ids(t.board())).toEqual(['ab', 'c']);
  });
});
