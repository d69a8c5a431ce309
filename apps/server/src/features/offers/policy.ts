import { actorMay } from '@hireloop/contract/policies/actor';
import type { Actor } from '../../http/organisation-scope.ts';

/**
 * Who may see an offer, its approvals (with their comments) and its letter: whoever may call
 * GET /offers/{id}, i.e. has `offers.view` (403 otherwise). There is no per-offer rule beyond it.
 */
export function mayViewOffers(actor: Actor): boolean {
  return actorMay(actor, 'offers.view');
}
