/** WCAG colour arithmetic for the careers site's brand colour: readable text on it, and a shade of it readable on white. */

type Rgb = [number, number, number];

const FALLBACK = '#1c7ed6';

function parse(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim()) ?? /^#?([0-9a-f]{6})$/i.exec(FALLBACK)!;
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** Relative luminance (WCAG 2.x). */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio of two colours, 1..21. */
export function contrast(a: string, b: string): number {
  const la = luminance(parse(a));
  const lb = luminance(parse(b));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const DARK_TEXT = '#111418';
export const LIGHT_TEXT = '#ffffff';

/** Text colour for content drawn on `background`: whichever of near-black and white contrasts more. */
export function readableOn(background: string): string {
  return contrast(background, LIGHT_TEXT) >= contrast(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * The header and button colours for a brand colour, at least 4.5:1 apart: white on the brand
 * colour when that reads; near-black on a light brand colour; otherwise white on the brand
 * colour darkened just enough (mid-tones such as #1c7ed6 reach neither with the colour as is).
 */
export function brandPair(brand: string): { background: string; text: string } {
  if (contrast(brand, LIGHT_TEXT) >= 4.5) return { background: brand, text: LIGHT_TEXT };
  if (contrast(brand, LIGHT_TEXT) < 3 && contrast(brand, DARK_TEXT) >= 4.5) return { background: brand, text: DARK_TEXT };
  return { background: shadeFor(brand, LIGHT_TEXT), text: LIGHT_TEXT };
}

/** The brand colour, darkened just enough to reach `ratio` against `background` (links and outlines on white). */
export function shadeFor(brand: string, background = '#ffffff', ratio = 4.5): string {
  const rgb = parse(brand);
  for (let k = 0; k <= 20; k++) {
    const f = 1 - k * 0.05;
    const candidate = toHex([rgb[0] * f, rgb[1] * f, rgb[2] * f]);
    if (contrast(candidate, background) >= ratio) return candidate;
  }
  return DARK_TEXT;
}

/** A normalised #rrggbb brand colour (the stored one, or the default). */
export const brandColour = (value: string | null | undefined) => toHex(parse(value ?? FALLBACK));
