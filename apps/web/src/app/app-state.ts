import { useEffect, useSyncExternalStore } from 'react';
import { LOADER_MIN_DISPLAY_MS, PRODUCT_NAME } from '@hireloop/contract/constants';

/** Application state (docs/product.md §4): the page title, the full-screen loading flag and the mask flag. */
export type AppState = {
  title: string;
  /** The full-screen start-up loader is visible. */
  loading: boolean;
  /** A translucent mask blocks the page while a session-wide change runs (e.g. switching organisation). */
  mask: boolean;
};

type Listener = () => void;

// The loader is visible from the first paint until start-up says otherwise.
const initialAppState: AppState = { title: '', loading: true, mask: false };
let state: AppState = initialAppState;
const listeners = new Set<Listener>();

function update(patch: Partial<AppState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** `"{page} · Hireloop"`, or just the product name when the page has no title (docs/product.md §4). */
export function formatTitle(page: string | null | undefined): string {
  const trimmed = page?.trim() ?? '';
  return trimmed === '' ? PRODUCT_NAME : `${trimmed} · ${PRODUCT_NAME}`;
}

export const appState = {
  getState(): AppState {
    return state;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setTitle(title: string): void {
    if (typeof document !== 'undefined') document.title = formatTitle(title);
    if (title !== state.title) update({ title });
  },
  setLoading(loading: boolean): void {
    if (loading !== state.loading) update({ loading });
  },
  setMask(mask: boolean): void {
    if (mask !== state.mask) update({ mask });
  },
  /** Tests only. */
  reset(): void {
    state = initialAppState;
    for (const listener of listeners) listener();
  },
};

export function useAppState(): AppState {
  return useSyncExternalStore(appState.subscribe, appState.getState, appState.getState);
}

/**
 * A page title that depends on data (e.g. a team's name). The root layout resets the title
 * from the route table on every navigation in a layout effect; this plain effect runs after
 * it, so the page's own title wins until the next navigation.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) appState.setTitle(title);
  }, [title]);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Shows the full-screen loader while `task` runs, and for at least `minimumMs` in total
 * (docs/product.md §4: 600 ms), so it never flashes. Hidden even when the task fails.
 */
export async function withLoader<T>(task: () => Promise<T>, minimumMs = LOADER_MIN_DISPLAY_MS): Promise<T> {
  appState.setLoading(true);
  const startedAt = Date.now();
  try {
    return await task();
  } finally {
    const remaining = minimumMs - (Date.now() - startedAt);
    if (remaining > 0) await wait(remaining);
    appState.setLoading(false);
  }
}
