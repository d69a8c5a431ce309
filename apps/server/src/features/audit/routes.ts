import { auditLogQuery, auditLogResponse, isIsoDay } from '@hireloop/contract/organisation-settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../http/errors.ts';
import { organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { presentAuditEntry } from './presenter.ts';
import { listAuditEntries } from './repository.ts';

const DAY_MS = 86_400_000;

/** `2025-03-01` → its first instant (from) or its last (to), UTC; an instant stays itself. */
function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  if (!isIsoDay(value)) return new Date(value);
  const start = new Date(`${value}T00:00:00.000Z`);
  return end ? new Date(start.getTime() + DAY_MS - 1) : start;
}

/** GET organisation/{id}/audit-log: who did what, when, before → after; newest first, paged and filterable. */
export function auditRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/audit-log',
      {
        config: { permission: 'audit.view' },
        schema: {
          tags: ['audit log'],
          summary: 'The audit log; filter[action], filter[actor] (user id), filter[target_type], filter[from], filter[to] (ISO 8601)',
          querystring: auditLogQuery,
          response: { 200: auditLogResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const from = bound(q.filter?.from, false);
        const to = bound(q.filter?.to, true);
        if (from && to && from > to) throw validationFailed({ 'filter.to': ['The end date must not be before the start date.'] });
        const { rows, total } = await listAuditEntries(db, organisationIdOf(request), q.page, q.per_page, {
          action: q.filter?.action || undefined,
          actorUserId: q.filter?.actor,
          targetType: q.filter?.target_type || undefined,
          from,
          to,
        });
        return { audit_entries: { data: rows.map(presentAuditEntry), meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
  };
}
