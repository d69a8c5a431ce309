import type { OrganisationUser } from '@hireloop/contract/users';
import type { MemberRow } from './repository.ts';

export const presentMember = (m: MemberRow): OrganisationUser => ({
  id: m.id,
  name: m.name,
  email: m.email,
  avatar_url: m.avatarUrl,
  role: m.role,
  joined_at: m.joinedAt.toISOString(),
});
