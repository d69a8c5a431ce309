import type { BillingInterval } from '@hireloop/contract/billing';

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

/** The unit after "per": `month` or `year`. */
export const perInterval = (interval: BillingInterval) => (interval === 'yearly' ? 'year' : 'month');
