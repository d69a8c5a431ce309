import { ORGANISATION_PREFIX } from '../src/http/organisation-scope.ts';

/**
 * The organisation-scoped reads the "a new organisation sees zero" check (figures-isolation.test.ts)
 * makes: every GET route, with its path parameters filled from the new organisation's own objects.
 * The access matrix (access-matrix.test.ts) checks that every such route can be filled, so a new
 * read whose parameter the check cannot build fails there until the check builds that object too.
 */

/** Path parameters the figures check creates an object for (a new one needs a fixture there first). */
export const FIGURE_PARAMS = [
  ':role',
  ':teamId',
  ':recruitment',
  ':application',
  ':candidate',
  ':import',
  ':interview',
  ':offer',
  ':templateId',
  ':onboardingId',
  ':hireId',
] as const;

export type FigureParam = (typeof FIGURE_PARAMS)[number];

/** File downloads: bytes, not figures (logos, PDFs, exports, stored files). */
export const FILE_DOWNLOAD = /logo|\.pdf|\/export|\/file/;

/** An organisation-scoped GET route's path (after the organisation prefix), or null for any other route. */
export function scopedGetPath(route: { method: string; url: string }): string | null {
  if (route.method !== 'GET' || !route.url.includes(ORGANISATION_PREFIX)) return null;
  return route.url.slice(route.url.indexOf(ORGANISATION_PREFIX) + ORGANISATION_PREFIX.length);
}

/** The parameters of a path that the figures check cannot fill. */
export function unfilledParams(path: string): string[] {
  return (path.match(/:\w+/g) ?? []).filter((p) => !(FIGURE_PARAMS as readonly string[]).includes(p));
}
