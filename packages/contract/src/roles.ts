import { z } from 'zod';
import { paged } from './pagination.ts';

/** A job role. Id and name are what selection lists need (SPEC §3); the hiring-core issue adds the rest. */
export const jobRole = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
});
export type JobRole = z.infer<typeof jobRole>;

export const rolesResponse = z.object({ roles: paged(jobRole) });
export type RolesResponse = z.infer<typeof rolesResponse>;

export const createRoleBody = z.object({
  name: z.string().trim().min(2, 'The name must be at least 2 characters.').max(160, 'The name may not be longer than 160 characters.'),
});
export const roleResponse = z.object({ role: jobRole });

/** Selection-list option (SPEC §3): label is the name, value the id. */
export type SelectOption = { label: string; value: string };
