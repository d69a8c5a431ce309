import type { PolicyActor } from '@hireloop/contract/policies/actor';
import { memberPolicies } from '@hireloop/contract/policies/members';
import type { OrganisationUser } from '@hireloop/contract/users';
import type { MemberRow } from './repository.ts';

/** A member as `actor` sees them: with what they may do to them (`policies`, packages/contract/src/policies/members.ts). */
export const presentMember = (m: MemberRow, actor: PolicyActor): OrganisationUser => ({
  id: m.id,
  name: m.name,
  email: m.email,
  avatar_url: m.avatarUrl,
  role: m.role,
  joined_at: m.joinedAt.toISOString(),
  policies: memberPolicies(actor, m),
});
