import type { OrganisationSummary } from '@hireloop/contract/auth';
import type { MemberRole } from '@hireloop/contract/constants';
import { permissionsOf } from '@hireloop/contract/permissions';

export const presentOrganisationSummary = (o: {
  id: string;
  name: string;
  slug: string;
  role: string;
  trailEndsAt: Date | null;
}): OrganisationSummary => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  role: o.role as MemberRole,
  trail_ends_at: o.trailEndsAt?.toISOString() ?? null,
  permissions: permissionsOf(o.role as MemberRole),
});
