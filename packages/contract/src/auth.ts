import { z } from 'zod';
import { MEMBER_ROLES } from './constants.ts';
import { PERMISSION_NAMES, type Permission } from './permissions.ts';

export const memberRole = z.enum(MEMBER_ROLES);

export const sessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  current_organisation_id: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const organisationSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: memberRole,
  trail_ends_at: z.string().nullable(),
  /** What the user may do in this organisation (contract/permissions.ts); the web hides the rest. */
  permissions: z.array(z.enum(PERMISSION_NAMES as [Permission, ...Permission[]])),
});
export type OrganisationSummary = z.infer<typeof organisationSummary>;

/** GET /auth → { auth: { user, organisations } }. The current organisation is listed first. */
export const authResponse = z.object({
  auth: z.object({ user: sessionUser, organisations: z.array(organisationSummary) }),
});
export type AuthResponse = z.infer<typeof authResponse>;

/** PUT /auth/current-organisation: switch, persisted on the user. */
export const switchOrganisationBody = z.object({ organisation_id: z.string().min(1) });
