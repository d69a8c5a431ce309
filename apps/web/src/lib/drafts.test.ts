// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { DRAFT_SAVE_DEBOUNCE_MS, DRAFT_TTL_MS } from '@hireloop/contract/constants';
import {
  clearDrafts,
  draftKey,
  draftOwner,
  loadDraft,
  loadStoredDraft,
  removeDraft,
  saveDraft,
  setDraftOwnerSource,
  useDraft,
} from './drafts';

const START = new Date(2025, 0, 10, 9, 0, 0);
const group = { group: 'new-hire' };
/** Whose drafts are read and written: the signed-in user in their organisation, or no one. */
let owner: string | null = draftOwner('u1', 'o1');
setDraftOwnerSource(() => owner);

beforeEach(() => {
  owner = draftOwner('u1', 'o1');
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
    ['new-hire', undefined, 'onboarding-draft:u1.o1.:new-hire'],
    ['new-hire', 'role-7', 'onboarding-draft:u1.o1.role-7:new-hire'],
    ['new-hire', '', 'onboarding-draft:u1.o1.:new-hire'],
  ])('builds the key for %s / %s from the signed-in user and organisation', (name, key, expected) => {
    expect(draftKey(name, key)).toBe(expected);
  });

  it('names the user alone before they have an organisation, and nothing when no one is signed in', () => {
    owner = draftOwner('u1', null);
    expect(draftKey('create-organisation')).toBe('onboarding-draft:u1..:create-organisation');
    owner = null;
    expect(draftKey('create-organisation')).toBeNull();
  });
});

describe('drafts belong to a user in an organisation', () => {
  it('are not read by another user, nor by the same user in another organisation', () => {
    saveDraft({ group: 'add-candidate', key: 'r1' }, { name: 'Ann' });
    owner = draftOwner('u2', 'o1');
    expect(loadDraft({ group: 'add-candidate', key: 'r1' })).toBeNull();
    owner = draftOwner('u1', 'o2');
    expect(loadDraft({ group: 'add-candidate', key: 'r1' })).toBeNull();
    owner = draftOwner('u1', 'o1');
    expect(loadDraft({ group: 'add-candidate', key: 'r1' })).toEqual({ name: 'Ann' });
  });

  it('are neither kept nor read while no one is signed in', () => {
    owner = null;
    saveDraft(group, { name: 'Ann' });
    expect(localStorage.length).toBe(0);
    expect(loadDraft(group)).toBeNull();
  });

  it('are all cleared at once (sign-out), whoever they belong to, leaving other storage alone', () => {
    saveDraft(group, { name: 'Ann' });
    owner = draftOwner('u2', 'o2');
    saveDraft({ group: 'create-organisation' }, { name: 'Acme' });
    localStorage.setItem('onboarding-draft::add-candidate', '{}'); // an unscoped draft of an older version
    localStorage.setItem('mantine-color-scheme-value', 'dark');
    clearDrafts();
    expect(Object.keys(localStorage)).toEqual(['mantine-color-scheme-value']);
  });

  it('are removed on submit as they were opened, after the organisation changed (the one just created)', () => {
    owner = draftOwner('u1', null);
    saveDraft({ group: 'create-organisation' }, { name: 'Acme' });
    const { result } = renderHook(() => useDraft({ group: 'create-organisation' }, { name: 'Acme' }));
    owner = draftOwner('u1', 'o-new');
    result.current.remove();
    expect(localStorage.length).toBe(0);
  });

  it('drop a save still waiting when its author signs out or switches organisation meanwhile', () => {
    const { rerender, unmount } = renderHook(({ values }) => useDraft(group, values), { initialProps: { values: { name: '' } } });
    rerender({ values: { name: 'Ann' } });
    owner = null;
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS);
    rerender({ values: { name: 'Ann L' } });
    owner = draftOwner('u1', 'o2');
    unmount();
    expect(localStorage.length).toBe(0);
  });
});

describe('saveDraft, loadDraft and removeDraft', () => {
  it('stores { savedAt, values } under the draft key', () => {
    saveDraft({ group: 'new-hire', key: 'r1' }, { name: 'Ann' });
    expect(JSON.parse(localStorage.getItem('onboarding-draft:u1.o1.r1:new-hire') ?? 'null')).toEqual({
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
    expect(localStorage.getItem(draftKey('new-hire')!)).toBeNull();
  });

  it('removes a draft', () => {
    saveDraft(group, { name: 'Ann' });
    removeDraft(group);
    expect(loadDraft(group)).toBeNull();
  });

  it('treats unreadable content as no draft and removes it', () => {
    localStorage.setItem(draftKey('new-hire')!, '{not json');
    expect(loadDraft(group)).toBeNull();
    expect(localStorage.getItem(draftKey('new-hire')!)).toBeNull();
    localStorage.setItem(draftKey('new-hire')!, JSON.stringify({ values: {} }));
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
    expect(localStorage.getItem(draftKey('new-hire')!)).toBeNull();
  });

  it('does nothing without options', () => {
    const { rerender } = renderHook(({ values }) => useDraft(undefined, values), { initialProps: { values: { name: '' } } });
    rerender({ values: { name: 'Ann' } });
    vi.advanceTimersByTime(DRAFT_SAVE_DEBOUNCE_MS);
    expect(localStorage.length).toBe(0);
  });
});
