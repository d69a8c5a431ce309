import { useEffect } from 'react';
import { useMantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { useColorScheme } from '@mantine/hooks';

/**
 * The display mode is the system preference, set at start and again whenever it changes
 * (docs/product.md §4). Nothing is persisted: a stored choice would outlive the preference it came from.
 */
export function systemColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => defaultValue,
    set: () => {},
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {},
  };
}

export function prefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/**
 * `defaultColorScheme="auto"` already lets CSS follow the preference; this also keeps
 * Mantine's own colour-scheme value (read by components and by `useMantineColorScheme`) in
 * step, live, through a `prefers-color-scheme` media-query listener.
 */
export function ColorSchemeSync() {
  const system = useColorScheme(prefersDark() ? 'dark' : 'light', { getInitialValueInEffect: false });
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    setColorScheme(system);
  }, [system, setColorScheme]);
  return null;
}
