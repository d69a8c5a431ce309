import { DEFAULT_OFFER_LETTER_TEMPLATE, OFFER_SALARY_PERIOD_LABELS } from '@hireloop/contract/offers';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomToken, sha256 } from '../lib/tokens.ts';
import type { Db } from './client.ts';
import { activities, applicationStageChanges, applications, candidates } from './schema/candidates.ts';
import { offerApprovals, offers } from './schema/interviews.ts';
import { jobRoles } from './schema/job-roles.ts';
import { notifications } from './schema/notifications.ts';
import { organisations } from './schema/organisations.ts';
import { recruitmentStatuses } from './schema/recruitment-settings.ts';
import { recruitments } from './schema/recruitments.ts';

type Person = { id: string; name: string };
type People = { dana: Person; marcus: Person; priya: Person; tom: Person };
type State = 'draft' | 'pending_approval' | 'approved' | 'sent' | 'accepted' | 'declined';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const longDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The offers of the demo, one per state, most advanced candidates first. */
const PLAN: { state: State; salary: number; daysAgo: number }[] = [
  { state: 'accepted', salary: 92_000, daysAgo: 12 },
  { state: 'sent', salary: 88_000, daysAgo: 4 },
  { state: 'declined', salary: 79_000, daysAgo: 9 },
  { state: 'approved', salary: 85_000, daysAgo: 2 },
  { state: 'pending_approval', salary: 81_000, daysAgo: 1 },
  { state: 'draft', salary: 76_000, daysAgo: 0 },
];

/**
 * Offers in several states for the demo organisation (docs/product.md §15): a draft, one waiting for Dana's approval
 * (Tom approved first) so the owner's dashboard shows it, an approved one, a sent one, an accepted one (that
 * application hired) and a declined one — each with its timeline. Candidates are taken from the latest
 * in-progress stage of the open recruitments.
 */
export async function seedDemoOffers(tx: Db, organisationId: string, people: People, now = new Date()) {
  const nowMs = now.getTime();
  const [org] = await tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId));
  const statuses = await tx
    .select()
    .from(recruitmentStatuses)
    .where(eq(recruitmentStatuses.organisationId, organisationId))
    .orderBy(asc(recruitmentStatuses.position));
  const hired = statuses.find((s) => s.category === 'hired');
  const candidatesFor = await tx
    .select({
      applicationId: applications.id,
      candidateId: candidates.id,
      candidateName: candidates.name,
      recruitmentId: recruitments.id,
      recruitmentName: recruitments.name,
      roleName: jobRoles.name,
      statusId: applications.statusId,
      statusName: recruitmentStatuses.name,
    })
    .from(applications)
    .innerJoin(candidates, eq(candidates.id, applications.candidateId))
    .innerJoin(recruitments, eq(recruitments.id, applications.recruitmentId))
    .innerJoin(jobRoles, eq(jobRoles.id, recruitments.roleId))
    .innerJoin(recruitmentStatuses, eq(recruitmentStatuses.id, applications.statusId))
    .where(
      and(
        eq(applications.organisationId, organisationId),
        isNull(applications.rejectedAt),
        eq(recruitments.status, 'open'),
        eq(recruitmentStatuses.category, 'in_progress'),
        sql`${candidates.email} is not null`,
      ),
    )
    .orderBy(desc(recruitmentStatuses.position), asc(applications.appliedAt), asc(applications.id))
    .limit(PLAN.length);

  for (const [i, plan] of PLAN.entries()) {
    const c = candidatesFor[i];
    if (!c) break;
    const createdAt = new Date(nowMs - plan.daysAgo * DAY - 3 * 3_600_000);
    const at = (hours: number) => new Date(createdAt.getTime() + hours * 3_600_000);
    const startDate = isoDay(nowMs + (30 + i * 7) * DAY);
    const expiresOn = isoDay(createdAt.getTime() + 14 * DAY);
    const sent = ['sent', 'accepted', 'declined'].includes(plan.state);
    const letterText = sent
      ? DEFAULT_OFFER_LETTER_TEMPLATE.replaceAll('{{candidate_name}}', c.candidateName)
          .replaceAll('{{role}}', c.roleName)
          .replaceAll('{{salary}}', `${plan.salary.toLocaleString('en-GB')} EUR ${OFFER_SALARY_PERIOD_LABELS.year}`)
          .replaceAll('{{currency}}', 'EUR')
          .replaceAll('{{start_date}}', longDay(startDate))
          .replaceAll('{{expires_at}}', longDay(expiresOn))
          .replaceAll('{{organisation}}', org?.name ?? '')
      : null;
    const decidedAt = plan.state === 'accepted' || plan.state === 'declined' ? at(30) : null;
    const [offer] = await tx
      .insert(offers)
      .values({
        organisationId,
        applicationId: c.applicationId,
        recruitmentId: c.recruitmentId,
        salary: plan.salary,
        currency: 'EUR',
        salaryPeriod: 'year',
        bonusNote: i % 2 === 0 ? '10% annual bonus and 0.05% equity, vesting over four years' : null,
        startDate,
        contractType: 'full_time',
        expiresAt: new Date(`${expiresOn}T23:59:59.999Z`),
        status: plan.state,
        letterText,
        // A link nobody holds: the demo's sent offers are not opened from the mailbox.
        tokenHash: sent ? sha256(randomToken()) : null,
        sentAt: sent ? at(6) : null,
        decidedAt,
        declineReason: plan.state === 'declined' ? 'I accepted another offer closer to home.' : null,
        createdById: people.priya.id,
        createdAt,
        updatedAt: decidedAt ?? at(plan.state === 'draft' ? 0 : 4),
      })
      .returning();
    const o = offer!;
    // Approvals: Tom, then Dana.
    const decided = plan.state !== 'draft';
    await tx.insert(offerApprovals).values([
      {
        offerId: o.id,
        approverId: people.tom.id,
        position: 1,
        decision: decided ? 'approved' : 'pending',
        comment: decided ? 'Within the band.' : null,
        decidedAt: decided ? at(2) : null,
      },
      {
        offerId: o.id,
        approverId: people.dana.id,
        position: 2,
        decision: decided && plan.state !== 'pending_approval' ? 'approved' : 'pending',
        comment: null,
        decidedAt: decided && plan.state !== 'pending_approval' ? at(4) : null,
      },
    ]);

    const entry = (type: string, who: Person | { id: null; name: string }, when: Date, data: Record<string, unknown> = {}) => ({
      organisationId,
      candidateId: c.candidateId,
      applicationId: c.applicationId,
      recruitmentId: c.recruitmentId,
      actorUserId: who.id,
      actorName: who.name,
      type,
      data: { offer_id: o.id, ...data },
      createdAt: when,
    });
    const timeline: (typeof activities.$inferInsert)[] = [entry('offer.created', people.priya, createdAt, { status: 'draft' })];
    if (decided) {
      timeline.push(entry('offer.submitted', people.priya, at(1), { status: 'pending_approval' }));
      timeline.push(entry('offer.approved', people.tom, at(2), { status: 'pending_approval', comment: 'Within the band.', final: false }));
    }
    if (decided && plan.state !== 'pending_approval')
      timeline.push(entry('offer.approved', people.dana, at(4), { status: 'approved', comment: null, final: true }));
    if (sent) timeline.push(entry('offer.sent', people.priya, at(6), { status: 'sent' }));
    const candidate = { id: null, name: c.candidateName };
    if (plan.state === 'declined')
      timeline.push(
        entry('offer.declined', candidate, decidedAt!, { status: 'declined', reason: 'I accepted another offer closer to home.' }),
      );
    if (plan.state === 'accepted') {
      timeline.push(entry('offer.accepted', candidate, decidedAt!, { status: 'accepted' }));
      if (hired) {
        await tx
          .update(applications)
          .set({ statusId: hired.id, stageEnteredAt: decidedAt!, hiredAt: decidedAt!, boardPosition: 1_000, updatedAt: decidedAt! })
          .where(eq(applications.id, c.applicationId));
        await tx.insert(applicationStageChanges).values({
          organisationId,
          applicationId: c.applicationId,
          recruitmentId: c.recruitmentId,
          fromStatusId: c.statusId,
          toStatusId: hired.id,
          movedById: null,
          movedAt: decidedAt!,
        });
        timeline.push(
          entry('application.moved', candidate, decidedAt!, { from: c.statusName, to: hired.name, from_id: c.statusId, to_id: hired.id }),
        );
      }
    }
    await tx.insert(activities).values(timeline);
    const url = `/recruitment/${c.recruitmentId}/offers?offer=${o.id}`;
    if (plan.state === 'pending_approval') {
      await tx.insert(notifications).values({
        userId: people.dana.id,
        organisationId,
        type: 'offer_approval',
        data: { title: `Approve the offer for ${c.candidateName}`, body: c.recruitmentName, url, offer_id: o.id },
        createdAt: at(2),
      });
    }
    if (plan.state === 'accepted') {
      await tx.insert(notifications).values({
        userId: people.priya.id,
        organisationId,
        type: 'offer_decision',
        data: { title: `${c.candidateName} accepted the offer`, body: c.recruitmentName, url, offer_id: o.id },
        createdAt: decidedAt!,
      });
    }
  }
}
