import type { ApiKey, ApiKeyScope } from '@hireloop/contract/api-keys';

export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  createdBy: string | null;
  creatorName: string | null;
};

/** Never the token or its hash: only the prefix that tells keys apart. */
export const presentApiKey = (k: ApiKeyView): ApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes as ApiKeyScope[],
  created_by: k.createdBy && k.creatorName !== null ? { id: k.createdBy, name: k.creatorName } : null,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
});
