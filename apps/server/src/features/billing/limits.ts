import { limitTexts, PLAN_TABLE, type PlanId } from '@hireloop/contract/billing';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { effectivePlan, limitsOf, type Limits } from './plans.ts';
import { countSeatsUsed, lockBilling } from './repository.ts';

export type Usage = { seats: number; activeRecruitments: number };

/**
 * Active recruitments of the organisation. There are none until the hiring-core issue adds
 * recruitments: it replaces this body with a count of the organisation's open recruitments,
 * and every limit check and the billing screen follow.
 */
export async function countActiveRecruitments(_db: Db, _organisationId: string): Promise<number> {
  return 0;
}

export async function usageOf(db: Db, organisationId: string, now: Date = new Date()): Promise<Usage> {
  const [seats, activeRecruitments] = await Promise.all([
    countSeatsUsed(db, organisationId, now),
    countActiveRecruitments(db, organisationId),
  ]);
  return { seats, activeRecruitments };
}

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
      message: `The ${name} plan allows ${limits.activeRecruitments} active recruitments, and ${usage.activeRecruitments} are open. Close recruitments first.`,
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

/** The same for opening one more recruitment (for the hiring-core issue). */
export async function assertRecruitmentAvailable(db: Db, organisationId: string, opts: { field?: string } = {}): Promise<void> {
  const row = await lockBilling(db, organisationId);
  if (!row) throw notFound();
  const limit = limitsOf(effectivePlan(row).limitsOf).activeRecruitments;
  if (limit === null) return;
  if ((await countActiveRecruitments(db, organisationId)) + 1 > limit) {
    const message = limitTexts.recruitments(limit);
    throw new AppError('validation_failed', message, { [opts.field ?? 'active_recruitments']: [message] });
  }
}
