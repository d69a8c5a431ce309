import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import { applicationOperations as ops } from '@hireloop/contract/operations/applications';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { applicationsCsv, exportFilename } from './csv.ts';
import { createApplicationService, type ApplicationFilterInput } from './service.ts';

/** filter[…] of the list and the export (parsed by the contract's query schema) → the service's filters. */
type ParsedFilters = {
  status?: string[] | undefined;
  state?: ApplicationFilterInput['state'];
  tag?: string | undefined;
  source?: string | undefined;
  rating?: number | undefined;
  applied_from?: string | undefined;
  applied_to?: string | undefined;
  search?: string | undefined;
};
const filtersOf = (f: ParsedFilters = {}): ApplicationFilterInput => ({
  statusIds: f.status,
  state: f.state,
  tag: f.tag,
  source: f.source,
  rating: f.rating,
  appliedFrom: f.applied_from,
  appliedTo: f.applied_to,
  search: f.search,
});

/** docs/product.md §13: a recruitment's candidates — the table, the board, moves, bulk actions and the CSV export. */
export function applicationRoutes(db: Db) {
  const service = createApplicationService(db);
  return async (app: FastifyInstance) => {
    const applications = { permission: 'candidates.view', apiKeyResource: 'applications' } as const;
    const manage = { permission: 'candidates.manage', apiKeyResource: 'applications' } as const;
    route(app, ops.list, applications, async (request) => {
      const q = request.query;
      const { applications: data, total } = await service.list(organisationIdOf(request), request.params.recruitment, {
        page: q.page,
        perPage: q.per_page,
        sort: q.sort,
        filters: filtersOf(q.filter),
      });
      return { applications: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, manage, async (request, reply) => {
      const result = await service.create(organisationIdOf(request), actorOf(request), request.params.recruitment, request.body);
      if ('duplicate' in result) {
        return reply.code(409).send({ message: CANDIDATE_TEXTS.duplicate, code: 'duplicate' as const, duplicate: result.duplicate });
      }
      return reply.code(201).send({ application: result.application });
    });
    route(app, ops.board, applications, async (request) => ({
      board: await service.board(organisationIdOf(request), request.params.recruitment),
    }));
    route(app, ops.bulk, manage, async (request) => ({
      bulk: await service.bulk(organisationIdOf(request), actorOf(request), request.params.recruitment, request.body),
    }));
    route(app, ops.export, { permission: 'candidates.export' }, async (request, reply) => {
      const q = request.query;
      const { recruitmentName, rows } = await service.exportRows(organisationIdOf(request), request.params.recruitment, {
        sort: q.sort,
        filters: filtersOf(q.filter),
        ids: q.ids,
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFilename(recruitmentName)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(applicationsCsv(rows));
    });
    route(app, ops.get, applications, async (request) => ({
      application: await service.detail(organisationIdOf(request), request.params.application),
    }));
    route(app, ops.update, manage, async (request) => ({
      application: await service.update(organisationIdOf(request), actorOf(request), request.params.application, request.body),
    }));
    route(app, ops.move, manage, async (request) =>
      service.move(organisationIdOf(request), actorOf(request), request.params.application, request.body),
    );
    route(app, ops.reject, manage, async (request) => ({
      application: await service.reject(organisationIdOf(request), actorOf(request), request.params.application, request.body),
    }));
    route(app, ops.restore, manage, async (request) => ({
      application: await service.restore(organisationIdOf(request), actorOf(request), request.params.application),
    }));
    route(app, ops.transfer, manage, async (request) => ({
      application: await service.transfer(
        organisationIdOf(request),
        actorOf(request),
        request.params.application,
        request.body.recruitment_id,
      ),
    }));
  };
}
