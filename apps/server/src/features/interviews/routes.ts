import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import { errorResponse } from '@hireloop/contract/error-response';
import {
  INTERVIEW_STATUSES,
  INTERVIEW_TEXTS,
  applicationInterviewsResponse,
  cancelInterviewBody,
  conflictsQuery,
  conflictsResponse,
  interviewListQuery,
  interviewResponse,
  interviewsResponse,
  rescheduleInterviewBody,
  scheduleInterviewBody,
  scorecardBody,
  scorecardResponse,
  scorecardsResponse,
} from '@hireloop/contract/interviews';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageMeta } from '../../lib/paging.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { userIdOrNull } from '../actors/service.ts';
import { createInterviewService } from './service.ts';

const tags = ['interviews'];
const recruitmentParams = z.object({ organisationId: z.string(), recruitment: z.string() });
const applicationParams = z.object({ organisationId: z.string(), application: z.string() });
const interviewParams = z.object({ organisationId: z.string(), interview: z.string() });

function idOf(value: string, text: string) {
  if (!isUuid(value)) throw new AppError('not_found', text);
  return value;
}

const idList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Interviews of applications, their invitations, and scorecards. */
export function interviewRoutes(db: Db, clock: Clock = systemClock) {
  const service = createInterviewService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/recruitments/:recruitment/interviews',
      {
        config: { permission: 'interviews.view' },
        schema: {
          tags,
          summary:
            "A recruitment's interviews, paged: filter[when] upcoming (default) | past | all, filter[status], filter[interviewer] (user id or `me`), filter[application]; an interviewer sees only the interviews they are on",
          params: recruitmentParams,
          querystring: interviewListQuery,
          response: { 200: interviewsResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const recruitmentId = idOf(request.params.recruitment, RECRUITMENT_TEXTS.notFound);
        const q = request.query;
        const f = q.filter ?? {};
        const actor = actorOf(request);
        const errors: Record<string, string[]> = {};
        let interviewerId = f.interviewer?.trim() || undefined;
        if (interviewerId === 'me') interviewerId = userIdOrNull(actor) ?? undefined;
        else if (interviewerId && !isUuid(interviewerId)) errors['filter.interviewer'] = [INTERVIEW_TEXTS.interviewerUnknown];
        const statuses = idList(f.status);
        if (statuses.some((s) => !(INTERVIEW_STATUSES as readonly string[]).includes(s)))
          errors['filter.status'] = ['filter[status] is scheduled, completed or cancelled.'];
        const applicationId = f.application?.trim() || undefined;
        if (applicationId && !isUuid(applicationId)) errors['filter.application'] = [CANDIDATE_TEXTS.applicationNotFound];
        if (Object.keys(errors).length > 0) throw validationFailed(errors);
        const result = await service.listForRecruitment(
          organisationIdOf(request),
          actor,
          recruitmentId,
          { interviewerId, statuses, when: f.when ?? 'upcoming', applicationId },
          { page: q.page, perPage: q.per_page, now: clock() },
        );
        if (!result) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
        return { interviews: { data: result.interviews, meta: pageMeta(q.page, q.per_page, result.total) } };
      },
    );

    r.get(
      '/applications/:application/interviews',
      {
        config: { permission: 'interviews.view' },
        schema: {
          tags,
          summary: "An application's interviews by start time (an interviewer sees only the ones they are on)",
          params: applicationParams,
          response: { 200: applicationInterviewsResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const applicationId = idOf(request.params.application, CANDIDATE_TEXTS.applicationNotFound);
        return { interviews: await service.listForApplication(organisationIdOf(request), actorOf(request), applicationId) };
      },
    );

    r.post(
      '/applications/:application/interviews',
      {
        config: { permission: 'interviews.manage' },
        schema: {
          tags,
          summary:
            'Schedules an interview; each interviewer and the candidate get an e-mail with an .ics invitation (METHOD:REQUEST); interviewers are notified. With took_place: true, logs a past interview instead (no invitations; completed; scorecards open at once)',
          params: applicationParams,
          body: scheduleInterviewBody,
          response: { 201: interviewResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const applicationId = idOf(request.params.application, CANDIDATE_TEXTS.applicationNotFound);
        const interview = await service.schedule(organisationIdOf(request), actorOf(request), applicationId, request.body, clock());
        return reply.code(201).send({ interview });
      },
    );

    r.get(
      '/interviews/conflicts',
      {
        config: { permission: 'interviews.manage' },
        schema: {
          tags,
          summary: "The given users' scheduled interviews overlapping starts_at–ends_at (exclude: an interview being rescheduled)",
          querystring: conflictsQuery,
          response: { 200: conflictsResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const userIds = idList(q.user_ids);
        if (userIds.length === 0 || userIds.length > 20 || userIds.some((id) => !isUuid(id)))
          throw validationFailed({ user_ids: [INTERVIEW_TEXTS.interviewerUnknown] });
        const exclude = q.exclude?.trim() || undefined;
        if (exclude && !isUuid(exclude)) throw validationFailed({ exclude: [INTERVIEW_TEXTS.notFound] });
        return service.conflicts(organisationIdOf(request), {
          userIds,
          startsAt: new Date(Date.parse(q.starts_at)),
          endsAt: new Date(Date.parse(q.ends_at)),
          excludeId: exclude,
        });
      },
    );

    r.get(
      '/interviews/:interview',
      {
        config: { permission: 'interviews.view' },
        schema: {
          tags,
          summary: 'One interview (404 for an interviewer who is not on it)',
          params: interviewParams,
          response: { 200: interviewResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const id = idOf(request.params.interview, INTERVIEW_TEXTS.notFound);
        return { interview: await service.get(organisationIdOf(request), actorOf(request), id) };
      },
    );

    r.patch(
      '/interviews/:interview',
      {
        config: { permission: 'interviews.manage' },
        schema: {
          tags,
          summary:
            'Reschedules or changes a scheduled interview; a change of time, place or interviewers re-sends the invitation (same UID, SEQUENCE+1) and METHOD:CANCEL to removed interviewers',
          params: interviewParams,
          body: rescheduleInterviewBody,
          response: { 200: interviewResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const id = idOf(request.params.interview, INTERVIEW_TEXTS.notFound);
        return { interview: await service.reschedule(organisationIdOf(request), actorOf(request), id, request.body, clock()) };
      },
    );

    r.post(
      '/interviews/:interview/cancel',
      {
        config: { permission: 'interviews.manage' },
        schema: {
          tags,
          summary: 'Cancels an interview; everyone invited gets METHOD:CANCEL',
          params: interviewParams,
          body: cancelInterviewBody,
          response: { 200: interviewResponse, 404: errorResponse, 409: errorResponse },
        },
      },
      async (request) => {
        const id = idOf(request.params.interview, INTERVIEW_TEXTS.notFound);
        return { interview: await service.cancel(organisationIdOf(request), actorOf(request), id, request.body?.reason) };
      },
    );

    r.post(
      '/interviews/:interview/complete',
      {
        config: { permission: 'interviews.manage' },
        schema: {
          tags,
          summary: 'Marks an interview that has started as completed',
          params: interviewParams,
          response: { 200: interviewResponse, 404: errorResponse, 409: errorResponse },
        },
      },
      async (request) => {
        const id = idOf(request.params.interview, INTERVIEW_TEXTS.notFound);
        return { interview: await service.complete(organisationIdOf(request), actorOf(request), id, clock()) };
      },
    );

    r.post(
      '/interviews/:interview/scorecard',
      {
        config: { permission: 'scorecards.submit' },
        schema: {
          tags,
          summary:
            "Submits the caller's scorecard (interviewers of it only, once): a 1–4 rating per kit criterion, a recommendation, notes",
          params: interviewParams,
          body: scorecardBody,
          response: { 201: scorecardResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const id = idOf(request.params.interview, INTERVIEW_TEXTS.notFound);
        const scorecard = await service.submitScorecard(organisationIdOf(request), actorOf(request), id, request.body, clock());
        return reply.code(201).send({ scorecard });
      },
    );

    r.get(
      '/interviews/:interview/scorecards',
      {
        config: { permission: 'interviews.view' },
        schema: {
          tags,
          summary: "An interview's scorecards; an interviewer of it sees the others' only after submitting their own",
          params: interviewParams,
          response: { 200: scorecardsResponse, 404: errorResponse },
        },
      },
      async (request) => {
        const id = idOf(request.params.interview, INTERVIEW_TEXTS.notFound);
        return service.scorecards(organisationIdOf(request), actorOf(request), id);
      },
    );
  };
}
