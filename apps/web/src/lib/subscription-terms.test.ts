import { describe, expect, it } from 'vitest';
import { formatLongDate } from './dates.ts';
import { productSubscriptionLines, productTrialNote } from './subscription-terms.ts';

const now = new Date('2030-01-01T12:00:00Z');
const ends = '2030-01-15T12:00:00Z';
const trial = { plan: 'trial', trail_ends_at: ends, stripe_enabled: false, interval: 'monthly' } as const;

describe('productSubscriptionLines', () => {
  it('during the trial: included at no charge until its end, then the price, and how to avoid paying', () => {
    const until = formatLongDate(ends);
    expect(productSubscriptionLines('website', trial, 'eur', now)).toEqual([
      `Your trial includes Website at no charge until it ends on ${until}.`,
      `After that, Website costs €29 per month, billed monthly with your plan. You can unsubscribe on the billing page before ${until} and pay nothing.`,
    ]);
    expect(productSubscriptionLines('onboarding', { ...trial, stripe_enabled: true, interval: 'yearly' }, 'eur', now)).toEqual([
      `Your trial includes Onboarding at no charge until it ends on ${until}.`,
      `After that, Onboarding costs €490 per year, billed yearly with your plan. You can unsubscribe on the billing page before ${until} and pay nothing.`,
      `You will be taken to Stripe to enter your payment details; nothing is charged before ${until}.`,
    ]);
    expect(productTrialNote(trial, now)).toBe(`Included at no charge in your trial, until ${until}.`);
  });

  it('on a plan, or too close to the end of the trial for Stripe, it is paid from the start', () => {
    const paid = ['Add Website for €29 per month.'];
    expect(productSubscriptionLines('website', { ...trial, plan: 'team', trail_ends_at: null }, 'eur', now)).toEqual(paid);
    const lastDay = { ...trial, stripe_enabled: true, trail_ends_at: '2030-01-02T06:00:00Z' };
    expect(productSubscriptionLines('website', lastDay, 'eur', now)).toEqual([...paid, 'You will be taken to Stripe to pay securely.']);
    expect(productTrialNote(lastDay, now)).toBeNull();
    // Without Stripe nothing is charged before the trial ends, however close it is.
    expect(productSubscriptionLines('website', { ...lastDay, stripe_enabled: false }, 'eur', now)[0]).toMatch(
      /^Your trial includes Website/,
    );
  });
});
