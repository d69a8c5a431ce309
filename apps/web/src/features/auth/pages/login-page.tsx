import { PRODUCT_NAME } from '@hireloop/contract/constants';
import { Navigate, useSearchParams } from 'react-router';
import { isAuthenticated, useAuth } from '../../session/auth-store.ts';
import { safeRedirect } from '../../session/sign-in.ts';
import { GetStartedLink, SignInPanel } from '../components/sign-in-panel.tsx';

/** /login: Google sign-in; afterwards the user lands on the page they asked for (`?redirect=`). */
export function LoginPage() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  if (isAuthenticated(auth)) return <Navigate to={redirect} replace />;
  return (
    <SignInPanel
      heading="Log in"
      intro={`Sign in to ${PRODUCT_NAME} with your Google account.`}
      returnTo={redirect}
      footer={<GetStartedLink />}
    />
  );
}
