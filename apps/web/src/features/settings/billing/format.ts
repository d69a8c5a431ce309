import type { BillingInterval } from '@hireloop/contract/billing';

const DAY_MS = 86_400_000;

/** `€99`, `€2,990`, `€29.50`: whole amounts without cents. */
export function formatPrice(cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

export const perInterval = (interval: BillingInterval) => (interval === 'yearly' ? 'year' : 'month');

/** Whole days until the moment, rounded up; never negative. */
export function daysLeft(until: string | Date, now: Date = new Date()): number {
  const end = typeof until === 'string' ? new Date(until) : until;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
