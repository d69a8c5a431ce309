/** The candidate's side lives with the offers (it shares their rules); this feature only exposes it without an account. */
export { createPublicOfferService, offerLinkOrganisation } from '../offers/service.ts';
