import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import {
  INTERVIEW_DAYS_AHEAD_MAX,
  INTERVIEW_DAYS_BACK_MAX,
  INTERVIEW_MINUTES,
  INTERVIEW_TEXTS,
  type ConflictsResponse,
  type Interview,
  type RescheduleInterviewBody,
  type Scorecard,
  type ScorecardsResponse,
} from '@hireloop/contract/interviews';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { scheduleInterviewBody, scorecardBody } from '@hireloop/contract/interviews';
import {
  INTERVIEW_REFUSALS,
  interviewIsOpen,
  interviewOnlyFor,
  maySubmitScorecard,
  scorecardsHiddenFrom,
} from '@hireloop/contract/policies/interviews';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { icsAttachment, type IcsInvite } from '../../lib/ics.ts';
import { recordActivity } from '../activities/service.ts';
import { userIdOrNull } from '../actors/service.ts';
import { interviewTypeOf } from '../interview-types/service.ts';
import { enqueueMail } from '../mail/service.ts';
import { memberPeopleOf, membersAmong } from '../members/memberships.ts';
import { notify } from '../notifications/service.ts';
import { recruitmentState } from '../recruitments/service.ts';
import { ERASED_CANDIDATE_NAME, interviewUrl, presentInterview, presentScorecard, summaryOf } from './presenter.ts';
import {
  addInterviewers,
  applicationInterviews,
  findApplicationContext,
  findInterviewBase,
  insertInterview,
  insertScorecard,
  interviewersOf,
  listRecruitmentInterviews,
  lockInterview,
  organisationDefaults,
  overlapping,
  panelsOf,
  personOf,
  removeInterviewers,
  scorecardsOf,
  updateInterview,
  feedbackOwedBy,
  upcomingFor,
  claimFeedbackDue,
  endedWithoutFeedback,
  type InterviewBase,
  type InterviewFilters,
  type InterviewRow,
  type Person,
  scrubScorecardsOf,
} from './repository.ts';
import { formatDateTime, formatTime } from '@hireloop/contract/date-format';

type ScheduleInput = z.output<typeof scheduleInterviewBody>;
type ScorecardInput = z.output<typeof scorecardBody>;

const MINUTE = 60_000;
const DAY = 86_400_000;
const notFound = () => new AppError('not_found', INTERVIEW_TEXTS.notFound);
const applicationNotFound = () => new AppError('not_found', CANDIDATE_TEXTS.applicationNotFound);
const FALLBACK_ORGANISER_EMAIL = 'no-reply@hireloop.local';

function formatWhen(startsAt: Date, endsAt: Date, timezone: string) {
  return `${formatDateTime(startsAt, { timeZone: timezone })}–${formatTime(endsAt, { timeZone: timezone })} (${timezone})`;
}

/**
 * Start and end of a schedule or reschedule; throws 422 naming the field. A planned interview starts
 * in the future; one logged as having taken place (`tookPlace`) started in the past.
 */
function timesOf(
  input: { starts_at: string; ends_at?: string | undefined; duration_minutes?: number | undefined },
  fallbackMinutes: number,
  now: Date,
  tookPlace = false,
) {
  const startsAt = new Date(Date.parse(input.starts_at));
  if (tookPlace) {
    if (startsAt.getTime() > now.getTime()) throw validationFailed({ starts_at: [INTERVIEW_TEXTS.loggedInFuture] });
    if (startsAt.getTime() < now.getTime() - INTERVIEW_DAYS_BACK_MAX * DAY)
      throw validationFailed({ starts_at: [INTERVIEW_TEXTS.tooFarBack] });
  } else {
    if (startsAt.getTime() <= now.getTime()) throw validationFailed({ starts_at: [INTERVIEW_TEXTS.inPast] });
    if (startsAt.getTime() > now.getTime() + INTERVIEW_DAYS_AHEAD_MAX * DAY)
      throw validationFailed({ starts_at: [INTERVIEW_TEXTS.tooFarAhead] });
  }
  let endsAt: Date;
  if (input.ends_at !== undefined) {
    endsAt = new Date(Date.parse(input.ends_at));
    if (endsAt.getTime() <= startsAt.getTime()) throw validationFailed({ ends_at: [INTERVIEW_TEXTS.endBeforeStart] });
    const minutes = (endsAt.getTime() - startsAt.getTime()) / MINUTE;
    if (minutes < INTERVIEW_MINUTES.min || minutes > INTERVIEW_MINUTES.max)
      throw validationFailed({ ends_at: [INTERVIEW_TEXTS.durationRange] });
  } else {
    const minutes = input.duration_minutes ?? fallbackMinutes;
    if (minutes < INTERVIEW_MINUTES.min || minutes > INTERVIEW_MINUTES.max)
      throw validationFailed({ duration_minutes: [INTERVIEW_TEXTS.durationRange] });
    endsAt = new Date(startsAt.getTime() + minutes * MINUTE);
  }
  return { startsAt, endsAt };
}

async function interviewersFrom(db: Db, organisationId: string, ids: string[]): Promise<Person[]> {
  const unique = [...new Set(ids)];
  const people = await memberPeopleOf(db, organisationId, unique);
  if (people.length !== unique.length) throw validationFailed({ interviewer_ids: [INTERVIEW_TEXTS.interviewerUnknown] });
  return people;
}

type MailContext = {
  interview: InterviewRow;
  candidate: { id: string; name: string; email: string | null; erased: boolean };
  interviewers: Person[];
  organiser: { name: string; email: string };
  organisationName: string;
};

function inviteOf(c: MailContext, method: IcsInvite['method'], attendees: Person[], withCandidate: boolean): IcsInvite {
  const i = c.interview;
  const candidateAttendee =
    withCandidate && c.candidate.email && !c.candidate.erased ? [{ name: c.candidate.name, email: c.candidate.email }] : [];
  return {
    method,
    uid: i.icsUid,
    sequence: i.icsSequence,
    startsAt: i.startsAt,
    endsAt: i.endsAt,
    title: `${i.title}: ${c.candidate.name} — ${c.organisationName}`,
    description:
      [i.videoUrl ? `Video link: ${i.videoUrl}` : null, i.location ? `Location: ${i.location}` : null].filter(Boolean).join('\n') ||
      undefined,
    location: i.location,
    url: i.videoUrl,
    organiser: c.organiser,
    attendees: [...attendees.filter((p) => p.email).map((p) => ({ name: p.name, email: p.email! })), ...candidateAttendee],
  };
}

/** “Phone screen interview”, but “Technical interview” for a type already named so (any case). */
function interviewPhrase(title: string): string {
  return /\binterview$/i.test(title.trim()) ? title : `${title} interview`;
}

/** Queues one mail per recipient (each interviewer, and the candidate with an e-mail who is not erased). */
async function sendInvitations(tx: Db, c: MailContext, kind: 'invite' | 'update' | 'cancel', to: Person[], includeCandidate: boolean) {
  const i = c.interview;
  const method = kind === 'cancel' ? 'CANCEL' : 'REQUEST';
  // A cancellation to removed interviewers names only them; everything else the whole party.
  const attachment = icsAttachment(inviteOf(c, method, includeCandidate ? c.interviewers : to, includeCandidate));
  const when = formatWhen(i.startsAt, i.endsAt, i.timezone);
  const where = [i.location, i.videoUrl].filter(Boolean).join(' · ') || 'To be confirmed';
  const verb = kind === 'invite' ? 'Interview' : kind === 'update' ? 'Updated interview' : 'Cancelled interview';
  const recipients: Array<{ email: string; subject: string; text: string }> = [];
  // An invitation or an update goes to members only (one removed from the organisation while on the
  // panel hears nothing new); a cancellation reaches whoever holds the event, to take it off their calendar.
  const members =
    kind === 'cancel'
      ? null
      : new Set(
          await membersAmong(
            tx,
            c.interview.organisationId,
            to.map((p) => p.id),
          ),
        );
  for (const p of to) {
    if (!p.email || (members && !members.has(p.id))) continue;
    recipients.push({
      email: p.email,
      subject: `${verb}: ${i.title} with ${c.candidate.name}`,
      text:
        kind === 'cancel'
          ? `The ${interviewPhrase(i.title)} with ${c.candidate.name} on ${when} is cancelled.`
          : `${i.title} with ${c.candidate.name}\nWhen: ${when}\nWhere: ${where}\n\nThe calendar invitation is attached. Your interview kit and scorecard are in Hireloop.`,
    });
  }
  if (includeCandidate && c.candidate.email && !c.candidate.erased) {
    recipients.push({
      email: c.candidate.email,
      subject: `${verb} with ${c.organisationName}: ${i.title}`,
      text:
        kind === 'cancel'
          ? `Your ${interviewPhrase(i.title)} with ${c.organisationName} on ${when} is cancelled. We will be in touch.`
          : `Hello ${c.candidate.name},\n\n${kind === 'invite' ? 'You are invited to' : 'We have updated'} your ${interviewPhrase(i.title)} with ${c.organisationName}.\nWhen: ${when}\nWhere: ${where}\n\nThe calendar invitation is attached.`,
    });
  }
  for (const r of recipients)
    await enqueueMail(tx, { to: r.email, subject: r.subject, text: r.text, attachments: [attachment] }, { candidateId: c.candidate.id });
}

export function createInterviewService(db: Db) {
  function present(rows: InterviewBase[], viewer: Actor): Interview[] {
    return rows.map((r) =>
      presentInterview(
        r,
        r.panel.map((p) => ({ interviewId: r.interview.id, ...p })),
        r.heads.map((h) => ({ interviewId: r.interview.id, ...h })),
        viewer,
      ),
    );
  }

  async function presentOne(tx: Db, organisationId: string, id: string, viewer: Actor) {
    const base = await findInterviewBase(tx, organisationId, id);
    if (!base) throw notFound();
    return present([base], viewer)[0]!;
  }

  async function organiserOf(tx: Db, actor: Actor, organisationName: string) {
    if (actor.kind === 'user') {
      const me = await personOf(tx, actor.userId);
      if (me?.email) return { name: me.name, email: me.email };
    }
    return { name: organisationName, email: FALLBACK_ORGANISER_EMAIL };
  }

  /** The interview as the caller may see it (404 for an interviewer-role member not on it). */
  async function visible(organisationId: string, actor: Actor, id: string) {
    const base = await findInterviewBase(db, organisationId, id, interviewOnlyFor(actor));
    if (!base) throw notFound();
    return base;
  }

  return {
    async get(organisationId: string, actor: Actor, id: string) {
      const base = await visible(organisationId, actor, id);
      return present([base], actor)[0]!;
    },

    async listForRecruitment(
      organisationId: string,
      actor: Actor,
      recruitmentId: string,
      f: Omit<InterviewFilters, 'onlyFor'>,
      o: { page: number; perPage: number; now?: Date },
    ) {
      const { rows, total } = await listRecruitmentInterviews(
        db,
        organisationId,
        recruitmentId,
        { ...f, onlyFor: interviewOnlyFor(actor) },
        { page: o.page, perPage: o.perPage, now: o.now ?? new Date() },
      );
      // Rows are scoped to the organisation; only an empty page needs to tell "none" from "no such recruitment".
      if (total === 0 && !(await recruitmentState(db, organisationId, recruitmentId))) return null;
      return { interviews: present(rows, actor), total };
    },

    async listForApplication(organisationId: string, actor: Actor, applicationId: string) {
      if (!(await findApplicationContext(db, organisationId, applicationId))) throw applicationNotFound();
      const rows = await applicationInterviews(db, organisationId, applicationId, interviewOnlyFor(actor));
      return present(rows, actor);
    },

    async conflicts(
      organisationId: string,
      q: { userIds: string[]; startsAt: Date; endsAt: Date; excludeId?: string | undefined },
    ): Promise<ConflictsResponse> {
      if (q.endsAt.getTime() <= q.startsAt.getTime()) throw validationFailed({ ends_at: [INTERVIEW_TEXTS.endBeforeStart] });
      const members = await memberPeopleOf(db, organisationId, [...new Set(q.userIds)]);
      const rows = await overlapping(
        db,
        organisationId,
        members.map((m) => m.id),
        q.startsAt,
        q.endsAt,
        q.excludeId,
      );
      return {
        conflicts: rows.map((r) => ({
          user: { id: r.userId, name: r.userName },
          interview: {
            id: r.id,
            title: r.title,
            starts_at: r.startsAt.toISOString(),
            ends_at: r.endsAt.toISOString(),
            candidate_name: r.candidateName,
            recruitment: { id: r.recruitmentId, name: r.recruitmentName },
          },
        })),
      };
    },

    async schedule(organisationId: string, actor: Actor, applicationId: string, body: ScheduleInput, now = new Date()) {
      return db.transaction(async (tx) => {
        const app = await findApplicationContext(tx, organisationId, applicationId);
        if (!app) throw applicationNotFound();
        if (app.candidateErasedAt) throw new AppError('conflict', INTERVIEW_TEXTS.candidateErased);
        if (app.rejectedAt || app.recruitmentStatus === 'closed') throw new AppError('conflict', INTERVIEW_TEXTS.applicationClosed);
        const defaults = await organisationDefaults(tx, organisationId);
        if (!defaults) throw notFound();
        const type = await interviewTypeOf(tx, organisationId, body.type_id);
        if (!type) throw validationFailed({ type_id: [INTERVIEW_TEXTS.typeUnknown] });
        const tookPlace = body.took_place === true;
        const { startsAt, endsAt } = timesOf(body, defaults.minutes, now, tookPlace);
        if (!body.location && !body.video_url) throw validationFailed({ location: [INTERVIEW_TEXTS.locationRequired] });
        const people = await interviewersFrom(tx, organisationId, body.interviewer_ids);
        const row = await insertInterview(tx, {
          organisationId,
          applicationId,
          recruitmentId: app.recruitmentId,
          typeId: type.id,
          title: body.title ?? type.name,
          startsAt,
          endsAt,
          timezone: body.timezone ?? defaults.timezone,
          location: body.location,
          videoUrl: body.video_url,
          questions: body.questions ?? type.questions,
          criteria: body.criteria ?? type.criteria,
          // A logged interview took place: completed, so its scorecards are owed at once.
          status: tookPlace ? 'completed' : 'scheduled',
          icsUid: `${randomUUID()}@hireloop`,
          icsSequence: 0,
          organiserId: userIdOrNull(actor),
        });
        await addInterviewers(
          tx,
          row.id,
          people.map((p) => p.id),
        );
        // A record of the past invites nobody: no e-mail, no .ics, no "you are interviewing" notice.
        // Its interviewers see the scorecard they owe (dashboard, feedback-due notification).
        if (!tookPlace) {
          const candidate = { id: app.candidateId, name: app.candidateName, email: app.candidateEmail, erased: false };
          const organiser = await organiserOf(tx, actor, defaults.name);
          await sendInvitations(
            tx,
            { interview: row, candidate, interviewers: people, organiser, organisationName: defaults.name },
            'invite',
            people,
            true,
          );
          for (const p of people) {
            if (actor.kind === 'user' && actor.userId === p.id) continue;
            await notify(tx, {
              userId: p.id,
              organisationId,
              type: 'assigned',
              data: {
                title: `You are interviewing ${app.candidateName}`,
                body: `${row.title}, ${formatWhen(startsAt, endsAt, row.timezone)}`,
                url: interviewUrl(row.recruitmentId, row.id),
                interview_id: row.id,
              },
              candidateId: app.candidateId,
            });
          }
        }
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'interview.scheduled',
          candidateId: app.candidateId,
          applicationId,
          recruitmentId: app.recruitmentId,
          data: {
            interview_id: row.id,
            title: row.title,
            starts_at: startsAt.toISOString(),
            timezone: row.timezone,
            interviewers: people.map((p) => p.name),
            ...(tookPlace ? { logged: true } : {}),
          },
        });
        return presentOne(tx, organisationId, row.id, actor);
      });
    },

    async reschedule(organisationId: string, actor: Actor, id: string, body: RescheduleInterviewBody, now = new Date()) {
      return db.transaction(async (tx) => {
        const before = await lockInterview(tx, organisationId, id);
        if (!before) throw notFound();
        if (!interviewIsOpen(before.status)) throw new AppError('conflict', INTERVIEW_TEXTS.notScheduled);
        const app = await findApplicationContext(tx, organisationId, before.applicationId);
        const defaults = await organisationDefaults(tx, organisationId);
        if (!app || !defaults) throw notFound();
        const changes: Partial<InterviewRow> = {};
        const timeChanged = body.starts_at !== undefined || body.ends_at !== undefined || body.duration_minutes !== undefined;
        if (timeChanged) {
          const currentMinutes = Math.round((before.endsAt.getTime() - before.startsAt.getTime()) / MINUTE);
          const { startsAt, endsAt } = timesOf(
            {
              starts_at: body.starts_at ?? before.startsAt.toISOString(),
              ends_at: body.ends_at,
              duration_minutes: body.duration_minutes ?? (body.ends_at ? undefined : currentMinutes),
            },
            currentMinutes,
            now,
          );
          if (startsAt.getTime() !== before.startsAt.getTime()) changes.startsAt = startsAt;
          if (endsAt.getTime() !== before.endsAt.getTime()) changes.endsAt = endsAt;
        }
        if (body.timezone !== undefined && body.timezone !== before.timezone) changes.timezone = body.timezone;
        if (body.location !== undefined && (body.location || null) !== before.location) changes.location = body.location || null;
        if (body.video_url !== undefined && (body.video_url || null) !== before.videoUrl) changes.videoUrl = body.video_url || null;
        if (body.title !== undefined && body.title !== before.title) changes.title = body.title;
        if (body.questions !== undefined) changes.questions = body.questions;
        if (body.criteria !== undefined) changes.criteria = body.criteria;
        const location = changes.location !== undefined ? changes.location : before.location;
        const videoUrl = changes.videoUrl !== undefined ? changes.videoUrl : before.videoUrl;
        if (!location && !videoUrl) throw validationFailed({ location: [INTERVIEW_TEXTS.locationRequired] });

        const currentIds = (await interviewersOf(tx, [id])).map((p) => p.id);
        let added: Person[] = [];
        let removed: Person[] = [];
        let people: Person[];
        if (body.interviewer_ids !== undefined) {
          people = await interviewersFrom(tx, organisationId, body.interviewer_ids);
          const next = new Set(people.map((p) => p.id));
          added = people.filter((p) => !currentIds.includes(p.id));
          removed = await memberPeopleOf(
            tx,
            organisationId,
            currentIds.filter((u) => !next.has(u)),
          );
          // A removed user who left the organisation still gets the cancellation: look them up directly.
          for (const u of currentIds.filter((x) => !next.has(x) && !removed.some((r) => r.id === x))) {
            const p = await personOf(tx, u);
            if (p) removed.push(p);
          }
          await removeInterviewers(
            tx,
            id,
            removed.map((p) => p.id),
          );
          await addInterviewers(
            tx,
            id,
            added.map((p) => p.id),
          );
        } else {
          people = (await interviewersOf(tx, [id])).map(({ interviewId: _, ...p }) => p);
        }
        const noticeable =
          changes.startsAt !== undefined ||
          changes.endsAt !== undefined ||
          changes.location !== undefined ||
          changes.videoUrl !== undefined ||
          changes.title !== undefined ||
          added.length > 0 ||
          removed.length > 0;
        if (noticeable) changes.icsSequence = before.icsSequence + 1;
        const row = Object.keys(changes).length > 0 ? await updateInterview(tx, organisationId, id, changes) : before;
        if (!row) throw notFound();
        if (noticeable) {
          const candidate = {
            id: app.candidateId,
            name: app.candidateName,
            email: app.candidateEmail,
            erased: app.candidateErasedAt !== null,
          };
          const ctx = {
            interview: row,
            candidate,
            interviewers: people,
            organiser: await organiserOf(tx, actor, defaults.name),
            organisationName: defaults.name,
          };
          await sendInvitations(tx, ctx, 'update', people, true);
          if (removed.length > 0) await sendInvitations(tx, ctx, 'cancel', removed, false);
          for (const p of added) {
            if (actor.kind === 'user' && actor.userId === p.id) continue;
            await notify(tx, {
              userId: p.id,
              organisationId,
              type: 'assigned',
              data: {
                title: `You are interviewing ${app.candidateName}`,
                body: `${row.title}, ${formatWhen(row.startsAt, row.endsAt, row.timezone)}`,
                url: interviewUrl(row.recruitmentId, row.id),
                interview_id: row.id,
              },
              candidateId: app.candidateId,
            });
          }
          await recordActivity(tx, {
            organisationId,
            actor,
            type: 'interview.rescheduled',
            candidateId: app.candidateId,
            applicationId: row.applicationId,
            recruitmentId: row.recruitmentId,
            data: {
              interview_id: row.id,
              title: row.title,
              from: before.startsAt.toISOString(),
              starts_at: row.startsAt.toISOString(),
              timezone: row.timezone,
              added: added.map((p) => p.name),
              removed: removed.map((p) => p.name),
            },
          });
        }
        return presentOne(tx, organisationId, id, actor);
      });
    },

    async cancel(organisationId: string, actor: Actor, id: string, reason: string | undefined) {
      return db.transaction(async (tx) => {
        const before = await lockInterview(tx, organisationId, id);
        if (!before) throw notFound();
        // Cancelling again (a double click, a retry) answers with the cancelled interview; nobody is mailed twice.
        if (before.status === 'cancelled') return presentOne(tx, organisationId, id, actor);
        if (before.status === 'completed') throw new AppError('conflict', INTERVIEW_TEXTS.alreadyCompleted);
        const app = await findApplicationContext(tx, organisationId, before.applicationId);
        const defaults = await organisationDefaults(tx, organisationId);
        if (!app || !defaults) throw notFound();
        const row = await updateInterview(tx, organisationId, id, {
          status: 'cancelled',
          cancelledAt: new Date(),
          icsSequence: before.icsSequence + 1,
        });
        if (!row) throw notFound();
        const people = (await interviewersOf(tx, [id])).map(({ interviewId: _, ...p }) => p);
        const candidate = {
          id: app.candidateId,
          name: app.candidateName,
          email: app.candidateEmail,
          erased: app.candidateErasedAt !== null,
        };
        await sendInvitations(
          tx,
          {
            interview: row,
            candidate,
            interviewers: people,
            organiser: await organiserOf(tx, actor, defaults.name),
            organisationName: defaults.name,
          },
          'cancel',
          people,
          true,
        );
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'interview.cancelled',
          candidateId: app.candidateId,
          applicationId: row.applicationId,
          recruitmentId: row.recruitmentId,
          data: { interview_id: row.id, title: row.title, starts_at: row.startsAt.toISOString(), reason: reason ?? null },
        });
        return presentOne(tx, organisationId, id, actor);
      });
    },

    async complete(organisationId: string, actor: Actor, id: string, now = new Date()) {
      return db.transaction(async (tx) => {
        const before = await lockInterview(tx, organisationId, id);
        if (!before) throw notFound();
        if (before.status === 'cancelled') throw new AppError('conflict', INTERVIEW_TEXTS.alreadyCancelled);
        // Completing again answers with the completed interview, recording nothing more.
        if (before.status === 'completed') return presentOne(tx, organisationId, id, actor);
        if (before.startsAt.getTime() > now.getTime()) throw new AppError('conflict', INTERVIEW_TEXTS.completeBeforeStart);
        const app = await findApplicationContext(tx, organisationId, before.applicationId);
        await updateInterview(tx, organisationId, id, { status: 'completed' });
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'interview.completed',
          candidateId: app?.candidateId ?? null,
          applicationId: before.applicationId,
          recruitmentId: before.recruitmentId,
          data: { interview_id: id, title: before.title },
        });
        return presentOne(tx, organisationId, id, actor);
      });
    },

    async submitScorecard(organisationId: string, actor: Actor, id: string, body: ScorecardInput, now = new Date()): Promise<Scorecard> {
      return db.transaction(async (tx) => {
        const interview = await lockInterview(tx, organisationId, id);
        if (!interview) throw notFound();
        const interviewerIds = (await interviewersOf(tx, [id])).map((p) => p.id);
        const userId = userIdOrNull(actor);
        if (!userId || !maySubmitScorecard(actor, { panelIds: interviewerIds })) {
          throw new AppError('forbidden', INTERVIEW_REFUSALS.submit_scorecard);
        }
        if (interview.status === 'cancelled') throw new AppError('conflict', INTERVIEW_TEXTS.scorecardCancelled);
        if (interview.startsAt.getTime() > now.getTime()) throw new AppError('conflict', INTERVIEW_TEXTS.scorecardBeforeStart);
        const criteria = interview.criteria;
        const rated = new Map<string, number>();
        for (const r of body.ratings) {
          if (!criteria.includes(r.criterion) || rated.has(r.criterion))
            throw validationFailed({ ratings: [INTERVIEW_TEXTS.ratingCriterionUnknown] });
          rated.set(r.criterion, r.rating);
        }
        if (criteria.some((c) => !rated.has(c))) throw validationFailed({ ratings: [INTERVIEW_TEXTS.ratingMissing] });
        const row = await insertScorecard(tx, {
          organisationId,
          interviewId: id,
          interviewerId: userId,
          ratings: criteria.map((c) => ({ criterion: c, rating: rated.get(c)! })),
          recommendation: body.recommendation,
          notes: body.notes,
        });
        if (!row) throw new AppError('conflict', INTERVIEW_TEXTS.scorecardTwice);
        const app = await findApplicationContext(tx, organisationId, interview.applicationId);
        await recordActivity(tx, {
          organisationId,
          actor,
          type: 'scorecard.submitted',
          candidateId: app?.candidateId ?? null,
          applicationId: interview.applicationId,
          recruitmentId: interview.recruitmentId,
          data: { interview_id: id, title: interview.title, recommendation: body.recommendation },
        });
        const me = await personOf(tx, userId);
        return presentScorecard(row, me?.name ?? '');
      });
    },

    async scorecards(organisationId: string, actor: Actor, id: string): Promise<ScorecardsResponse> {
      await visible(organisationId, actor, id);
      const [people, rows] = await Promise.all([interviewersOf(db, [id]), scorecardsOf(db, id)]);
      const submitted = new Set(rows.map((r) => r.scorecard.interviewerId));
      const hidden = scorecardsHiddenFrom(actor, { panelIds: people.map((p) => p.id), submittedIds: [...submitted] });
      const visibleRows = hidden ? [] : rows;
      return {
        scorecards: visibleRows.map((r) => presentScorecard(r.scorecard, r.interviewerName)),
        hidden,
        pending: people.filter((p) => !submitted.has(p.id)).map((p) => ({ id: p.id, name: p.name })),
        summary: summaryOf(
          rows.map((r) => ({ interviewId: id, interviewerId: r.scorecard.interviewerId, recommendation: r.scorecard.recommendation })),
          people.length,
          hidden,
        ),
      };
    },
  };
}

export type InterviewService = ReturnType<typeof createInterviewService>;

/**
 * Per interview of the organisation among `ids`: who is on the panel and who has submitted a
 * scorecard. Other features showing interview facts (the timeline) judge them with
 * packages/contract/src/policies/interviews.ts.
 */
export function interviewPanels(db: Db, organisationId: string, ids: string[]) {
  return panelsOf(db, organisationId, ids);
}

/** The dashboard's lists: the user's upcoming interviews and the scorecards they owe. */
export async function dashboardInterviewsOf(db: Db, organisationId: string, userId: string, now = new Date(), limit = 10) {
  const [upcoming, owed] = await Promise.all([
    upcomingFor(db, organisationId, userId, now, limit),
    feedbackOwedBy(db, organisationId, userId, now, limit),
  ]);
  return {
    interviews: upcoming.map((r) => ({
      id: r.id,
      title: `${r.title}: ${r.candidateName}`,
      starts_at: r.startsAt.toISOString(),
      url: interviewUrl(r.recruitmentId, r.id),
    })),
    feedback_owed: owed.map((r) => ({
      id: r.id,
      title: `${r.title}: ${r.candidateName}`,
      due_at: r.endsAt.toISOString(),
      url: interviewUrl(r.recruitmentId, r.id),
    })),
  };
}

/**
 * After an interview ends, each interviewer without a scorecard gets one 'interview_feedback_due'
 * notification. Never twice, even from two app nodes checking at once: each interviewer's row is
 * claimed by a conditional update first, and only the transaction whose update hit it notifies.
 * Returns how many were sent.
 */
export async function notifyFeedbackDue(db: Db, now = new Date()) {
  return db.transaction(async (tx) => {
    const due = await endedWithoutFeedback(tx, now);
    let sent = 0;
    for (const d of due) {
      if (!(await claimFeedbackDue(tx, d.interviewId, d.userId, now))) continue;
      sent++;
      await notify(tx, {
        userId: d.userId,
        organisationId: d.organisationId,
        type: 'interview_feedback_due',
        data: {
          title: `Your scorecard for ${d.title} with ${d.candidateErased ? ERASED_CANDIDATE_NAME : d.candidateName} is due`,
          url: interviewUrl(d.recruitmentId, d.interviewId),
          interview_id: d.interviewId,
        },
        candidateId: d.candidateId,
      });
    }
    return sent;
  });
}
export { ERASED_CANDIDATE_NAME };

/** Candidate erasure (features/candidates/service.ts): the person's name and e-mail leave the scorecards about them. */
export const eraseScorecardMentions = (db: Db, organisationId: string, person: { id: string; name: string; email: string | null }) =>
  scrubScorecardsOf(db, organisationId, person);
