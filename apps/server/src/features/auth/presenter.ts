import type { SessionUser } from '@hireloop/contract/auth';
import type { UserRow } from './repository.ts';

export const presentUser = (u: Pick<UserRow, 'id' | 'name' | 'email' | 'avatarUrl' | 'currentOrganisationId'>): SessionUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  avatar_url: u.avatarUrl,
  current_organisation_id: u.currentOrganisationId,
});
