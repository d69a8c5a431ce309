import { randomUUID } from 'node:crypto';
import { DEFAULT_INTERVIEW_TYPES, type Recommendation } from '@hireloop/contract/interviews';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from './client.ts';
import { activities, applications, candidates } from './schema/candidates.ts';
import { interviewInterviewers, interviewTypes, interviews, scorecards } from './schema/interviews.ts';
import { recruitmentStatuses } from './schema/recruitment-settings.ts';
import { recruitments } from './schema/recruitments.ts';

type Person = { id: string; name: string };
type People = Record<'dana' | 'marcus' | 'priya' | 'tom' | 'elena', Person>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const TIMEZONE = 'Europe/London';
const RECOMMENDATIONS: Recommendation[] = ['strong_yes', 'yes', 'yes', 'no', 'strong_yes', 'yes', 'strong_no', 'yes'];
const NOTES = [
  'Clear thinker; explained trade-offs well.',
  'Good communication, a little light on depth in places.',
  'Strong examples from their current role.',
  'Would like to see more ownership; otherwise solid.',
  'Great energy and curiosity. Asked sharp questions.',
];

/**
 * Interviews of the demo (docs/product.md §14): the four default interview types with kits, and for the open
 * recruitments' candidates in Screening…Offer a past phone screen (completed, with scorecards; Elena
 * still owes one, so her dashboard shows feedback owed) and, for those in Interview or Technical
 * task, an upcoming technical or onsite interview (several with Elena and Tom on the panel).
 * Deterministic apart from ids and `now`.
 */
export async function seedDemoInterviews(tx: Db, organisationId: string, people: People, now = new Date()) {
  const types = await tx
    .insert(interviewTypes)
    .values(
      DEFAULT_INTERVIEW_TYPES.map((t, i) => ({
        organisationId,
        name: t.name,
        position: i + 1,
        questions: [...t.questions],
        criteria: [...t.criteria],
      })),
    )
    .returning();
  const typeNamed = (name: string) => types.find((t) => t.name === name)!;

  const rows = await tx
    .select({
      applicationId: applications.id,
      recruitmentId: applications.recruitmentId,
      candidateId: candidates.id,
      candidateName: candidates.name,
      stage: recruitmentStatuses.name,
    })
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .where(
      and(
        eq(applications.organisationId, organisationId),
        eq(recruitments.status, 'open'),
        isNull(applications.rejectedAt),
        inArray(recruitmentStatuses.name, ['Screening', 'Technical task', 'Interview', 'Offer']),
      ),
    )
    .orderBy(asc(recruitments.openedAt), asc(candidates.name))
    .limit(40);

  const panels: Person[][] = [
    [people.elena, people.tom],
    [people.priya, people.elena],
    [people.tom, people.marcus],
    [people.elena, people.dana],
    [people.priya, people.tom],
  ];
  const interviewRows: (typeof interviews.$inferInsert)[] = [];
  const panelRows: (typeof interviewInterviewers.$inferInsert)[] = [];
  const scorecardRows: (typeof scorecards.$inferInsert)[] = [];
  const activityRows: (typeof activities.$inferInsert)[] = [];
  const nowMs = now.getTime();
  /** A working-hours slot `days` from today (negative: in the past), at 9:00 + `slot` hours UTC. */
  const at = (days: number, slot: number) => {
    const d = new Date(nowMs + days * DAY);
    d.setUTCHours(9 + (slot % 7), slot % 2 === 0 ? 0 : 30, 0, 0);
    return d;
  };
  let elenaOwes = false;

  for (const [n, r] of rows.entries()) {
    const panel = panels[n % panels.length]!;
    const entry = { organisationId, candidateId: r.candidateId, applicationId: r.applicationId, recruitmentId: r.recruitmentId };
    const add = (typeName: string, startsAt: Date, minutes: number, status: 'scheduled' | 'completed', who: Person[], video: boolean) => {
      const type = typeNamed(typeName);
      const id = randomUUID();
      const scheduledAt = new Date(Math.min(nowMs - HOUR, startsAt.getTime() - 5 * DAY));
      interviewRows.push({
        id,
        organisationId,
        applicationId: r.applicationId,
        recruitmentId: r.recruitmentId,
        typeId: type.id,
        title: type.name,
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * 60_000),
        timezone: TIMEZONE,
        location: video ? null : 'Northwind Labs, 4th floor, Room Ada',
        videoUrl: video ? `https://meet.example.com/northwind-${id.slice(0, 8)}` : null,
        questions: type.questions,
        criteria: type.criteria,
        status,
        icsUid: `${id}@hireloop`,
        icsSequence: 0,
        organiserId: people.priya.id,
        createdAt: scheduledAt,
        updatedAt: scheduledAt,
      });
      for (const p of who) panelRows.push({ interviewId: id, userId: p.id });
      activityRows.push({
        ...entry,
        actorUserId: people.priya.id,
        actorName: people.priya.name,
        type: 'interview.scheduled',
        data: {
          interview_id: id,
          title: type.name,
          starts_at: startsAt.toISOString(),
          timezone: TIMEZONE,
          interviewers: who.map((p) => p.name),
        },
        createdAt: scheduledAt,
      });
      return { id, type, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
    };

    // Everyone past Screening had a phone screen one to three weeks ago.
    if (r.stage !== 'Screening' || n % 3 === 0) {
      const past = add('Phone screen', at(-(7 + (n % 14)), n), 30, 'completed', panel, true);
      for (const [k, p] of panel.entries()) {
        // Elena owes the scorecard of her most recent phone screen (the dashboard's "feedback owed").
        if (p.id === people.elena.id && !elenaOwes && r.stage === 'Interview') {
          elenaOwes = true;
          continue;
        }
        const recommendation = RECOMMENDATIONS[(n + k) % RECOMMENDATIONS.length]!;
        const base = recommendation === 'strong_yes' ? 4 : recommendation === 'yes' ? 3 : recommendation === 'no' ? 2 : 1;
        const submittedAt = new Date(past.endsAt.getTime() + (2 + k) * HOUR);
        scorecardRows.push({
          organisationId,
          interviewId: past.id,
          interviewerId: p.id,
          ratings: past.type.criteria.map((criterion, c) => ({
            criterion,
            rating: Math.max(1, Math.min(4, base + ((n + c) % 3 === 0 ? -1 : 0))),
          })),
          recommendation,
          notes: NOTES[(n + k) % NOTES.length]!,
          submittedAt,
        });
        activityRows.push({
          ...entry,
          actorUserId: p.id,
          actorName: p.name,
          type: 'scorecard.submitted',
          data: { interview_id: past.id, title: past.type.name, recommendation },
          createdAt: submittedAt,
        });
      }
    }
    // Those in Technical task or Interview have their next interview coming up.
    if (r.stage === 'Interview' || r.stage === 'Technical task') {
      const typeName = r.stage === 'Technical task' ? 'Technical' : n % 2 === 0 ? 'Onsite' : 'Final';
      add(typeName, at(1 + (n % 10), n + 1), typeName === 'Onsite' ? 90 : 60, 'scheduled', panel, typeName !== 'Onsite');
    }
  }

  if (interviewRows.length > 0) await tx.insert(interviews).values(interviewRows);
  if (panelRows.length > 0) await tx.insert(interviewInterviewers).values(panelRows);
  if (scorecardRows.length > 0) await tx.insert(scorecards).values(scorecardRows);
  if (activityRows.length > 0) await tx.insert(activities).values(activityRows);
}
