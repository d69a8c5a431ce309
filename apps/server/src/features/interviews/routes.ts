import { interviewOperations as ops } from '@hireloop/contract/operations/interviews';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { userIdOrNull } from '../actors/service.ts';
import { createInterviewService } from './service.ts';

/** Interviews of applications, their invitations, and scorecards. */
export function interviewRoutes(db: Db, clock: Clock = systemClock) {
  const service = createInterviewService(db);
  return async (app: FastifyInstance) => {
    route(app, ops.listForRecruitment, { permission: 'interviews.view' }, async (request) => {
      const recruitmentId = request.params.recruitment;
      const q = request.query;
      const f = q.filter ?? {};
      const actor = actorOf(request);
      const interviewerId = f.interviewer === 'me' ? (userIdOrNull(actor) ?? undefined) : f.interviewer;
      const result = await service.listForRecruitment(
        organisationIdOf(request),
        actor,
        recruitmentId,
        { interviewerId, statuses: f.status ?? [], when: f.when ?? 'upcoming', applicationId: f.application },
        { page: q.page, perPage: q.per_page, now: clock() },
      );
      if (!result) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
      return { interviews: { data: result.interviews, meta: pageMeta(q.page, q.per_page, result.total) } };
    });
    route(app, ops.listForApplication, { permission: 'interviews.view' }, async (request) => ({
      interviews: await service.listForApplication(organisationIdOf(request), actorOf(request), request.params.application),
    }));
    route(app, ops.schedule, { permission: 'interviews.manage' }, async (request, reply) => {
      const applicationId = request.params.application;
      const interview = await service.schedule(organisationIdOf(request), actorOf(request), applicationId, request.body, clock());
      return reply.code(201).send({ interview });
    });
    route(app, ops.conflicts, { permission: 'interviews.manage' }, async (request) => {
      const q = request.query;
      return service.conflicts(organisationIdOf(request), {
        userIds: q.user_ids,
        startsAt: new Date(Date.parse(q.starts_at)),
        endsAt: new Date(Date.parse(q.ends_at)),
        excludeId: q.exclude,
      });
    });
    route(app, ops.get, { permission: 'interviews.view' }, async (request) => ({
      interview: await service.get(organisationIdOf(request), actorOf(request), request.params.interview),
    }));
    route(app, ops.reschedule, { permission: 'interviews.manage' }, async (request) => ({
      interview: await service.reschedule(organisationIdOf(request), actorOf(request), request.params.interview, request.body, clock()),
    }));
    route(app, ops.cancel, { permission: 'interviews.manage' }, async (request) => ({
      interview: await service.cancel(organisationIdOf(request), actorOf(request), request.params.interview, request.body?.reason),
    }));
    route(app, ops.complete, { permission: 'interviews.manage' }, async (request) => ({
      interview: await service.complete(organisationIdOf(request), actorOf(request), request.params.interview, clock()),
    }));
    route(app, ops.submitScorecard, { permission: 'scorecards.submit' }, async (request, reply) => {
      const id = request.params.interview;
      const scorecard = await service.submitScorecard(organisationIdOf(request), actorOf(request), id, request.body, clock());
      return reply.code(201).send({ scorecard });
    });
    route(app, ops.scorecards, { permission: 'interviews.view' }, async (request) =>
      service.scorecards(organisationIdOf(request), actorOf(request), request.params.interview),
    );
  };
}
