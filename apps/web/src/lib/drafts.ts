import { useCallback, useEffect, useRef } from 'react';
import { DRAFT_KEY_PREFIX, DRAFT_SAVE_DEBOUNCE_MS, DRAFT_TTL_MS } from '@hireloop/contract/constants';

/** Where a form's draft lives: one group (the form), optionally per record (`key`). */
export type DraftOptions = { group: string; key?: string };

/**
 * What is stored in localStorage: the values, and optionally the form's own progress (for a
 * multi-step form, which steps were visited and left), which expires and is removed with them.
 */
export type StoredDraft<T> = { savedAt: number; values: T; progress?: unknown };

/** `onboarding-draft:{key?}:{group}`. */
export function draftKey(group: string, key?: string): string {
  return `${DRAFT_KEY_PREFIX}:${key ?? ''}:${group}`;
}

// Storage can be missing (SSR, tests) or throw (Safari private mode, quota, disabled cookies):
// a draft is a convenience, so every failure degrades to "no draft".
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function saveDraft<T>(options: DraftOptions, values: T, progress?: unknown): void {
  const draft: StoredDraft<T> = progress === undefined ? { savedAt: Date.now(), values } : { savedAt: Date.now(), values, progress };
  try {
    storage()?.setItem(draftKey(options.group, options.key), JSON.stringify(draft));
  } catch {
    // Quota exceeded or values not serialisable: keep the form working without a draft.
  }
}

export function removeDraft(options: DraftOptions): void {
  try {
    storage()?.removeItem(draftKey(options.group, options.key));
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}

function isStoredDraft(value: unknown): value is StoredDraft<unknown> {
  return typeof value === 'object' && value !== null && 'values' in value && typeof (value as { savedAt?: unknown }).savedAt === 'number';
}

/** The saved values, or null; an expired or unreadable draft is removed as it is read. */
export function loadDraft<T>(options: DraftOptions, now: number = Date.now()): T | null {
  return loadStoredDraft<T>(options, now)?.values ?? null;
}

/**
 * The saved values with the progress saved beside them (unchecked: the caller validates its
 * shape), or null; an expired or unreadable draft is removed as it is read.
 */
export function loadStoredDraft<T>(options: DraftOptions, now: number = Date.now()): { values: T; progress: unknown } | null {
  let raw: string | null;
  try {
    raw = storage()?.getItem(draftKey(options.group, options.key)) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isStoredDraft(parsed) || now - parsed.savedAt > DRAFT_TTL_MS) {
    removeDraft(options);
    return null;
  }
  return { values: parsed.values as T, progress: parsed.progress };
}

export type UseDraftResult = {
  /** Drops the draft and any save still waiting for its debounce (call after a successful submit). */
  remove: () => void;
};

/**
 * Saves `values` (and `progress`, when given) DRAFT_SAVE_DEBOUNCE_MS after either last changed,
 * and at once on unmount so a quick navigation away loses nothing. What is present on mount is
 * not saved: opening a form must not create a draft. Pass `undefined` as options to disable.
 * `progress` is compared by identity, like `values`: memoise it.
 */
export function useDraft<T>(options: DraftOptions | undefined, values: T, progress?: unknown): UseDraftResult {
  const group = options?.group;
  const key = options?.key;
  const mountedValues = useRef(values);
  const mountedProgress = useRef(progress);
  // The save waiting for its debounce; a ref so unmount can flush it and remove() can drop it.
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; save: () => void } | null>(null);

  const cancelPending = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
  }, []);

  useEffect(() => {
    if (group === undefined || (values === mountedValues.current && progress === mountedProgress.current)) return;
    cancelPending();
    const save = (): void => {
      pending.current = null;
      saveDraft({ group, key }, values, progress);
    };
    pending.current = { timer: setTimeout(save, DRAFT_SAVE_DEBOUNCE_MS), save };
  }, [group, key, values, progress, cancelPending]);

  useEffect(
    () => () => {
      const waiting = pending.current;
      if (!waiting) return;
      clearTimeout(waiting.timer);
      waiting.save();
    },
    [],
  );

  const remove = useCallback(() => {
    cancelPending();
    if (group !== undefined) removeDraft({ group, key });
  }, [group, key, cancelPending]);

  return { remove };
}
