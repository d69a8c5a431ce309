import { limitTexts, PLAN_TABLE, type PlanId } from '@hireloop/contract/billing';
import { LIMIT_TEXTS } from '@hireloop/contract/errors';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { effectivePlan, limitsOf, type EffectivePlan, type Limits } from './plans.ts';
import { countActiveRecruitments, countSeatsUsed, lockBilling } from './repository.ts';

export type Usage = { seats: number; activeRecruitments: number };

export async function usageOf(db: Db, organisationId: string, now: Date = new Date()): Promise<Usage> {
  const [seats, activeRecruitments] = await Promise.all([
    countSeatsUsed(db, organisationId, now),
    countActiveRecruitments(db, organisationId),
  ]);
  return { seats, activeRecruitments };
}

/** What is in force, for a message: "Free plan", or "Team trial" while the trial runs. */
const planLabel = (p: EffectivePlan) => `${PLAN_TABLE[p.limitsOf].name} ${p.plan === 'trial' ? 'trial' : 'plan'}`;

/** Why the usage does not fit the limits (a message naming the limit), or null when it fits. */
export function overLimit(usage: Usage, plan: PlanId): { field: 'seats' | 'active_recruitments'; message: string } | null {
  const limits: Limits = limitsOf(plan);
  const name = PLAN_TABLE[plan].name;
  if (usage.seats > limits.seats) {
    return {
      field: 'seats',
      message: `The ${name} plan allows ${limits.seats} seats, and ${usage.seats} are in use (members and pending invitations). Remove members or revoke invitations first.`,
    };
  }
  if (limits.activeRecruitments !== null && usage.activeRecruitments > limits.activeRecruitments) {
    return {
      field: 'active_recruitments',
      message: LIMIT_TEXTS.activeRecruitmentsInUse(`${name} plan`, limits.activeRecruitments, usage.activeRecruitments),
    };
  }
  return null;
}

/**
 * Refuses (422, with the limit in the message) when the organisation's plan has no free seat
 * for one more member or invitation. Call it inside the transaction that adds the seat: it locks
 * the organisation's billing row, so two invitations cannot both take the last seat.
 */
export async function assertSeatAvailable(db: Db, organisationId: string, opts: { field?: string } = {}): Promise<void> {
  const row = await lockBilling(db, organisationId);
  if (!row) throw notFound();
  const { limitsOf: plan } = effectivePlan(row);
  const limit = limitsOf(plan).seats;
  const used = await countSeatsUsed(db, organisationId, new Date());
  if (used + 1 > limit) {
    const message = limitTexts.seats(limit);
    throw new AppError('validation_failed', message, { [opts.field ?? 'seats']: [message] });
  }
}

/**
 * For accepting an invitation, which already holds its seat: refuses (422) when the seats in use,
 * that invitation included, are more than the plan allows (a trial that ended on Free, a
 * subscription that lapsed). Locks the organisation's billing row, as assertSeatAvailable does.
 */
export async function assertSeatHeld(db: Db, organisationId: string, opts: { field?: string } = {}): Promise<void> {
  const row = await lockBilling(db, organisationId);
  if (!row) throw notFound();
  const limit = limitsOf(effectivePlan(row).limitsOf).seats;
  if ((await countSeatsUsed(db, organisationId, new Date())) > limit) {
    const message = limitTexts.seats(limit);
    throw new AppError('validation_failed', message, { [opts.field ?? 'seats']: [message] });
  }
}

/**
 * Refuses (422, naming the plan) when the organisation may not have one more active (open or
 * on hold) recruitment. Call it inside the transaction that opens or reopens the recruitment,
 * before that transaction writes anything that refers to the organisation: it locks the
 * organisation's row (SELECT … FOR UPDATE), so concurrent opens count one after the other and
 * cannot together pass the limit.
 */
export async function assertRecruitmentAvailable(db: Db, organisationId: string, opts: { field?: string } = {}): Promise<void> {
  const row = await lockBilling(db, organisationId);
  if (!row) throw notFound();
  const plan = effectivePlan(row);
  const limit = limitsOf(plan.limitsOf).activeRecruitments;
  if (limit === null) return;
  if ((await countActiveRecruitments(db, organisationId)) + 1 > limit) {
    const message = LIMIT_TEXTS.activeRecruitments(planLabel(plan), limit);
    throw new AppError('validation_failed', message, { [opts.field ?? 'active_recruitments']: [message] });
  }
}
