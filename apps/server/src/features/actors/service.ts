import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { findUserName } from './repository.ts';

/** How the audit log names who acted: the member's name, or the API key's. */
export async function actorNameOf(db: Db, actor: Actor): Promise<string> {
  if (actor.kind === 'api_key') return `API key “${actor.name}”`;
  return (await findUserName(db, actor.userId)) ?? 'Unknown user';
}

/** The signed-in member's user id, or null for an API key or the system (the "created by" of their changes). */
export const userIdOrNull = (actor: Actor | { kind: 'system'; name?: string }): string | null =>
  actor.kind === 'user' ? actor.userId : null;
