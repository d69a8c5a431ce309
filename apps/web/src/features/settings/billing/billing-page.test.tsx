// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { planCatalog, type Billing } from '@hireloop/contract/billing';
import { permissionsOf } from '@hireloop/contract/permissions';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../../app/test-helpers.tsx';
import { daysLeft } from './format.ts';

const onTrial: Billing = {
  plan: 'trial',
  interval: 'monthly',
  trail_ends_at: new Date(Date.now() + 10 * 86_400_000 - 60_000).toISOString(),
  products: [],
  limits: { seats: 15, active_recruitments: 10 },
  usage: { seats: 5, active_recruitments: 0 },
  stripe_enabled: false,
};

const api = setUpFakeApi(({ path }) =>
  path === 'billing/plans'
    ? planCatalog()
    : path === 'organisation/o1/billing'
      ? { billing: onTrial }
      : path === 'notifications' || path.endsWith('/users') || path.endsWith('/role')
        ? { [path.split('/').pop()!]: { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } } }
        : undefined,
);

describe('billing helpers', () => {
  it('counts days left rounding up', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(daysLeft('2030-01-02T11:00:00Z', now)).toBe(1);
    expect(daysLeft('2029-12-31T00:00:00Z', now)).toBe(0);
  });
});

describe('/settings/billing', () => {
  it('shows the owner the trial, usage and plans, and changes the plan after confirming', async () => {
    signInForTest();
    renderApp('/settings/billing');
    expect(await screen.findByText(/Your trial ends on .*, 10 days left/)).toBeTruthy();
    expect(screen.getByText('5 of 15 seats')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Current plan: Trial' })).toBeTruthy();
    const business = screen.getByRole('article', { name: 'Business' });
    expect(within(business).getByText('€299')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Yearly (2 months free)'));
    expect(await within(business).findByText('€2,990')).toBeTruthy();

    api.answer = (call) =>
      call.method === 'POST' && call.path === 'organisation/o1/billing/plan'
        ? { status: 200, body: { billing: { ...onTrial, plan: 'business', interval: 'yearly', trail_ends_at: null }, checkout_url: null } }
        : call.path === 'organisation/o1/billing' && api.calls.some((c) => c.method === 'POST')
          ? { status: 200, body: { billing: { ...onTrial, plan: 'business', interval: 'yearly', trail_ends_at: null } } }
          : undefined;
    fireEvent.click(within(business).getByRole('button', { name: 'Choose Business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change to Business' });
    expect(within(dialog).getByText('This ends your trial.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to Business' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Current plan: Business' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: 'organisation/o1/billing/plan',
      search: '',
      body: { plan: 'business', interval: 'yearly' },
    });
    await waitFor(() => expect(screen.queryByText(/Your trial ends on/)).toBeNull());
  });

  it('follows the Stripe Checkout URL when the change needs payment', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    signInForTest();
    api.answer = (call) =>
      call.method === 'POST'
        ? { status: 200, body: { billing: { ...onTrial, stripe_enabled: true }, checkout_url: 'https://checkout.stripe.test/pay/cs_1' } }
        : undefined;
    renderApp('/settings/billing');
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe to Onboarding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Onboarding' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe to Onboarding' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/pay/cs_1'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ product: 'onboarding' });
  });

  it('is read-only for members who may not manage billing', async () => {
    signInForTest([{ ...testOrganisation, role: 'recruiter', permissions: permissionsOf('recruiter') }]);
    renderApp('/settings/billing');
    expect(await screen.findByText(/Only the organisation’s owner can change the plan or products/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Choose / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Subscribe to / })).toBeNull();
  });
});
