import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADER_MIN_DISPLAY_MS } from '@hireloop/contract/constants';
import { appState, formatTitle, withLoader } from './app-state.ts';

describe('formatTitle', () => {
  it('puts the page before the product name', () => {
    expect(formatTitle('Job roles')).toBe('Job roles · Hireloop');
    expect(formatTitle('Log in')).toBe('Log in · Hireloop');
  });

  it('is just the product name without a page title', () => {
    expect(formatTitle('')).toBe('Hireloop');
    expect(formatTitle('   ')).toBe('Hireloop');
    expect(formatTitle(undefined)).toBe('Hireloop');
  });
});

describe('the start-up loader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    appState.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is visible from the start', () => {
    expect(appState.getState().loading).toBe(true);
  });

  it('stays visible 600 ms when the work is done at once', async () => {
    const done = withLoader(async () => 'ok');
    await vi.advanceTimersByTimeAsync(LOADER_MIN_DISPLAY_MS - 1);
    expect(appState.getState().loading).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(appState.getState().loading).toBe(false);
    await expect(done).resolves.toBe('ok');
  });

  it('hides as soon as slower work is done', async () => {
    let finish: () => void = () => {};
    const work = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const done = withLoader(() => work);
    await vi.advanceTimersByTimeAsync(2000);
    expect(appState.getState().loading).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(appState.getState().loading).toBe(false);
    await done;
  });

  it('hides after the minimum even when the work fails', async () => {
    const done = withLoader(async () => {
      throw new Error('boom');
    });
    const settled = done.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(LOADER_MIN_DISPLAY_MS - 1);
    expect(appState.getState().loading).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(appState.getState().loading).toBe(false);
    expect(await settled).toEqual(new Error('boom'));
  });
});

describe('the mask flag', () => {
  it('is off until set', () => {
    appState.reset();
    expect(appState.getState().mask).toBe(false);
    appState.setMask(true);
    expect(appState.getState().mask).toBe(true);
    appState.setMask(false);
    expect(appState.getState().mask).toBe(false);
  });
});
