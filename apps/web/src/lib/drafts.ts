import { useCallback, useEffect, useRef } from 'react';
import { DRAFT_KEY_PREFIX, DRAFT_SAVE_DEBOUNCE_MS, DRAFT_TTL_MS } from '@hireloop/contract/constants';

/** Where a form's draft lives: one group (the form), optionally per record (`key`). */
export type DraftOptions = { group: string; key?: string };

/**
 * What is stored in localStorage: the values, and optionally the form's own progress (for a
 * multi-step form, which steps were visited and left), which expires and is removed with them.
 */
export type StoredDraft<T> = { savedAt: number; values: T; progress?: unknown };

/**
 * Whose drafts are kept: the signed-in user and their current organisation, or null when no one is
 * signed in (then no draft is read or written). Set by the session (features/session/auth-store.ts).
 */
let ownerSource: () => string | null = () => null;

export function setDraftOwnerSource(source: () => string | null): void {
  ownerSource = source;
}

/** `{user}.{organisation}`: a draft is one person's in one organisation (the organisation may be empty). */
export function draftOwner(userId: string, organisationId: string | null): string {
  return `${userId}.${organisationId ?? ''}`;
}

/**
 * `onboarding-draft:{owner}.{key?}:{group}`: the key part names whose draft it is, so the next person
 * signed in on this browser, or the same person in another organisation, never gets it.
 * Null without an owner.
 */
export function draftKey(group: string, key?: string, owner: string | null = ownerSource()): string | null {
  return owner === null ? null : `${DRAFT_KEY_PREFIX}:${owner}.${key ?? ''}:${group}`;
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

export function saveDraft<T>(options: DraftOptions, values: T, progress?: unknown, owner: string | null = ownerSource()): void {
  const name = draftKey(options.group, options.key, owner);
  if (name === null) return;
  const draft: StoredDraft<T> = progress === undefined ? { savedAt: Date.now(), values } : { savedAt: Date.now(), values, progress };
  try {
    storage()?.setItem(name, JSON.stringify(draft));
  } catch {
    // Quota exceeded or values not serialisable: keep the form working without a draft.
  }
}

export function removeDraft(options: DraftOptions, owner: string | null = ownerSource()): void {
  const name = draftKey(options.group, options.key, owner);
  if (name === null) return;
  try {
    storage()?.removeItem(name);
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}

/** Every draft on this browser, whoever's: at sign-out and when the session ends. */
export function clearDrafts(): void {
  try {
    const store = storage();
    if (!store) return;
    const names: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const name = store.key(i);
      if (name?.startsWith(`${DRAFT_KEY_PREFIX}:`)) names.push(name);
    }
    for (const name of names) store.removeItem(name);
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
  const name = draftKey(options.group, options.key);
  if (name === null) return null;
  let raw: string | null;
  try {
    raw = storage()?.getItem(name) ?? null;
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
  // Whose draft this form holds: who opened it. Creating an organisation changes the current one
  // before the form removes its draft, which is still the one it was opened with.
  const owner = useRef(ownerSource());
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
      // Saved only for whoever typed it: not after a sign-out or an organisation switch meanwhile.
      if (owner.current !== null && ownerSource() === owner.current) saveDraft({ group, key }, values, progress, owner.current);
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
    if (group !== undefined) removeDraft({ group, key }, owner.current);
  }, [group, key, cancelPending]);

  return { remove };
}
