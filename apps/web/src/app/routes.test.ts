import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { APP_PAGE_PATHS } from '@hireloop/contract/app-routes';
import { routeList, routes } from './routes.tsx';

/** docs/product.md §5, route by route, with the title each screen carries. */
const SPEC_SCREENS: Array<[path: string, title: string, access: 'public' | 'auth' | 'organisation']> = [
  ['/settings/me', 'My Personal Settings', 'auth'],
  ['/settings/my-organisations', 'My Organisations and Memberships', 'auth'],
  ['/settings/organisation', 'Organisation Settings', 'auth'],
  ['/settings/organisation-users', 'Organisation Users', 'auth'],
  ['/settings/recruitment', 'Recruitment settings', 'auth'],
  ['/settings/experience-levels', 'Experience levels', 'auth'],
  ['/settings/recruitment-status', 'Recruitment status', 'auth'],
  ['/settings/api-keys', 'API keys', 'auth'],
  ['/settings/billing', 'Billing', 'auth'],
  ['/dashboard', 'Dashboard', 'organisation'],
  ['/teams', 'Teams', 'organisation'],
  ['/clients', 'Teams', 'organisation'],
  ['/teams/:team', 'Team', 'organisation'],
  ['/jobs', 'Job roles', 'organisation'],
  ['/roles/:role', 'Role', 'organisation'],
  ['/recruitment', 'Recruitment Dashboard', 'organisation'],
  ['/recruitment/:recruitment', 'Recruitment analytics', 'organisation'],
  ['/recruitment/:recruitment/candidates', 'Candidates', 'organisation'],
  ['/recruitment/:recruitment/interviews', 'Interviews', 'organisation'],
  ['/recruitment/:recruitment/offers', 'Offers', 'organisation'],
  ['/website', 'Website Dashboard', 'organisation'],
  ['/onboarding', 'Onboarding Dashboard', 'organisation'],
  ['/onboarding/:onboarding', 'Onboarding role', 'organisation'],
  ['/login', 'Log in', 'public'],
  ['/get-started', 'Log in', 'public'],
];

function elementOf(path: string) {
  const matches = matchRoutes(routes, path) ?? [];
  return matches.at(-1)?.route.element as { type: unknown; props: Record<string, unknown> } | undefined;
}

describe('the route table', () => {
  it.each(SPEC_SCREENS)('has %s titled "%s" (%s)', (path, title, access) => {
    expect(routeList).toContainEqual({ path, title, access });
  });

  it('has nothing beyond the screens of docs/product.md §5 but the two redirects, the not-found page, the invitation, offer and new-hire links', () => {
    const specPaths = new Set(SPEC_SCREENS.map(([path]) => path));
    const extra = routeList.filter((entry) => !specPaths.has(entry.path)).map((entry) => entry.path);
    expect(extra.sort()).toEqual(['/', '/*', '/invitations/:token', '/new-hire/:token', '/offer/:token', '/settings']);
    expect(routeList).toContainEqual({ path: '/new-hire/:token', title: 'Welcome', access: 'public' });
    expect(routeList).toContainEqual({ path: '/offer/:token', title: 'Your offer', access: 'public' });
    expect(routeList).toContainEqual({ path: '/invitations/:token', title: 'Invitation', access: 'public' });
  });

  it('redirects / to /dashboard and /settings to /settings/me', () => {
    expect(routeList).toContainEqual({ path: '/', redirectTo: '/dashboard', access: 'public' });
    expect(routeList).toContainEqual({ path: '/settings', redirectTo: '/settings/me', access: 'auth' });
  });

  it('matches concrete URLs to the right entries, and unknown ones to the not-found page', () => {
    const deepest = (path: string) => (matchRoutes(routes, path) ?? []).at(-1)?.route.handle;
    expect(deepest('/recruitment/42/offers')).toEqual({ title: 'Offers' });
    expect(deepest('/teams/7')).toEqual({ title: 'Team' });
    expect(deepest('/onboarding/3')).toEqual({ title: 'Onboarding role' });
    expect(deepest('/no/such/page')).toEqual({ title: 'Page not found' });
  });

  it('serves API keys with the recruitment settings screen, and offers with the interviews screen', () => {
    const apiKeys = elementOf('/settings/api-keys');
    const recruitment = elementOf('/settings/recruitment');
    expect(apiKeys?.type).toBe(recruitment?.type);
    expect([recruitment?.props.tab, apiKeys?.props.tab]).toEqual(['recruitment', 'api-keys']);

    const offers = elementOf('/recruitment/1/offers');
    const interviews = elementOf('/recruitment/1/interviews');
    expect(offers?.type).toBe(interviews?.type);
    expect([interviews?.props.tab, offers?.props.tab]).toEqual(['interviews', 'offers']);
  });

  it('serves /clients with the teams screen', () => {
    expect(elementOf('/clients')?.type).toBe(elementOf('/teams')?.type);
  });

  it('lists the same pages as the contract, where the server checks sign-in return paths against them', () => {
    const paths = routeList.map((entry) => entry.path).filter((path) => path !== '/*');
    expect([...new Set(paths)].sort()).toEqual([...APP_PAGE_PATHS].sort());
  });
});
