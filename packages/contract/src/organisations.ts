import { z } from 'zod';
import { line } from './text.ts';
import { organisationSummary } from './auth.ts';
import { timezoneField } from './timezones.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Field rules shared by creating an organisation and its settings. */
export const organisationNameField = line()
  .trim()
  .min(2, 'The name must be at least 2 characters.')
  .max(120, 'The name may not be longer than 120 characters.');
export const organisationSlugField = z
  .string()
  .trim()
  .min(2, 'The URL slug must be at least 2 characters.')
  .max(60, 'The URL slug may not be longer than 60 characters.')
  .regex(SLUG_PATTERN, 'Use lowercase letters, digits and single dashes.');
/** http(s) only: a `javascript:` URL must never become a link. Empty clears it. */
export const organisationWebsiteField = z.union([
  z.url({ protocol: /^https?$/, error: 'Enter a full URL, e.g. https://example.com.' }),
  z.literal(''),
]);

export const createOrganisationBody = z.object({
  name: organisationNameField,
  slug: organisationSlugField.optional(),
  timezone: timezoneField.default('UTC'),
  website: organisationWebsiteField.optional(),
  size: z.enum(['1-10', '11-50', '51-200', '201-1000', '1000+']).optional(),
});
export type CreateOrganisationBody = z.input<typeof createOrganisationBody>;

export const organisationResponse = z.object({ organisation: organisationSummary });
