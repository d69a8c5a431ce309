/** The new hire's side lives with the onboardings (it shares their rules); this feature only exposes it without an account. */
export { createPublicNewHireService, newHireLinkOrganisation } from '../onboardings/service.ts';
