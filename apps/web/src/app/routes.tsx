import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/pages/login-page.tsx';
import { OrganisationSettingsGate, RequireAuth, RequireOrganisation } from './guards.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { GetStartedPage } from './pages/get-started-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import type { RouteHandle } from './route-handle.ts';
import { RootLayout } from './root-layout.tsx';

/**
 * THE route table (docs/product.md §5). Every page is its own chunk (React.lazy) so /login loads only
 * the shell; the layouts of the signed-in app are chunks too. `routeList` below is the same
 * table as plain data (path → title, redirects) for tests and tooling.
 */

// React.lazy wants a default export; our pages use named exports (STYLE.md).
function page<P extends object>(load: () => Promise<Record<string, unknown>>, name: string): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
}

const MainLayout = page(() => import('./layouts/main-layout.tsx'), 'MainLayout');
const SettingsLayout = page(() => import('./layouts/settings-layout.tsx'), 'SettingsLayout');

const DashboardPage = page(() => import('../features/dashboard/pages/dashboard-page.tsx'), 'DashboardPage');
const TeamsPage = page(() => import('../features/teams/pages/teams-page.tsx'), 'TeamsPage');
const TeamPage = page(() => import('../features/teams/pages/team-page.tsx'), 'TeamPage');
const JobsPage = page(() => import('../features/jobs/pages/jobs-page.tsx'), 'JobsPage');
const RolePage = page(() => import('../features/jobs/pages/role-page.tsx'), 'RolePage');
const RecruitmentDashboardPage = page(
  () => import('../features/recruitment/pages/recruitment-dashboard-page.tsx'),
  'RecruitmentDashboardPage',
);
const RecruitmentDetailLayout = page<{ kind: 'recruitment' | 'onboarding' }>(
  () => import('../features/recruitment/components/recruitment-detail-layout.tsx'),
  'RecruitmentDetailLayout',
);
const RecruitmentAnalyticsPage = page(
  () => import('../features/recruitment/pages/recruitment-analytics-page.tsx'),
  'RecruitmentAnalyticsPage',
);
const CandidatesPage = page(() => import('../features/recruitment/pages/candidates-page.tsx'), 'CandidatesPage');
const InterviewsOffersPage = page<{ tab: 'interviews' | 'offers' }>(
  () => import('../features/recruitment/pages/interviews-offers-page.tsx'),
  'InterviewsOffersPage',
);
const WebsiteDashboardPage = page(() => import('../features/website/pages/website-dashboard-page.tsx'), 'WebsiteDashboardPage');
const OnboardingDashboardPage = page(() => import('../features/onboarding/pages/onboarding-dashboard-page.tsx'), 'OnboardingDashboardPage');
const OnboardingRolePage = page(() => import('../features/onboarding/pages/onboarding-role-page.tsx'), 'OnboardingRolePage');

const MySettingsPage = page(() => import('../features/settings/pages/my-settings-page.tsx'), 'MySettingsPage');
const MyOrganisationsPage = page(() => import('../features/organisations/pages/my-organisations-page.tsx'), 'MyOrganisationsPage');
const OrganisationSettingsPage = page(
  () => import('../features/settings/pages/organisation-settings-page.tsx'),
  'OrganisationSettingsPage',
);
const OrganisationUsersPage = page(() => import('../features/settings/pages/organisation-users-page.tsx'), 'OrganisationUsersPage');
const RecruitmentSettingsPage = page<{ tab: 'recruitment' | 'api-keys' }>(
  () => import('../features/settings/pages/recruitment-settings-page.tsx'),
  'RecruitmentSettingsPage',
);
const ExperienceLevelsPage = page(() => import('../features/settings/pages/experience-levels-page.tsx'), 'ExperienceLevelsPage');
const RecruitmentStatusPage = page(() => import('../features/settings/pages/recruitment-status-page.tsx'), 'RecruitmentStatusPage');
const BillingPage = page(() => import('../features/settings/pages/billing-page.tsx'), 'BillingPage');
const InvitationPage = page(() => import('../features/organisations/pages/invitation-page.tsx'), 'InvitationPage');
const PublicOfferPage = page(() => import('../features/public-offer/pages/public-offer-page.tsx'), 'PublicOfferPage');
const NewHirePage = page(() => import('../features/new-hire/pages/new-hire-page.tsx'), 'NewHirePage');

const titled = (title: string): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      // docs/product.md §5: / redirects to /dashboard (and /settings to /settings/me, below). The targets' guards apply.
      { path: '/', element: <Navigate to="/dashboard" replace /> },

      // Public.
      {
        element: <PublicLayout />,
        children: [
          { path: '/login', element: <LoginPage />, handle: titled('Log in') },
          { path: '/get-started', element: <GetStartedPage />, handle: titled('Log in') },
          // The accept link of an invitation mail: shown signed out too (sign-in comes back here).
          { path: '/invitations/:token', element: <InvitationPage />, handle: titled('Invitation') },
          // The candidate's offer link (docs/product.md §15): no account, works in a browser that was never signed in.
          { path: '/offer/:token', element: <PublicOfferPage />, handle: titled('Your offer') },
          // The new hire's page (docs/product.md §16): no account, a tokenised link from the hiring team.
          { path: '/new-hire/:token', element: <NewHirePage />, handle: titled('Welcome') },
        ],
      },

      // Auth.
      {
        element: <RequireAuth />,
        children: [
          // Settings group: reachable without an organisation.
          {
            path: '/settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: <Navigate to="/settings/me" replace /> },
              { path: 'me', element: <MySettingsPage />, handle: titled('My Personal Settings') },
              { path: 'my-organisations', element: <MyOrganisationsPage />, handle: titled('My Organisations and Memberships') },
              {
                element: <OrganisationSettingsGate />,
                children: [
                  { path: 'organisation', element: <OrganisationSettingsPage />, handle: titled('Organisation Settings') },
                  { path: 'organisation-users', element: <OrganisationUsersPage />, handle: titled('Organisation Users') },
                  { path: 'recruitment', element: <RecruitmentSettingsPage tab="recruitment" />, handle: titled('Recruitment settings') },
                  { path: 'experience-levels', element: <ExperienceLevelsPage />, handle: titled('Experience levels') },
                  { path: 'recruitment-status', element: <RecruitmentStatusPage />, handle: titled('Recruitment status') },
                  // The same screen as recruitment settings (docs/product.md §5), on its API keys tab.
                  { path: 'api-keys', element: <RecruitmentSettingsPage tab="api-keys" />, handle: titled('API keys') },
                  { path: 'billing', element: <BillingPage />, handle: titled('Billing') },
                ],
              },
            ],
          },

          // Main layout group: needs a current organisation.
          {
            element: <RequireOrganisation />,
            children: [
              {
                element: <MainLayout />,
                children: [
                  { path: '/dashboard', element: <DashboardPage />, handle: titled('Dashboard') },
                  { path: '/teams', element: <TeamsPage />, handle: titled('Teams') },
                  { path: '/clients', element: <TeamsPage />, handle: titled('Teams') },
                  { path: '/teams/:team', element: <TeamPage />, handle: titled('Team') },
                  { path: '/jobs', element: <JobsPage />, handle: titled('Job roles') },
                  { path: '/roles/:role', element: <RolePage />, handle: titled('Role') },
                  { path: '/recruitment', element: <RecruitmentDashboardPage />, handle: titled('Recruitment Dashboard') },
                  {
                    path: '/recruitment/:recruitment',
                    element: <RecruitmentDetailLayout kind="recruitment" />,
                    children: [
                      { index: true, element: <RecruitmentAnalyticsPage />, handle: titled('Recruitment analytics') },
                      { path: 'candidates', element: <CandidatesPage />, handle: titled('Candidates') },
                      { path: 'interviews', element: <InterviewsOffersPage tab="interviews" />, handle: titled('Interviews') },
                      // The same screen as interviews (docs/product.md §5), on its offers tab.
                      { path: 'offers', element: <InterviewsOffersPage tab="offers" />, handle: titled('Offers') },
                    ],
                  },
                  { path: '/website', element: <WebsiteDashboardPage />, handle: titled('Website Dashboard') },
                  { path: '/onboarding', element: <OnboardingDashboardPage />, handle: titled('Onboarding Dashboard') },
                  {
                    // "Role, reusing the recruitment detail layout" (docs/product.md §5).
                    path: '/onboarding/:onboarding',
                    element: <RecruitmentDetailLayout kind="onboarding" />,
                    children: [{ index: true, element: <OnboardingRolePage />, handle: titled('Onboarding role') }],
                  },
                ],
              },
            ],
          },
        ],
      },

      // Anything else.
      {
        element: <PublicLayout />,
        children: [{ path: '*', element: <NotFoundPage />, handle: titled('Page not found') }],
      },
    ],
  },
];

/** One row per routable path of the table. */
export type RouteEntry = {
  path: string;
  /** The page title (absent for redirects). */
  title?: string;
  /** Where the path redirects to. */
  redirectTo?: string;
  /** `auth` needs a signed-in user; `organisation` also a current organisation. */
  access: 'public' | 'auth' | 'organisation';
};

function joinPath(parent: string, child: string | undefined): string {
  if (child === undefined) return parent;
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

function redirectTarget(route: RouteObject): string | undefined {
  const element = route.element as { type?: unknown; props?: { to?: unknown } } | undefined;
  return element?.type === Navigate && typeof element.props?.to === 'string' ? element.props.to : undefined;
}

function flatten(list: RouteObject[], parent: string, access: RouteEntry['access'], out: RouteEntry[]): RouteEntry[] {
  for (const route of list) {
    const path = route.index ? parent : joinPath(parent, route.path);
    const element = route.element as { type?: unknown } | undefined;
    const nextAccess = element?.type === RequireOrganisation ? 'organisation' : element?.type === RequireAuth ? 'auth' : access;
    const redirectTo = redirectTarget(route);
    const handle = route.handle as RouteHandle | undefined;
    if (redirectTo !== undefined) out.push({ path, redirectTo, access: nextAccess });
    else if (handle?.title !== undefined) out.push({ path, title: handle.title, access: nextAccess });
    if (route.children) flatten(route.children, path, nextAccess, out);
  }
  return out;
}

/** The route table as plain data, e.g. `{ path: '/jobs', title: 'Job roles', access: 'organisation' }`. */
export const routeList: RouteEntry[] = flatten(routes, '', 'public', []);
