import { z } from 'zod';
import { line } from './text.ts';
import { paged } from './pagination.ts';

/**
 * What an API key may reach, resource by resource: `{resource}:read` the reads of its routes,
 * `{resource}:write` also their writes (write implies read). Which routes belong to which resource
 * is in contract/permissions.ts and docs/permissions.md.
 */
export const API_KEY_RESOURCES = [
  'candidates',
  'applications',
  'recruitments',
  'interviews',
  'offers',
  'onboarding',
  'website',
  'organisation',
] as const;
export type ApiKeyResource = (typeof API_KEY_RESOURCES)[number];
export type ApiKeyAccess = 'read' | 'write';

/** Each resource's name, what it covers, and whether keys may write to it (the careers site: read only). */
export const API_KEY_RESOURCE_INFO: Record<ApiKeyResource, { label: string; covers: string; write: boolean }> = {
  candidates: { label: 'Candidates', covers: 'People, their files, notes and timeline; CSV import and export', write: true },
  applications: { label: 'Applications', covers: 'Candidates in a recruitment: list, board, move, tag, reject, transfer', write: true },
  recruitments: { label: 'Recruitments', covers: 'Recruitments, their hiring teams and analytics', write: true },
  interviews: { label: 'Interviews', covers: 'Interviews, interview types and scorecard summaries', write: true },
  offers: { label: 'Offers', covers: 'Offers, their approvals and letters', write: true },
  onboarding: { label: 'Onboarding', covers: 'Hires, their checklists and documents', write: true },
  website: { label: 'Careers site', covers: "The careers site's settings, published roles and jobs feed", write: false },
  organisation: { label: 'Organisation', covers: 'Members, teams and clients, job roles, recruitment settings', write: true },
};

export const API_KEY_SCOPES = API_KEY_RESOURCES.flatMap((r) =>
  API_KEY_RESOURCE_INFO[r].write ? [`${r}:read`, `${r}:write`] : [`${r}:read`],
) as ApiKeyScope[];
export type ApiKeyScope = `${ApiKeyResource}:${ApiKeyAccess}`;

/** Every read scope: what a key made only to read gets. */
export const API_KEY_READ_SCOPES = API_KEY_SCOPES.filter((s) => s.endsWith(':read'));

export const scopeOf = (resource: ApiKeyResource, access: ApiKeyAccess): ApiKeyScope => `${resource}:${access}`;

/** An API key as listed: never its token or hash, only the prefix that tells keys apart. */
export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]])),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** GET organisation/{id}/api-keys → { api_keys: { data, meta } }, newest first; revoked keys are gone. */
export const apiKeysResponse = z.object({ api_keys: paged(apiKey) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

export const API_KEY_NAME = { min: 2, max: 80 } as const;

export const createApiKeyBody = z.object({
  name: line({ error: 'Enter a name.' })
    .trim()
    .min(API_KEY_NAME.min, `The name must be at least ${API_KEY_NAME.min} characters.`)
    .max(API_KEY_NAME.max, `The name may not be longer than ${API_KEY_NAME.max} characters.`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES as [ApiKeyScope, ...ApiKeyScope[]], { error: `A scope is one of ${API_KEY_SCOPES.join(', ')}.` }), {
      error: 'Choose at least one scope.',
    })
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_SCOPES.length, 'Name each scope once.')
    .refine((s) => new Set(s).size === s.length, 'Name each scope once.'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

/** POST → 201: the key, and its token — shown this once; only its hash is stored. */
export const createdApiKeyResponse = z.object({ api_key: apiKey, token: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponse>;
