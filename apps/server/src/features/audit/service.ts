import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { userIdOrNull } from '../actors/service.ts';
import { insertAuditEntry } from './repository.ts';

export type AuditEntry = {
  organisationId: string;
  /** Who acted; `actorName` is kept so the log reads right after the person or key is gone. */
  actor: Actor | { kind: 'system' };
  actorName: string;
  /** `noun.verb`, e.g. `member.role_changed`, `organisation.updated`, `api_key.revoked`. */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Records an administrative action. Call it with the transaction that makes the change,
 * so the change and its record commit together or not at all.
 */
export async function recordAudit(db: Db, e: AuditEntry) {
  await insertAuditEntry(db, {
    organisationId: e.organisationId,
    actorUserId: userIdOrNull(e.actor),
    actorApiKeyId: e.actor.kind === 'api_key' ? e.actor.apiKeyId : null,
    actorName: e.actorName,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId ?? null,
    before: e.before ?? null,
    after: e.after ?? null,
  });
}
