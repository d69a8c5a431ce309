import type { MemberRole } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findActiveKeyByHash, touchKey } from './repository.ts';

export const API_KEY_PREFIX = 'hl_';
const KEY_PATTERN = /^hl_[A-Za-z0-9_-]{43}$/;
/** last_used_at needs no more precision than this; it saves a write per call. */
const TOUCH_EVERY_MS = 60_000;

export type ApiKeyIdentity = {
  id: string;
  organisationId: string;
  name: string;
  scopes: string[];
  createdBy: string | null;
  /** The creator's role in the organisation now; null when they are no longer a member. */
  creatorRole: MemberRole | null;
};

/** Resolves `Authorization: Bearer hl_…` to its live key, or undefined. */
export async function authenticateApiKey(db: Db, token: string): Promise<ApiKeyIdentity | undefined> {
  if (!KEY_PATTERN.test(token)) return undefined;
  const key = await findActiveKeyByHash(db, sha256(token));
  if (!key) return undefined;
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > TOUCH_EVERY_MS) await touchKey(db, key.id);
  return {
    id: key.id,
    organisationId: key.organisationId,
    name: key.name,
    scopes: key.scopes,
    createdBy: key.createdBy,
    creatorRole: (key.creatorRole as MemberRole | null) ?? null,
  };
}

export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : undefined;
}
