import type { ApiKeyResource } from '../api-keys.ts';
import type { MemberRole } from '../constants.ts';
import { can, keyCan, type Permission } from '../permissions.ts';

/**
 * Who is asking, as the object policies (this folder) see them: a signed-in member with their role
 * here, or one of the organisation's API keys. A key carries who created it and that member's role
 * now (null: no longer a member): it never does more than they may. The server's caller
 * (`Actor`, apps/server/src/http/organisation-scope.ts) is one of these.
 */
export type PolicyActor =
  | { kind: 'user'; userId: string; role: MemberRole }
  | { kind: 'api_key'; scopes: readonly string[]; createdBy: string | null; creatorRole: MemberRole | null };

/**
 * Whether the caller has the permission: a member by role (permissions.ts), an API key by scope and
 * its creator's role. Every organisation-scoped route's gate, and the first question of every policy.
 */
export function actorMay(actor: PolicyActor, permission: Permission, resource?: ApiKeyResource): boolean {
  if (actor.kind === 'user') return can(actor.role, permission);
  return keyCan(actor.scopes, permission, resource) && creatorMay(actor, permission);
}

/** A key never exceeds its creator: they must still be a member whose role has the permission (a key whose creator's account is gone keeps its scopes). */
function creatorMay(key: Extract<PolicyActor, { kind: 'api_key' }>, permission: Permission): boolean {
  if (key.createdBy === null) return true;
  return key.creatorRole !== null && can(key.creatorRole, permission);
}

/** The signed-in member's id; null for an API key. */
export const memberIdOf = (actor: PolicyActor): string | null => (actor.kind === 'user' ? actor.userId : null);

/** Whether the caller is a signed-in owner or admin of the organisation (API keys never are). */
export const isAdmin = (actor: PolicyActor): boolean => actor.kind === 'user' && (actor.role === 'owner' || actor.role === 'admin');

/** Whether the caller is a signed-in owner of the organisation (API keys never are). */
export const isOwner = (actor: PolicyActor): boolean => actor.kind === 'user' && actor.role === 'owner';
