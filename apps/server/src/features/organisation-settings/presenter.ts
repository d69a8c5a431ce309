import type { OrganisationSettings } from '@hireloop/contract/organisation-settings';
import type { OrganisationRow } from './repository.ts';

export const presentOrganisationSettings = (o: OrganisationRow): OrganisationSettings => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  logo_url: o.logoUrl,
  website: o.website,
  timezone: o.timezone,
  created_at: o.createdAt.toISOString(),
});
