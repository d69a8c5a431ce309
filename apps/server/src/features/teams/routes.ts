import { TEAM_NO_LOGO } from '@hireloop/contract/teams';
import { teamOperations as ops } from '@hireloop/contract/operations/teams';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import { pageMeta } from '../../lib/paging.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileService } from '../files/service.ts';
import { acceptImageUploads, readImageUpload } from '../files/upload.ts';
import { createTeamService } from './service.ts';

const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };

/** docs/product.md §12: `organisation/{id}/teams` — teams and client companies with their hiring teams. */
export function teamRoutes(db: Db, files: FileService) {
  const teams = createTeamService(db, files);
  return async (app: FastifyInstance) => {
    await acceptImageUploads(app);
    route(app, ops.list, { permission: 'teams.view' }, async (request) => {
      const q = request.query;
      const { teams: data, total } = await teams.list(organisationIdOf(request), {
        page: q.page,
        perPage: q.per_page,
        name: q.filter?.name,
        kind: q.filter?.kind,
        sort: q.sort,
      });
      return { teams: { data, meta: pageMeta(q.page, q.per_page, total) } };
    });
    route(app, ops.create, { permission: 'teams.manage' }, async (request, reply) => {
      const team = await teams.create(organisationIdOf(request), actorOf(request), request.body);
      return reply.code(201).send({ team });
    });
    route(app, ops.get, { permission: 'teams.view' }, async (request) => ({
      team: await teams.get(organisationIdOf(request), request.params.teamId),
    }));
    route(app, ops.update, { permission: 'teams.manage' }, async (request) => ({
      team: await teams.update(organisationIdOf(request), actorOf(request), request.params.teamId, request.body),
    }));
    route(app, ops.remove, { permission: 'teams.manage' }, async (request, reply) => {
      await teams.remove(organisationIdOf(request), actorOf(request), request.params.teamId);
      return reply.code(204).send(null);
    });
    route(app, ops.setMembers, { permission: 'teams.manage' }, async (request) => ({
      team: await teams.setMembers(organisationIdOf(request), actorOf(request), request.params.teamId, request.body.user_ids),
    }));
    route(app, ops.logo, { permission: 'teams.view' }, async (request, reply) => {
      const file = await teams.logo(organisationIdOf(request), request.params.teamId);
      if (!file) throw new AppError('not_found', TEAM_NO_LOGO);
      return sendStoredFile(reply, files, file, 'private, max-age=300');
    });
    route(app, ops.uploadLogo, { permission: 'teams.manage', rateLimit: UPLOAD_RATE }, async (request) => {
      const image = await readImageUpload(request, 'logo', 'logo');
      return { team: await teams.setLogo(organisationIdOf(request), actorOf(request), request.params.teamId, image) };
    });
    route(app, ops.removeLogo, { permission: 'teams.manage' }, async (request) => ({
      team: await teams.removeLogo(organisationIdOf(request), actorOf(request), request.params.teamId),
    }));
  };
}
