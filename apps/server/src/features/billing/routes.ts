import { planCatalog, productParams } from '@hireloop/contract/billing';
import { billingOperations as ops, billingPublicOperations } from '@hireloop/contract/operations/billing';
import type { FastifyInstance } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { route } from '../../http/route.ts';
import type { BillingService } from './service.ts';
import { verifyWebhook } from './stripe.ts';

/** organisation/{id}/billing…: the plan in force, and the owner's changes to it. */
export function billingRoutes(billing: BillingService) {
  return async (app: FastifyInstance) => {
    route(app, ops.get, { permission: 'billing.view' }, async (request) => ({ billing: await billing.view(organisationIdOf(request)) }));
    route(app, ops.changePlan, { permission: 'billing.manage' }, async (request) =>
      billing.changePlan(organisationIdOf(request), actorOf(request), request.body),
    );
    route(app, ops.subscribe, { permission: 'billing.manage' }, async (request) =>
      billing.subscribe(organisationIdOf(request), actorOf(request), request.body.product),
    );
    route(app, ops.unsubscribe, { permission: 'billing.manage' }, async (request) => {
      // A path param is a string in the operation: the product is checked as its schema was (422 on `product`).
      const params = productParams.safeParse(request.params);
      if (!params.success) throw validationFailed({ product: params.error.issues.map((issue) => issue.message) });
      return billing.unsubscribe(organisationIdOf(request), actorOf(request), params.data.product);
    });
  };
}

/** Outside the organisation scope: the public price list, and Stripe's webhook. */
export function billingPublicRoutes(billing: BillingService, stripe: { webhookSecret: string } | null) {
  return async (app: FastifyInstance) => {
    // Public: the OpenAPI document names no security scheme for them (this plugin's routes only).
    app.addHook('onRoute', (options) => {
      options.schema = { ...options.schema, security: [] };
    });
    route(app, billingPublicOperations.plans, { public: true }, async () => planCatalog());

    // Its own plugin: the raw-body parser applies to this route only.
    await app.register(async (webhook) => {
      webhook.removeContentTypeParser('application/json');
      webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      // Server to server, authenticated by its signature: no session, so no anti-forgery token.
      route(webhook, billingPublicOperations.stripeWebhook, { public: true, skipCsrf: true }, async (request) => {
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
      });
    });
  };
}
