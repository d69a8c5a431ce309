// @vitest-environment jsdom
import '../test/setup-dom.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ColorSchemeSync, systemColorSchemeManager } from './color-scheme.tsx';

/** A controllable `prefers-color-scheme: dark` media query. */
function stubSystemPreference(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    onchange: null,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    dispatchEvent: () => true,
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn((media: string) => (media === '(prefers-color-scheme: dark)' ? query : { ...query, media, matches: false })),
  );
  window.matchMedia = globalThis.matchMedia;
  return {
    change(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener({ matches: dark, media: query.media } as MediaQueryListEvent);
    },
  };
}

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the colour scheme', () => {
  it('is the system preference at start, and follows it when it changes', () => {
    const system = stubSystemPreference(true);
    render(
      <MantineProvider defaultColorScheme="auto" colorSchemeManager={systemColorSchemeManager()}>
        <ColorSchemeSync />
      </MantineProvider>,
    );
    expect(scheme()).toBe('dark');

    act(() => system.change(false));
    expect(scheme()).toBe('light');

    act(() => system.change(true));
    expect(scheme()).toBe('dark');
  });

  it('is not persisted: a stored choice would outlive the preference it came from', () => {
    const manager = systemColorSchemeManager();
    manager.set('dark');
    expect(manager.get('auto')).toBe('auto');
    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBeNull();
  });
});
