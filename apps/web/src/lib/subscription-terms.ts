import { PRODUCT_TABLE, productFreeUntil, type Billing, type Product } from '@hireloop/contract/billing';
import { formatLongDate } from './dates.ts';
import { formatPrice, perInterval } from './price.ts';

/**
 * What the confirmation of a product subscription says: during the trial, that the trial includes
 * the product at no charge until it ends (with the date) and what it costs afterwards; else its
 * price. With Stripe, where the payment is made.
 */
export function productSubscriptionLines(
  product: Product,
  billing: Pick<Billing, 'plan' | 'trail_ends_at' | 'stripe_enabled' | 'interval'>,
  currency: string,
  now: Date = new Date(),
): string[] {
  const { name, price_cents } = PRODUCT_TABLE[product];
  const price = `${formatPrice(price_cents[billing.interval], currency)} per ${perInterval(billing.interval)}`;
  const freeUntil = productFreeUntil(billing, now);
  if (freeUntil) {
    const until = formatLongDate(freeUntil);
    return [
      `Your trial includes ${name} at no charge until it ends on ${until}.`,
      `After that, ${name} costs ${price}, billed ${billing.interval} with your plan. You can unsubscribe on the billing page before ${until} and pay nothing.`,
      ...(billing.stripe_enabled ? [`You will be taken to Stripe to enter your payment details; nothing is charged before ${until}.`] : []),
    ];
  }
  return [`Add ${name} for ${price}.`, ...(billing.stripe_enabled ? ['You will be taken to Stripe to pay securely.'] : [])];
}

/** The short form for a product's offer card: "Included in your trial until 9 Dec 2026." Null when it is paid from the start. */
export function productTrialNote(
  billing: Pick<Billing, 'plan' | 'trail_ends_at' | 'stripe_enabled'>,
  now: Date = new Date(),
): string | null {
  const freeUntil = productFreeUntil(billing, now);
  return freeUntil ? `Included at no charge in your trial, until ${formatLongDate(freeUntil)}.` : null;
}
