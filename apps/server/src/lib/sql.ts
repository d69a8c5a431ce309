/**
 * Pending: outer() lives in db/sql.ts. This forwarder remains only for features/careers and
 * features/website (live-roles.ts), whose move to their repositories is in progress elsewhere;
 * delete it once they import db/sql.ts.
 */
export { outer } from '../db/sql.ts';
