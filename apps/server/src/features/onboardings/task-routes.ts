import { errorResponse } from '@hireloop/contract/error-response';
import { createHireTaskBody, hireTaskResponse, updateHireTaskBody } from '@hireloop/contract/onboarding';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { createHireTaskService } from './tasks.ts';

const tags = ['onboarding'];
const hireParams = z.object({ organisationId: z.string(), hireId: z.string() });
const taskParams = hireParams.extend({ taskId: z.string() });

/** A hire's checklist. */
export function taskRoutes(db: Db) {
  const tasks = createHireTaskService(db);
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/hires/:hireId/tasks',
      {
        config: { permission: 'onboarding.manage' },
        schema: {
          tags,
          summary: 'Adds a task to the checklist (owner: a member, due on a date)',
          params: hireParams,
          body: createHireTaskBody,
          response: { 201: hireTaskResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const task = await tasks.create(organisationIdOf(request), actorOf(request), request.params.hireId, request.body);
        return reply.code(201).send({ task });
      },
    );
    r.patch(
      '/hires/:hireId/tasks/:taskId',
      {
        config: { permission: 'onboarding.tasks' },
        schema: {
          tags,
          summary: 'Ticks, reopens or changes a task; without onboarding.manage only its owner may, and only tick or reopen it (403)',
          params: taskParams,
          body: updateHireTaskBody,
          response: { 200: hireTaskResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        task: await tasks.update(organisationIdOf(request), actorOf(request), request.params.hireId, request.params.taskId, request.body),
      }),
    );
    r.delete(
      '/hires/:hireId/tasks/:taskId',
      {
        config: { permission: 'onboarding.manage' },
        schema: { tags, summary: 'Deletes a task', params: taskParams, response: { 204: z.null(), 404: errorResponse } },
      },
      async (request, reply) => {
        await tasks.remove(organisationIdOf(request), actorOf(request), request.params.hireId, request.params.taskId);
        return reply.code(204).send(null);
      },
    );
  };
}
