import {
  billingChangeResponse,
  billingResponse,
  changePlanBody,
  planCatalog,
  plansResponse,
  productParams,
  subscribeProductBody,
} from '@hireloop/contract/billing';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import type { BillingService } from './service.ts';
import { verifyWebhook } from './stripe.ts';

/** organisation/{id}/billing…: the plan in force, and the owner's changes to it. */
export function billingRoutes(billing: BillingService) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/billing',
      {
        config: { permission: 'billing.view' },
        schema: {
          tags: ['billing'],
          summary: "The organisation's plan in force, trial, products, limits and usage",
          response: { 200: billingResponse },
        },
      },
      async (request) => ({ billing: await billing.view(organisationIdOf(request)) }),
    );

    r.post(
      '/billing/plan',
      {
        config: { permission: 'billing.manage' },
        schema: {
          tags: ['billing'],
          summary: 'Change the plan (ends the trial). With Stripe, may answer with a Checkout URL to follow.',
          body: changePlanBody,
          response: { 200: billingChangeResponse },
        },
      },
      async (request) => billing.changePlan(organisationIdOf(request), actorOf(request), request.body),
    );

    r.post(
      '/billing/products',
      {
        config: { permission: 'billing.manage' },
        schema: {
          tags: ['billing'],
          summary: 'Subscribe to a product (website, onboarding). With Stripe, may answer with a Checkout URL.',
          body: subscribeProductBody,
          response: { 200: billingChangeResponse },
        },
      },
      async (request) => billing.subscribe(organisationIdOf(request), actorOf(request), request.body.product),
    );

    r.delete(
      '/billing/products/:product',
      {
        config: { permission: 'billing.manage' },
        schema: {
          tags: ['billing'],
          summary: 'Unsubscribe from a product',
          params: productParams.extend({ organisationId: z.string() }),
          response: { 200: billingChangeResponse },
        },
      },
      async (request) => billing.unsubscribe(organisationIdOf(request), actorOf(request), request.params.product),
    );
  };
}

/** Outside the organisation scope: the public price list, and Stripe's webhook. */
export function billingPublicRoutes(billing: BillingService, stripe: { webhookSecret: string } | null) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/billing/plans',
      {
        config: { public: true },
        schema: { tags: ['billing'], summary: 'The price plans and products', security: [], response: { 200: plansResponse } },
      },
      async () => planCatalog(),
    );

    // Its own plugin: the raw-body parser applies to this route only.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      webhook.post(
        '/billing/stripe/webhook',
        {
          // Server to server, authenticated by its signature: no session, so no anti-forgery token.
          config: { public: true, skipCsrf: true },
          schema: {
            tags: ['billing'],
            summary: 'Stripe webhook (signature-verified): checkout.session.completed, customer.subscription.updated|deleted',
            security: [],
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (request) => {
          if (!stripe) throw new AppError('not_found', 'Stripe is not configured.');
          const signature = request.headers['stripe-signature'];
          if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
            throw new AppError('bad_request', 'The Stripe signature is missing.');
          }
          let event;
          try {
            event = await verifyWebhook(request.body, signature, stripe.webhookSecret);
          } catch {
            throw new AppError('bad_request', 'The Stripe signature is not valid.');
          }
          await billing.handleStripeEvent(event);
          return { received: true as const };
        },
      );
    });
  };
}
