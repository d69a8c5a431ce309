import { useLayoutEffect, useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, matchRoutes, useLocation, useRoutes } from 'react-router';
import { appState } from './app-state.ts';
import { Providers } from './providers.tsx';
import { routeTitleOf } from './route-handle.ts';
import { routes } from './routes.tsx';
import { useScrollOnNavigation } from './scroll.ts';

/**
 * Renders the route table. On every navigation the title is reset from the table (a layout
 * effect, so a page's own usePageTitle effect can still refine it) and the page scrolls.
 *
 * Declarative routing (BrowserRouter + useRoutes) rather than a data router: we use no
 * loaders or actions, and it keeps ~25 KB of router code out of the /login bundle.
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  const title = routeTitleOf(matches.map((match) => match.route));
  useLayoutEffect(() => {
    appState.setTitle(title ?? '');
  }, [location.key, title]);
  useScrollOnNavigation();
  return useRoutes(routes, location);
}

/** The whole app: providers around the router built from the one route table. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
