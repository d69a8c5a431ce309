/**
 * Text in a Mantine colour that keeps its contrast in both colour schemes: the dark shade on the
 * light tint (light mode), a light shade on the dark one (dark mode). For badges and labels whose
 * `light` variant would otherwise put a mid shade on a dark background.
 */
export const schemeText = (colour: string, darkShade = 1) =>
  `light-dark(var(--mantine-color-${colour}-9), var(--mantine-color-${colour}-${darkShade}))`;
