import type { ActivityType } from '@hireloop/contract/candidates';
import type { Db } from '../../db/client.ts';
import { actorMay } from '@hireloop/contract/policies/actor';
import { mayViewInterview, scorecardsHiddenFrom } from '@hireloop/contract/policies/interviews';
import { mayViewOffers } from '@hireloop/contract/policies/offers';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { interviewPanels } from '../interviews/service.ts';
import { allCandidateActivities, listRecentActivities, type ActivityRow } from './repository.ts';

type Data = Record<string, unknown>;
type Facts = { reader: Actor; panels: Awaited<ReturnType<typeof interviewPanels>> };
/** The row's data as this reader may see it, or null: the row is left out. */
type Rule = (data: Data, facts: Facts) => Data | null;

const without = (data: Data, ...keys: string[]): Data => Object.fromEntries(Object.entries(data).filter(([k]) => !keys.includes(k)));
const interviewIdOf = (data: Data) => (typeof data.interview_id === 'string' && isUuid(data.interview_id) ? data.interview_id : null);
const panelOf = (data: Data, facts: Facts) => {
  const id = interviewIdOf(data);
  // An interview that is gone (or an id that names none) has nobody on its panel.
  return (id && facts.panels.get(id)) || { panelIds: [], submittedIds: [] };
};

/** Whoever may read the candidate (candidates.view, the timeline's own permission) sees it as written. */
const asWritten: Rule = (data) => data;
/** As GET /interviews/{id}: an interviewer-role member only for the interviews they are on. */
const interviewRow: Rule = (data, facts) => (mayViewInterview(facts.reader, panelOf(data, facts).panelIds) ? data : null);
/**
 * As the interview, and as GET /interviews/{id}/scorecards: someone on the panel who has not submitted
 * yet sees that a scorecard came in and from whom (the row's actor), not its recommendation.
 */
const scorecardRow: Rule = (data, facts) => {
  const panel = panelOf(data, facts);
  if (!mayViewInterview(facts.reader, panel.panelIds)) return null;
  return scorecardsHiddenFrom(facts.reader, panel) ? without(data, 'recommendation') : data;
};
/** As GET /offers/{id}: offers.view, else the row (its status, comment, reason) is left out. */
const offerRow: Rule = (data, facts) => (mayViewOffers(facts.reader) ? data : null);

/** Onboarding's rows: with onboarding.view. */
const onboardingRow: Rule = (data, facts) => (actorMay(facts.reader, 'onboarding.view') ? data : null);

/**
 * THE mapping: for every activity type the app writes, which object's policy decides the row and what
 * of its data a reader sees. A new type does not compile until it is given a rule here.
 */
export const TIMELINE_RULES: Record<ActivityType, Rule> = {
  'candidate.created': asWritten,
  'candidate.updated': asWritten, // names of the changed fields only
  'candidate.merged': asWritten,
  'candidate.erased': asWritten,
  'candidate.exported': asWritten,
  'application.created': asWritten,
  // A stage move is visible with the application; a move to hired by an accepted offer names the offer.
  'application.moved': (data, facts) => (mayViewOffers(facts.reader) ? data : without(data, 'offer_id')),
  'application.rejected': asWritten,
  'application.restored': asWritten,
  'application.transferred': asWritten,
  'application.rated': asWritten,
  'application.tagged': asWritten,
  'note.added': asWritten, // notes are read with candidates.view
  'note.deleted': asWritten,
  'file.uploaded': asWritten, // files are read with candidates.view
  'file.deleted': asWritten,
  'interview.scheduled': interviewRow,
  'interview.rescheduled': interviewRow,
  'interview.cancelled': interviewRow,
  'interview.completed': interviewRow,
  'scorecard.submitted': scorecardRow,
  'offer.created': offerRow,
  'offer.submitted': offerRow,
  'offer.approved': offerRow,
  'offer.rejected': offerRow,
  'offer.sent': offerRow,
  'offer.accepted': offerRow,
  'offer.declined': offerRow,
  'offer.withdrawn': offerRow,
  'offer.expired': offerRow,
  'offer.approver_replaced': offerRow,
  'onboarding.started': onboardingRow,
  'onboarding.task_unassigned': onboardingRow,
};

/**
 * The rows this reader may see, each cut to what they may see of it, in the same order. A row of a
 * type without a rule (not written by this version) is left out.
 */
export async function visibleActivities(db: Db, organisationId: string, reader: Actor, rows: ActivityRow[]): Promise<ActivityRow[]> {
  const interviewIds = new Set<string>();
  for (const r of rows) {
    const id = interviewIdOf(r.data);
    if (id && (r.type.startsWith('interview.') || r.type === 'scorecard.submitted')) interviewIds.add(id);
  }
  const facts: Facts = { reader, panels: await interviewPanels(db, organisationId, [...interviewIds]) };
  const visible: ActivityRow[] = [];
  for (const r of rows) {
    const rule = (TIMELINE_RULES as Record<string, Rule | undefined>)[r.type];
    const data = rule ? rule(r.data, facts) : null;
    if (data) visible.push(data === r.data ? r : { ...r, data });
  }
  return visible;
}

/** A page of the candidate's timeline as this reader may see it; `total` counts only those rows. */
export async function candidateTimelineFor(
  db: Db,
  organisationId: string,
  reader: Actor,
  candidateId: string,
  o: { page: number; perPage: number },
) {
  const rows = await visibleActivities(db, organisationId, reader, await allCandidateActivities(db, organisationId, candidateId));
  const start = (o.page - 1) * o.perPage;
  return { rows: rows.slice(start, start + o.perPage), total: rows.length };
}

/** How many of the latest entries are read at most to find a reader's `limit` visible ones. */
const RECENT_READ_MAX = 500;
const RECENT_BATCH = 100;

/**
 * The organisation's latest activity (in these recruitments) this reader may see, at most `limit`.
 * Reads newest first in batches until enough are visible, at most the latest 500; a reader who may
 * see little gets fewer. The first batch is twice `limit`: most readers see most entries, and each
 * entry read is joined to its candidate.
 */
export async function recentActivitiesFor(db: Db, organisationId: string, reader: Actor, limit: number, recruitmentIds?: string[]) {
  const visible: ActivityRow[] = [];
  for (let read = 0; read < RECENT_READ_MAX && visible.length < limit;) {
    const batch = Math.min(read === 0 ? 2 * limit : RECENT_BATCH, RECENT_READ_MAX - read);
    const rows = await listRecentActivities(db, organisationId, batch, recruitmentIds, read);
    visible.push(...(await visibleActivities(db, organisationId, reader, rows)));
    if (rows.length < batch) break;
    read += batch;
  }
  return visible.slice(0, limit);
}
