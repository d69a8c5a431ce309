// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { DRAFT_SAVE_DEBOUNCE_MS, DRAFT_TTL_MS } from '@hireloop/contract/constants';
import { draftKey, loadDraft, loadStoredDraft, removeDraft, saveDraft, useDraft } from './drafts';

const START = new Date(2025, 0, 10, 9, 0, 0);
const group = { group: 'new-hire' };

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('draftKey', () => {
  it.each([
    ['new-hire', undefined, 'onboarding-draft::new-hire'],
    ['new-hire', 'role-7', 'onboarding-draft:role-7:new-hire'],
    ['new-hire', '', 'onboarding-draft::new-hire'],
  ])('builds the key for %s / %s', (name, key, expected) => {
    expect(draftKey(name, key)).toBe(expected);
  });
});

describe('saveDraft, loadDraft and removeDraft', () => {
  it('stores { savedAt, values } under the draft key', () => {
    saveDraft({ group: 'new-hire', key: 'r1' }, { name: 'Ann' });
    expect(JSON.parse(localStorage.getItem('onboarding-draft:r1:new-hire') ?? 'null')).toEqual({
      savedAt: START.getTime(),
      values: { name: 'Ann' },
    });
    expect(loadDraft({ group: 'new-hire', key: 'r1' })).toEqual({ name: 'Ann' });
    expect(loadDraft({ group: 'new-hire' })).toBeNull();
  });

  it('keeps a draft up to one hour and removes it once expired, when read', () => {
    saveDraft(group, { name: 'Ann' });
    vi.setSystemTime(START.getTime() + DRAFT_TTL_MS);
    expect(loadDraft(group)).toEqual({ name: 'Ann' });
    vi.setSystemTime(START.getTime() + DRAFT_TTL_MS + 1);
    expect(loadDraft(group)).toBeNull();
    expect(localStorage.getItem(draftKey('new-hire'))).toBeNull();
  });

  it('removes a draft', () => {
    saveDraft(group, { name: 'Ann' });
    removeDraft(group);
    expect(loadDraft(group)).toBeNull();
  });

  it('treats unreadable content as no draft and removes it', () => {
    localStorage.setItem(draftKey('new-hire'), '{not json');
    expect(loadDraft(group)).toBeNull();
    expect(localStorage.getItem(draftKey('new-hire'))).toBeNull();
    localStorage.setItem(draftKey('new-hire'), JSON.stringify({ values: {} }));
    expect(loadDraft(group)).toBeNull();
  });

  it('keeps working when storage throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => saveDraft(group, { name: 'Ann' })).not.toThrow();
    expect(loadDraft(group)).toBeNull();
  });
});

describe('useDraft', () => {
  it('does not save the values present on mount', () => {
    renderHook(() => useDraft(group, { name: '' }));
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS * 5);
    expect(loadDraft(group)).toBeNull();
  });

  it('saves 200 ms after the last change', () => {
    const { rerender } = renderHook(({ values }) => useDraft(group, values), { initialProps: { values: { name: '' } } });
    rerender({ values: { name: 'A' } });
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS - 1);
    rerender({ values: { name: 'An' } });
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS - 1);
    expect(loadDraft(group)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(loadDraft(group)).toEqual({ name: 'An' });
  });

  it('saves the progress beside the values, 200 ms after it alone changed, and expires it with them', () => {
    const values = { name: '' };
    const { rerender } = renderHook(({ progress }) => useDraft(group, values, progress), {
      initialProps: { progress: { visited: [0] } as unknown },
    });
    rerender({ progress: { visited: [0, 1] } });
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS - 1);
    expect(loadStoredDraft(group)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(loadStoredDraft(group)).toEqual({ values: { name: '' }, progress: { visited: [0, 1] } });
    vi.setSystemTime(START.getTime() + DRAFT_SAVE_DEBOUNCE_MS + DRAFT_TTL_MS + 1);
    expect(loadStoredDraft(group)).toBeNull();
  });

  it('flushes a waiting save on unmount', () => {
    const { rerender, unmount } = renderHook(({ values }) => useDraft(group, values), { initialProps: { values: { name: '' } } });
    rerender({ values: { name: 'Ann' } });
    unmount();
    expect(loadDraft(group)).toEqual({ name: 'Ann' });
  });

  it('remove() drops the draft and the waiting save', () => {
    saveDraft(group, { name: 'old' });
    const { rerender, result, unmount } = renderHook(({ values }) => useDraft(group, values), {
      initialProps: { values: { name: '' } },
    });
    rerender({ values: { name: 'Ann' } });
    result.current.remove();
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS * 2);
    unmount();
    expect(localStorage.getItem(draftKey('new-hire'))).toBeNull();
  });

  it('does nothing without options', () => {
    const { rerender } = renderHook(({ values }) => useDraft(undefined, values), { initialProps: { values: { name: '' } } });
    rerender({ values: { name: 'Ann' } });
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS);
    expect(localStorage.length).toBe(0);
  });
});
