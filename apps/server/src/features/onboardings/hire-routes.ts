import { errorResponse } from '@hireloop/contract/error-response';
import {
  HIRE_SORTS,
  createHireBody,
  hireBoardResponse,
  hireResponse,
  hiresResponse,
  moveHireBody,
  moveHireResponse,
  newHireLinkResponse,
  updateHireBody,
} from '@hireloop/contract/onboarding';
import { listQuery } from '@hireloop/contract/pagination';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import type { HireService } from './hires.ts';
import type { HireSort } from './repository.ts';

const tags = ['onboarding'];
const onboardingParams = z.object({ organisationId: z.string(), onboardingId: z.string() });
const hireParams = z.object({ organisationId: z.string(), hireId: z.string() });
const hiresQuery = listQuery.extend({
  filter: z.record(z.string(), z.string().max(2000)).optional(),
  q: z.string().max(200).optional(),
});
const isSort = (s: string): s is HireSort => (HIRE_SORTS as readonly string[]).includes(s);

/** Hires: the table, the board, one hire, adding by hand, moving, the new-hire link. */
export function hireRoutes(hires: HireService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/onboardings/:onboardingId/hires',
      {
        config: { permission: 'onboarding.view' },
        schema: {
          tags,
          summary: `The onboarding's hires (table): filter[stage] (stage ids, comma-separated), q (name or e-mail), sort: ${HIRE_SORTS.join(', ')}`,
          params: onboardingParams,
          querystring: hiresQuery,
          response: { 200: hiresResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const sort = q.sort ?? 'stage';
        if (!isSort(sort)) throw validationFailed({ sort: [`Sort by one of: ${HIRE_SORTS.join(', ')}.`] });
        const search = (q.q ?? q.filter?.search)?.trim() || undefined;
        const stageIds = (q.filter?.stage ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const { hires: data, total } = await hires.list(organisationIdOf(request), request.params.onboardingId, {
          page: q.page,
          perPage: q.per_page,
          sort,
          stageIds,
          search,
        });
        return { hires: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.get(
      '/onboardings/:onboardingId/board',
      {
        // The default stages are created on first use.
        config: { permission: 'onboarding.view', writes: true },
        schema: {
          tags,
          summary: 'The board: every stage in order with its hires in board order',
          params: onboardingParams,
          response: { 200: hireBoardResponse, 404: errorResponse },
        },
      },
      async (request) => ({ board: await hires.board(organisationIdOf(request), request.params.onboardingId) }),
    );
    r.post(
      '/hires',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: "Adds a hire by hand to the role's onboarding (created when needed), first stage, the template's checklist copied",
          body: createHireBody,
          response: { 201: hireResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const hire = await hires.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ hire });
      },
    );
    r.get(
      '/hires/:hireId',
      {
        config: { permission: 'onboarding.view' },
        schema: {
          tags,
          summary: 'One hire with its checklist and documents',
          params: hireParams,
          response: { 200: hireResponse, 404: errorResponse },
        },
      },
      async (request) => ({ hire: await hires.detail(organisationIdOf(request), request.params.hireId) }),
    );
    r.patch(
      '/hires/:hireId',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Changes the start date (relative due dates follow), manager, buddy (their tasks follow) or first-day information',
          params: hireParams,
          body: updateHireBody,
          response: { 200: hireResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({ hire: await hires.update(organisationIdOf(request), actorOf(request), request.params.hireId, request.body) }),
    );
    r.delete(
      '/hires/:hireId',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Removes the hire from onboarding, with its checklist and documents',
          params: hireParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await hires.remove(organisationIdOf(request), actorOf(request), request.params.hireId);
        return reply.code(204).send(null);
      },
    );
    r.post(
      '/hires/:hireId/move',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary:
            'Moves the hire to a stage, between after_id and before_id or at the end; conflict: true when `version` was stale; a card already there is left as it is',
          params: hireParams,
          body: moveHireBody,
          response: { 200: moveHireResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => hires.move(organisationIdOf(request), actorOf(request), request.params.hireId, request.body),
    );
    r.post(
      '/hires/:hireId/new-hire-link',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Issues a fresh new-hire link (the old one stops working) and e-mails it to the hire',
          params: hireParams,
          response: { 200: newHireLinkResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => hires.newHireLink(organisationIdOf(request), actorOf(request), request.params.hireId),
    );
  };
}
