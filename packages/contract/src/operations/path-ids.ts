import { CANDIDATE_TEXTS } from '../candidates.ts';
import { ERROR_TEXTS } from '../errors.ts';
import { INTERVIEW_TEXTS } from '../interviews.ts';
import { OFFER_TEXTS } from '../offers.ts';
import { RECRUITMENT_TEXTS } from '../recruitments.ts';

/**
 * Path params that always name a row by its id (a uuid), by name, each with the text of the 404 a
 * malformed one gets: a malformed id names nothing, and the answer is the one an id of another
 * organisation's gets, never a 422 or a database error. The server checks every operation's params
 * against this before its handler runs (apps/server/src/http/route.ts). `{id}` is not here: it
 * names rows of many kinds, and its features check it themselves.
 */
export const PATH_IDS: Readonly<Record<string, string>> = {
  candidate: CANDIDATE_TEXTS.notFound,
  application: CANDIDATE_TEXTS.applicationNotFound,
  note: CANDIDATE_TEXTS.noteNotFound,
  file: CANDIDATE_TEXTS.fileNotFound,
  import: CANDIDATE_TEXTS.importNotFound,
  recruitment: RECRUITMENT_TEXTS.notFound,
  interview: INTERVIEW_TEXTS.notFound,
  offer: OFFER_TEXTS.notFound,
  invitation: ERROR_TEXTS.notFound,
  user: ERROR_TEXTS.notFound,
  organisation: ERROR_TEXTS.notFound,
};
