import { lazy } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { hasTeam, useAuth } from '../../features/session/auth-store.ts';

const GetStartedSignInPage = lazy(() =>
  import('../../features/auth/pages/get-started-sign-in-page.tsx').then((module) => ({ default: module.GetStartedSignInPage })),
);
const CreateOrganisationPage = lazy(() =>
  import('../../features/organisations/pages/create-organisation-page.tsx').then((module) => ({
    default: module.CreateOrganisationPage,
  })),
);

/**
 * /get-started (titled "Log in"): signed out, Google sign-in that comes back here; signed in,
 * the organisation is created. A user who already has one goes on to the dashboard unless
 * they asked for another (`?new=1`, from the organisation switcher).
 */
export function GetStartedPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  if (auth.status === 'pending') return null;
  if (auth.status === 'unauthenticated') return <GetStartedSignInPage />;
  if (hasTeam(auth) && params.get('new') !== '1') return <Navigate to="/dashboard" replace />;
  return <CreateOrganisationPage />;
}
