import { z } from 'zod';
import { billingChangeResponse, billingResponse, changePlanBody, plansResponse, subscribeProductBody } from '../billing.ts';
import { errorResponse } from '../error-response.ts';
import { defineOperation } from './operation.ts';

const tags = ['billing'];
const billing = 'organisation/{organisationId}/billing';

/** organisation/{id}/billing…: the plan in force, and the owner's changes to it. */
export const billingOperations = {
  get: defineOperation({
    method: 'GET',
    path: billing,
    tags,
    summary: "The organisation's plan in force, trial, products, limits and usage",
    responses: { 200: billingResponse },
  }),
  changePlan: defineOperation({
    method: 'POST',
    path: `${billing}/plan`,
    tags,
    summary: 'Change the plan (ends the trial). With Stripe, may answer with a Checkout URL to follow.',
    body: changePlanBody,
    responses: { 200: billingChangeResponse, 422: errorResponse },
  }),
  subscribe: defineOperation({
    method: 'POST',
    path: `${billing}/products`,
    tags,
    summary: 'Subscribe to a product (website, onboarding). With Stripe, may answer with a Checkout URL.',
    body: subscribeProductBody,
    responses: { 200: billingChangeResponse, 422: errorResponse },
  }),
  /** `{product}` is one of PRODUCTS; another answers 422 on `product` (billing.ts `productParams`). */
  unsubscribe: defineOperation({
    method: 'DELETE',
    path: `${billing}/products/{product}`,
    tags,
    summary: 'Unsubscribe from a product',
    responses: { 200: billingChangeResponse, 422: errorResponse },
  }),
};

/** Outside the organisation scope: the public price list, and Stripe's webhook. */
export const billingPublicOperations = {
  plans: defineOperation({
    method: 'GET',
    path: 'billing/plans',
    tags,
    summary: 'The price plans and products',
    responses: { 200: plansResponse },
  }),
  stripeWebhook: defineOperation({
    method: 'POST',
    path: 'billing/stripe/webhook',
    tags,
    summary: 'Stripe webhook (signature-verified): checkout.session.completed, customer.subscription.updated|deleted',
    responses: { 200: z.object({ received: z.literal(true) }), 400: errorResponse, 404: errorResponse },
  }),
};
