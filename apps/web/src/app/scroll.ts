import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLL_HASH_OFFSET_PX } from '@hireloop/contract/constants';

/** How long to wait for a lazily loaded page to render the hash's target. */
const HASH_TARGET_TIMEOUT_MS = 3000;

function findAnchor(hash: string): HTMLElement | null {
  const id = hash.replace(/^#/, '');
  if (id === '') return null;
  let decoded = id;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    // keep the raw id
  }
  return document.getElementById(decoded) ?? document.getElementsByName(decoded)[0] ?? null;
}

/** Smoothly to the anchor, leaving SCROLL_HASH_OFFSET_PX (80) for the sticky header (docs/product.md §4). */
export function scrollToElement(element: Element): void {
  const top = element.getBoundingClientRect().top + window.scrollY - SCROLL_HASH_OFFSET_PX;
  window.scrollTo({ top, behavior: 'smooth' });
}

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/**
 * Scrolls to `hash`'s target, waiting (up to a few seconds) for it to appear when the page is
 * still loading. Returns a cancel function.
 */
export function scrollToHash(hash: string): () => void {
  const found = findAnchor(hash);
  if (found) {
    scrollToElement(found);
    return () => {};
  }
  const observer = new MutationObserver(() => {
    const element = findAnchor(hash);
    if (!element) return;
    cancel();
    scrollToElement(element);
  });
  const timer = window.setTimeout(() => cancel(), HASH_TARGET_TIMEOUT_MS);
  function cancel() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return cancel;
}

/**
 * Navigation scrolls smoothly to the top, or to the hash anchor (docs/product.md §4). Changes of the
 * query string alone (filters, paging) keep the scroll position.
 */
export function useScrollOnNavigation(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return scrollToHash(hash);
    scrollToTop();
    return undefined;
  }, [pathname, hash]);
}
