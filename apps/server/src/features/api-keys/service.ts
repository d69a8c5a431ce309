import { randomBytes } from 'node:crypto';
import { API_KEY_SCOPES, type CreateApiKeyBody } from '@hireloop/contract/api-keys';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { sha256 } from '../../lib/tokens.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { API_KEY_PREFIX } from './authenticate.ts';
import { presentApiKey } from './presenter.ts';
import { insertKey, isRevokedKey, listKeys, revokeKey } from './repository.ts';

/** `hl_` + the first 8 characters of the secret: enough to tell keys apart, far too little to guess one. */
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** `hl_` + 43 base64url characters: 256 random bits (authenticate.ts's KEY_PATTERN). */
export const newApiKeyToken = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

export function createApiKeyService(db: Db) {
  return {
    async list(organisationId: string, o: { page: number; perPage: number }) {
      const { rows, total } = await listKeys(db, organisationId, o);
      return { keys: rows.map(presentApiKey), total };
    },

    /** Returns the key and its token; the token is never stored (only its sha256) and never shown again. */
    async create(organisationId: string, actor: Actor, body: CreateApiKeyBody) {
      const actorName = await actorNameOf(db, actor);
      const token = newApiKeyToken();
      const scopes = API_KEY_SCOPES.filter((s) => body.scopes.includes(s));
      const createdBy = userIdOrNull(actor);
      return db.transaction(async (tx) => {
        const row = await insertKey(tx, {
          organisationId,
          name: body.name,
          prefix: token.slice(0, PREFIX_LENGTH),
          tokenHash: sha256(token),
          scopes,
          createdBy,
        });
        const apiKey = presentApiKey({ ...row, creatorName: createdBy ? actorName : null });
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'api_key.created',
          targetType: 'api_key',
          targetId: row.id,
          after: { name: apiKey.name, prefix: apiKey.prefix, scopes: apiKey.scopes },
        });
        return { apiKey, token };
      });
    },

    /**
     * The key stops working at once. Revoking a revoked key again (a double click, a retry) changes
     * nothing and is no error; 404 for an unknown key or another organisation's.
     */
    async revoke(organisationId: string, actor: Actor, id: string) {
      const actorName = await actorNameOf(db, actor);
      await db.transaction(async (tx) => {
        const revoked = isUuid(id) ? await revokeKey(tx, organisationId, id) : undefined;
        if (!revoked) {
          if (isUuid(id) && (await isRevokedKey(tx, organisationId, id))) return;
          throw new AppError('not_found', 'No such API key.');
        }
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'api_key.revoked',
          targetType: 'api_key',
          targetId: id,
          before: { name: revoked.name, prefix: revoked.prefix, scopes: revoked.scopes },
        });
      });
    },
  };
}
