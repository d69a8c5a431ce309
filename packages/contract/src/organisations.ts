import { z } from 'zod';
import { organisationSummary } from './auth.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const createOrganisationBody = z.object({
  name: z.string().trim().min(2, 'The name must be at least 2 characters.').max(120, 'The name may not be longer than 120 characters.'),
  slug: z
    .string()
    .trim()
    .min(2, 'The URL slug must be at least 2 characters.')
    .max(60, 'The URL slug may not be longer than 60 characters.')
    .regex(SLUG_PATTERN, 'Use lowercase letters, digits and single dashes.')
    .optional(),
  timezone: z.string().trim().min(1).max(64).default('UTC'),
  website: z.union([z.url('Enter a full URL, e.g. https://example.com.'), z.literal('')]).optional(),
  size: z.enum(['1-10', '11-50', '51-200', '201-1000', '1000+']).optional(),
});
export type CreateOrganisationBody = z.input<typeof createOrganisationBody>;

export const organisationResponse = z.object({ organisation: organisationSummary });
