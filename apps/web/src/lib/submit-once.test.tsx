// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSubmitOnce } from './submit-once.ts';
import { deferred } from '../test/double-submit.ts';

describe('useSubmitOnce', () => {
  it('runs once for two calls in the same tick, is busy meanwhile, and runs again once settled', async () => {
    let pending = deferred();
    const action = vi.fn(() => pending.promise);
    const { result } = renderHook(() => useSubmitOnce(action));
    let first!: Promise<void>;
    act(() => {
      first = result.current.run();
      void result.current.run();
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      pending.resolve();
      await first;
    });
    expect(result.current.busy).toBe(false);
    pending = deferred();
    act(() => void result.current.run());
    expect(action).toHaveBeenCalledTimes(2);
    await act(async () => pending.resolve());
  });

  it('is usable again after a failure, and ignores calls while the mutation is pending elsewhere', async () => {
    const failing = deferred();
    const action = vi.fn(() => failing.promise);
    const { result, rerender } = renderHook(({ pending }) => useSubmitOnce(action, pending), { initialProps: { pending: false } });
    let run!: Promise<void>;
    act(() => {
      run = result.current.run();
    });
    await act(async () => {
      failing.reject(new Error('refused'));
      await run;
    });
    expect(result.current.busy).toBe(false);
    rerender({ pending: true });
    expect(result.current.busy).toBe(true);
    await act(() => result.current.run());
    expect(action).toHaveBeenCalledTimes(1);
  });
});
