import type { MemberRole } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { membershipOf } from '../features/organisations/service.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's membership in the organisation of an `organisation/{id}/…` route. */
    membership: { organisationId: string; role: MemberRole } | null;
  }
  interface FastifyContextConfig {
    /** The least role that may call this organisation-scoped route (default: any member). */
    minRole?: MemberRole;
  }
}

export const ORGANISATION_PREFIX = '/organisation/:organisationId';

const ROLE_RANK: Record<MemberRole, number> = { owner: 5, admin: 4, recruiter: 3, hiring_manager: 2, interviewer: 1 };
export const roleAtLeast = (role: MemberRole, min: MemberRole) => ROLE_RANK[role] >= ROLE_RANK[min];

/**
 * The one place every `organisation/{id}/…` route passes: signed in (401), a member of that
 * organisation (404 otherwise: another organisation's id reveals nothing), with enough role (403).
 * Runs before the body is parsed, so a stranger learns nothing from validation either.
 */
export function organisationScope(db: Db, routes: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.decorateRequest('membership', null);
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      if (!request.auth) throw new AppError('unauthenticated', ERROR_TEXTS.unauthenticated);
      const { organisationId } = request.params as { organisationId?: string };
      const membership = organisationId ? await membershipOf(db, organisationId, request.auth.userId) : undefined;
      if (!organisationId || !membership) throw new AppError('not_found', ERROR_TEXTS.notFound);
      const minRole = request.routeOptions.config.minRole;
      if (minRole && !roleAtLeast(membership.role, minRole)) throw new AppError('forbidden', ERROR_TEXTS.forbidden);
      request.membership = { organisationId, role: membership.role };
    });
    for (const r of routes) await scope.register(r);
  };
}

/** The organisation id inside an organisation-scoped handler. */
export function organisationIdOf(request: FastifyRequest): string {
  if (!request.membership) throw new AppError('not_found', ERROR_TEXTS.notFound);
  return request.membership.organisationId;
}
