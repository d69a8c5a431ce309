import { z } from 'zod';
import { line } from './text.ts';
import { paged } from './pagination.ts';

/** `read` reaches GET routes whose permission allows keys; `write` also their writes (docs/permissions.md). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** An API key as listed: never its token or hash, only the prefix that tells keys apart. */
export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
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
    .array(z.enum(API_KEY_SCOPES, { error: 'A scope is read or write.' }), { error: 'Choose at least one scope.' })
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_SCOPES.length, 'Choose read, write or both.')
    .refine((s) => new Set(s).size === s.length, 'Name each scope once.'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

/** POST → 201: the key, and its token — shown this once; only its hash is stored. */
export const createdApiKeyResponse = z.object({ api_key: apiKey, token: z.string() });
export type CreatedApiKeyResponse = z.infer<typeof createdApiKeyResponse>;
