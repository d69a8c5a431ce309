import { PRODUCT_NAME, TRIAL_DAYS } from '@hireloop/contract/constants';
import { LoginLink, SignInPanel } from '../components/sign-in-panel.tsx';

/** /get-started when signed out: sign in first, then come back here to create the organisation. */
export function GetStartedSignInPage() {
  return (
    <SignInPanel
      heading={`Get started with ${PRODUCT_NAME}`}
      intro={`Sign in with Google, then set up your organisation: it takes a minute and starts a ${TRIAL_DAYS}-day free trial.`}
      returnTo="/get-started"
      footer={<LoginLink />}
    />
  );
}
