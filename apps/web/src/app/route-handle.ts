/** What a route of the table carries: its page title (docs/product.md §4: "{title} · Hireloop"). */
export type RouteHandle = { title: string };

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** The deepest matched route's title. */
export function routeTitleOf(matchedRoutes: ReadonlyArray<{ handle?: unknown }>): string | undefined {
  for (let index = matchedRoutes.length - 1; index >= 0; index -= 1) {
    const handle = matchedRoutes[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return undefined;
}
