import type { AuditEntry } from '@hireloop/contract/organisation-settings';
import type { AuditRow } from './repository.ts';

export const presentAuditEntry = (e: AuditRow): AuditEntry => ({
  id: e.id,
  action: e.action,
  target_type: e.targetType,
  target_id: e.targetId,
  actor: e.actorUserId
    ? { type: 'user', id: e.actorUserId, name: e.actorName }
    : e.actorApiKeyId
      ? { type: 'api_key', id: e.actorApiKeyId, name: e.actorName }
      : { type: 'system', id: null, name: e.actorName },
  before: e.before,
  after: e.after,
  created_at: e.createdAt.toISOString(),
});
