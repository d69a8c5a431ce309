import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { OrganisationTransactions } from '../db/organisation-transaction.ts';
import { isRandomToken, sha256 } from '../lib/tokens.ts';
import { inOrganisationTransaction } from './organisation-scope.ts';

/**
 * Routes reached without an account (the candidate's offer link, the new hire's link, the careers
 * site) reach one organisation's rows only, as organisation-scoped routes do: `organisationOf` finds
 * the organisation the request's token or slug names, in one narrow statement with the owner's
 * rights (it throws the route's own not-found error when it names none), and every handler of
 * `routes` then runs in that organisation's transaction as hireloop_app, where row-level security
 * (docs/decisions/011-row-level-security.md) keeps every query to its rows, whatever the query.
 */
/**
 * A public route's `organisationOf` for a link token (randomToken's shape; only its sha256 is
 * stored): `find` looks the hash up with the owner's rights; `notFound` is the route's own 404.
 */
export function organisationOfToken(find: (tokenHash: string) => Promise<string | null>, notFound: () => Error) {
  return async (token: string): Promise<string> => {
    const organisationId = isRandomToken(token) ? await find(sha256(token)) : null;
    if (!organisationId) throw notFound();
    return organisationId;
  };
}

export function publicOrganisationScope(
  routes: FastifyPluginAsync,
  opts: { inOrganisation: OrganisationTransactions; organisationOf: (request: FastifyRequest) => Promise<string> },
): FastifyPluginAsync {
  return async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      route.handler = inOrganisationTransaction(route.handler, opts.inOrganisation, opts.organisationOf);
    });
    await scope.register(routes);
  };
}
