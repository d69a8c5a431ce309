import { CANDIDATE_TEXTS, type NotePolicies } from '../candidates.ts';
import { actorMay, isAdmin, memberIdOf, type PolicyActor } from './actor.ts';

/**
 * Who may do what to a note on a candidate. The server enforces these
 * (apps/server/src/features/candidates/service.ts) and sends each note's answers for the caller as
 * `note.policies`; the web shows its controls from those (docs/architecture.md §10).
 */

/** What the policies need of a note: who wrote it (null: a former member or an API client). */
export type NoteFacts = { authorId: string | null };

/**
 * Delete: its author, an owner or an admin — a signed-in member who may write notes
 * (`candidates.note`, which API keys may not use). A note without an author only an owner or admin.
 */
export function mayDeleteNote(actor: PolicyActor, note: NoteFacts): boolean {
  if (!actorMay(actor, 'candidates.note')) return false;
  return isAdmin(actor) || (note.authorId !== null && note.authorId === memberIdOf(actor));
}

/** Why a delete is refused (403). */
export const NOTE_REFUSALS = { delete: CANDIDATE_TEXTS.noteNotYours } as const;

/** The note's actions this caller may take (`note.policies` in every note the API returns). */
export const notePolicies = (actor: PolicyActor, note: NoteFacts): NotePolicies => ({ delete: mayDeleteNote(actor, note) });
