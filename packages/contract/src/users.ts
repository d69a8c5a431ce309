import { z } from 'zod';
import { memberRole } from './auth.ts';
import { paged } from './pagination.ts';

export const organisationUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  role: memberRole,
  joined_at: z.string(),
  /** What the caller may do to this member (policies/members.ts): the web shows its controls from these. */
  policies: z.object({ remove: z.boolean(), change_role: z.boolean() }),
});
export type OrganisationUser = z.infer<typeof organisationUser>;
export type MemberPolicies = OrganisationUser['policies'];

/** GET organisation/{id}/users → { users: { data, meta } }; `filter[name]` searches name and email. */
export const usersResponse = z.object({ users: paged(organisationUser) });
export type UsersResponse = z.infer<typeof usersResponse>;
