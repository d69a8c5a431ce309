import { errorResponse } from '@hireloop/contract/error-response';
import { listQuery } from '@hireloop/contract/pagination';
import {
  TEAM_KINDS,
  TEAM_NO_LOGO,
  TEAM_SORTS,
  teamBody,
  teamMembersBody,
  teamPatchBody,
  teamResponse,
  teamsResponse,
} from '@hireloop/contract/teams';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { pageMeta } from '../../lib/paging.ts';
import { sendStoredFile } from '../files/serve.ts';
import type { FileService } from '../files/service.ts';
import { acceptImageUploads, readImageUpload } from '../files/upload.ts';
import { createTeamService } from './service.ts';

const UPLOAD_RATE = { max: 20, timeWindow: '1 minute' };

const teamParams = z.object({ organisationId: z.string(), teamId: z.string() });
const tags = ['teams'];

const isSort = (s: string): s is (typeof TEAM_SORTS)[number] => (TEAM_SORTS as readonly string[]).includes(s);
const isKind = (s: string): s is (typeof TEAM_KINDS)[number] => (TEAM_KINDS as readonly string[]).includes(s);

/** docs/product.md §12: `organisation/{id}/teams` — teams and client companies with their hiring teams. */
export function teamRoutes(db: Db, files: FileService) {
  const teams = createTeamService(db, files);
  return async (app: FastifyInstance) => {
    await acceptImageUploads(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/teams',
      {
        config: { permission: 'teams.view' },
        schema: {
          tags,
          summary:
            'Teams and clients with counts of roles and hiring team; filter[name], filter[kind] (team|client), sort name|-name|created_at|-created_at',
          querystring: listQuery,
          response: { 200: teamsResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const q = request.query;
        const sort = q.sort ?? 'name';
        if (!isSort(sort)) throw new AppError('validation_failed', 'Unknown sort.', { sort: [`Sort by one of ${TEAM_SORTS.join(', ')}.`] });
        const kind = q.filter?.kind?.trim() || undefined;
        if (kind !== undefined && !isKind(kind)) {
          throw new AppError('validation_failed', 'Unknown kind.', { 'filter.kind': ['Filter by team or client.'] });
        }
        const { teams: data, total } = await teams.list(organisationIdOf(request), {
          page: q.page,
          perPage: q.per_page,
          name: q.filter?.name?.trim() || undefined,
          kind,
          sort,
        });
        return { teams: { data, meta: pageMeta(q.page, q.per_page, total) } };
      },
    );
    r.post(
      '/teams',
      {
        config: { permission: 'teams.manage' },
        schema: {
          tags,
          summary: 'Creates a team or client; names are unique in the organisation (ignoring case)',
          body: teamBody,
          response: { 201: teamResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        const team = await teams.create(organisationIdOf(request), actorOf(request), request.body);
        return reply.code(201).send({ team });
      },
    );
    r.get(
      '/teams/:teamId',
      {
        config: { permission: 'teams.view' },
        schema: {
          tags,
          summary: 'A team or client with its hiring team and its job roles',
          params: teamParams,
          response: { 200: teamResponse, 404: errorResponse },
        },
      },
      async (request) => ({ team: await teams.get(organisationIdOf(request), request.params.teamId) }),
    );
    r.patch(
      '/teams/:teamId',
      {
        config: { permission: 'teams.manage' },
        schema: {
          tags,
          summary: 'Changes a team or client; absent fields stay, null or empty clears an optional one',
          params: teamParams,
          body: teamPatchBody,
          response: { 200: teamResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        team: await teams.update(organisationIdOf(request), actorOf(request), request.params.teamId, request.body),
      }),
    );
    r.delete(
      '/teams/:teamId',
      {
        config: { permission: 'teams.manage' },
        schema: {
          tags,
          summary: 'Deletes a team or client; its job roles stay, without a team',
          params: teamParams,
          response: { 204: z.null(), 404: errorResponse },
        },
      },
      async (request, reply) => {
        await teams.remove(organisationIdOf(request), actorOf(request), request.params.teamId);
        return reply.code(204).send(null);
      },
    );
    r.put(
      '/teams/:teamId/members',
      {
        config: { permission: 'teams.manage' },
        schema: {
          tags,
          summary: 'Replaces the hiring team; every user must be a member of the organisation',
          params: teamParams,
          body: teamMembersBody,
          response: { 200: teamResponse, 404: errorResponse, 422: errorResponse },
        },
      },
      async (request) => ({
        team: await teams.setMembers(organisationIdOf(request), actorOf(request), request.params.teamId, request.body.user_ids),
      }),
    );
    r.get(
      '/teams/:teamId/logo',
      {
        config: { permission: 'teams.view' },
        schema: { tags, summary: 'The team’s or client’s logo (image/png)', params: teamParams, response: { 404: errorResponse } },
      },
      async (request, reply) => {
        const file = await teams.logo(organisationIdOf(request), request.params.teamId);
        if (!file) throw new AppError('not_found', TEAM_NO_LOGO);
        return sendStoredFile(reply, files, file, 'private, max-age=300');
      },
    );
    r.post(
      '/teams/:teamId/logo',
      {
        config: { permission: 'teams.manage', rateLimit: UPLOAD_RATE },
        schema: {
          tags,
          summary: 'Uploads the logo: multipart field `logo`, PNG/JPEG/WebP/GIF up to 2 MB, stored as a PNG within 512×512',
          params: teamParams,
          consumes: ['multipart/form-data'],
          response: { 200: teamResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request) => {
        const image = await readImageUpload(request, 'logo', 'logo');
        return { team: await teams.setLogo(organisationIdOf(request), actorOf(request), request.params.teamId, image) };
      },
    );
    r.delete(
      '/teams/:teamId/logo',
      {
        config: { permission: 'teams.manage' },
        schema: { tags, summary: 'Removes the logo', params: teamParams, response: { 200: teamResponse, 404: errorResponse } },
      },
      async (request) => ({ team: await teams.removeLogo(organisationIdOf(request), actorOf(request), request.params.teamId) }),
    );
  };
}
