import type { OfferApprovalSetting, OrganisationSettings } from '@hireloop/contract/organisation-settings';
import type { OrganisationRow } from './repository.ts';

/** `offerApproval`: the row's approval setting as shown (with the named people's names; see presentApprovalPolicy). */
export const presentOrganisationSettings = (o: OrganisationRow, offerApproval: OfferApprovalSetting | null): OrganisationSettings => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  logo_url: o.logoUrl,
  website: o.website,
  timezone: o.timezone,
  offer_approval: offerApproval,
  created_at: o.createdAt.toISOString(),
});
