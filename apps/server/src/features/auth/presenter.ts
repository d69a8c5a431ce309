import type { MemberRole } from '@hireloop/contract/constants';
import type { OrganisationSummary, SessionUser } from '@hireloop/contract/auth';
import type { UserRow } from './repository.ts';

export const presentUser = (u: UserRow): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  avatar_url: u.avatarUrl,
  current_organisation_id: u.currentOrganisationId,
});

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
});
