import { auditOperations as ops } from '@hireloop/contract/operations/audit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { presentAuditEntry } from './presenter.ts';
import { listAuditEntries } from './repository.ts';

/** GET organisation/{id}/audit-log: who did what, when, before → after; newest first, paged and filterable. */
export function auditRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    route(app, ops.list, { permission: 'audit.view' }, async (request) => {
      const q = request.query;
      const { rows, total } = await listAuditEntries(db, organisationIdOf(request), q.page, q.per_page, {
        action: q.filter?.action,
        actorUserId: q.filter?.actor,
        targetType: q.filter?.target_type,
        from: q.filter?.from,
        to: q.filter?.to,
      });
      return { audit_entries: { data: rows.map(presentAuditEntry), meta: pageMeta(q.page, q.per_page, total) } };
    });
  };
}
