import { API_BASE_PATH } from '@hireloop/contract/constants';

/* Where onboarding's links point. */

/** Where a hire's page in the app is. */
export const hirePagePath = (onboardingId: string, hireId: string) => `/onboarding/${onboardingId}?hire=${hireId}`;
/** The new-hire page (public, tokenised). */
export const newHirePath = (token: string) => `/new-hire/${token}`;
export const newHireLogoPath = (token: string) => `${API_BASE_PATH}/public/new-hire/${token}/logo`;
