import { z } from 'zod';

export const PLANS = ['trial', 'free', 'team', 'business'] as const;

/** GET organisation/{id}/billing → { billing }. On trial while `trail_ends_at` is not null (SPEC §3). */
export const billing = z.object({
  plan: z.enum(PLANS),
  trail_ends_at: z.string().nullable(),
  products: z.array(z.enum(['website', 'onboarding'])),
});
export type Billing = z.infer<typeof billing>;
export const billingResponse = z.object({ billing });
