import type { Db } from '../../db/client.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { findUserName } from './repository.ts';

/** How the audit log names who acted: the member's name, or the API key's. */
export async function actorNameOf(db: Db, actor: Actor): Promise<string> {
  if (actor.kind === 'api_key') return `API key “${actor.name}”`;
  return (await findUserName(db, actor.userId)) ?? 'Unknown user';
}
