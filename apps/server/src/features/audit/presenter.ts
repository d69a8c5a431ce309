import type { AuditEntry } from '@hireloop/contract/organisation-settings';
import type { auditLog } from '../../db/schema/audit-log.ts';

export const presentAuditEntry = (e: typeof auditLog.$inferSelect): AuditEntry => ({
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
