import type { MemberRole } from '@hireloop/contract/constants';
import { memberPolicies } from '@hireloop/contract/policies/members';
import type { OrganisationUser } from '@hireloop/contract/users';
import type { Actor } from '../../http/organisation-scope.ts';
import type { listMembers } from './repository.ts';

type MemberRow = Awaited<ReturnType<typeof listMembers>>['rows'][number];

/** A member as the list shows them to `actor`, with what the actor may do to them. */
export function presentMember(actor: Actor, u: MemberRow): OrganisationUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    avatar_url: u.avatarUrl,
    role: u.role as MemberRole,
    joined_at: u.joinedAt.toISOString(),
    policies: memberPolicies(actor, { role: u.role as MemberRole }),
  };
}
