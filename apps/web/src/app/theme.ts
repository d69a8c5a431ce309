import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/**
 * Hireloop's Mantine theme. Shades are picked for WCAG AA contrast (4.5:1 for text; checked
 * by axe on every page): white on filled primary is indigo 7 (light) / 8 (dark).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    Menu: {
      // The focus placeholder is a role="presentation" child of role="menu" (axe: aria-required-children).
      defaultProps: { withInitialFocusPlaceholder: false },
      // Mantine's menu label grey is below 4.5:1; the theme's dimmed colour is not.
      styles: { label: { color: 'var(--mantine-color-dimmed)' } },
    },
    // A wide table scrolls sideways on a phone; the scroll region takes focus so it can be scrolled
    // from the keyboard even when nothing inside is focusable (axe: scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A loader is a <span>, where a name (aria-label) is prohibited without a role (axe:
    // aria-prohibited-attr); as a status its name is announced. One with aria-hidden stays silent.
    Loader: { defaultProps: { role: 'status' } },
    // The toast close button is an icon: it needs a name (axe: button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/**
 * Text in a palette colour (`c="red"`, `var(--mantine-color-red-text)`): Mantine's light-scheme
 * shade (the filled one, 6–7) is below 4.5:1 on white and on the light tints, so the light scheme
 * uses shade 9; the dark scheme keeps Mantine's shade 4, which is readable on the dark surfaces.
 * A fixed shade (`c="red.9"`) would be dark-on-dark in the dark scheme: use these instead.
 * Yellow 9 reaches only 3:1 on white: enough for a symbol (rating stars), not for text.
 */
const TEXT_COLOURS = ['red', 'orange', 'yellow', 'teal', 'blue', 'indigo', 'grape', 'gray'] as const;
const lightTextColours = Object.fromEntries(TEXT_COLOURS.map((c) => [`--mantine-color-${c}-text`, `var(--mantine-color-${c}-9)`]));

/**
 * Mantine's default "dimmed" (gray 6 on white, dark 2 on dark 7) and error (red 6 / red 8)
 * texts are below 4.5:1; these are the nearest shades above it.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...lightTextColours,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});
