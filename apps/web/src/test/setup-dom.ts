/**
 * jsdom set-up for component tests: import it first in a `// @vitest-environment jsdom` test.
 * Mantine reads `matchMedia` and `ResizeObserver`, which jsdom lacks; vitest runs without
 * globals here, so Testing Library cannot register its own cleanup.
 */
import { createElement, type ReactElement, type ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { cleanup, configure, render, type RenderResult } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { theme } from '../app/theme.ts';
import { FIRST_DAY_OF_WEEK } from '@hireloop/contract/constants';

// findBy… and waitFor wait up to 5 s for what a test expects to appear (Testing Library's default is
// 1 s): `npm run validate` runs these tests beside typecheck and lint on two cores, and a lazily loaded
// page can take longer than 1 s there. Waiting longer never makes a passing test slower.
configure({ asyncUtilTimeout: 5_000 });

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: vi.fn((query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(() => false),
      })),
    });
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  }

  // Mantine scrolls selected options and calendar controls into view.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = vi.fn();

  afterEach(() => {
    cleanup();
  });
}

/** Mantine with the app's theme, `env="test"` (no transitions, no portals) and the app's date settings. */
export function TestProviders({ children }: { children?: ReactNode }): ReactElement {
  return createElement(
    MantineProvider,
    { env: 'test', theme },
    createElement(DatesProvider, { settings: { locale: 'en', firstDayOfWeek: FIRST_DAY_OF_WEEK } }, children),
  );
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: TestProviders });
}
