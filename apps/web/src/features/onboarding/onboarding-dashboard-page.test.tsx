// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOf } from '@hireloop/contract/permissions';
import { ONBOARDING_TEXTS, type OnboardingDashboard, type OnboardingStage } from '@hireloop/contract/onboarding';
import { renderApp, setUpFakeApi, signInForTest, testLocation, testOrganisation } from '../../app/test-helpers.tsx';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const loaded = { timeout: 10_000 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

const stages: OnboardingStage[] = [
  { id: 's1', name: 'Offer accepted', colour: '#228be6', category: 'in_progress', position: 1 },
  { id: 's2', name: 'Paperwork', colour: '#7950f2', category: 'in_progress', position: 2 },
  { id: 's3', name: 'Done', colour: '#2b8a3e', category: 'done', position: 3 },
];

const subscribed: OnboardingDashboard = {
  product_state: 'trial',
  trail_ends_at: '2030-01-15T00:00:00Z',
  stages,
  onboardings: [
    {
      id: 'ob1',
      role: { id: 'r1', name: 'Backend Engineer', team: { id: 't1', name: 'Engineering' } },
      template: { id: 'tp1', name: 'Engineering onboarding' },
      hires: 3,
      stage_counts: [
        { stage_id: 's1', count: 1 },
        { stage_id: 's2', count: 2 },
        { stage_id: 's3', count: 0 },
      ],
      overdue_tasks: 2,
      next_start_date: '2030-03-01',
    },
  ],
};

let dashboard: OnboardingDashboard = subscribed;

const users = [
  { id: 'u1', name: 'Dana Whitfield', email: 'dana@example.test', avatar_url: null, role: 'owner', joined_at: '2026-01-01T00:00:00Z' },
  { id: 'u2', name: 'Priya Raman', email: 'priya@example.test', avatar_url: null, role: 'recruiter', joined_at: '2026-01-01T00:00:00Z' },
];

const api = setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/onboarding') return { onboarding: dashboard };
  if (path === 'organisation/o1/onboarding-stages') return { stages: page(stages) };
  if (path === 'organisation/o1/onboarding-templates') return { templates: page([]) };
  if (path === 'organisation/o1/users') return { users: page(users) };
  if (path === 'organisation/o1/role') return { roles: page([{ id: 'r1', name: 'Backend Engineer' }]) };
  if (path === 'organisation/o1/billing')
    return { billing: { plan: 'team', interval: 'monthly', trail_ends_at: null, products: [], stripe_enabled: false } };
  const plural = path.split('/').pop()!;
  return { [plural]: page([]) };
});

beforeEach(() => {
  dashboard = subscribed;
});

describe('the Onboarding Dashboard', { timeout: 30_000 }, () => {
  it('offers the product with its price when not subscribed, and subscribes the owner after a confirmation', async () => {
    dashboard = { ...subscribed, product_state: 'not_subscribed', trail_ends_at: null, onboardings: [] };
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/billing/products'
        ? {
            status: 200,
            body: {
              billing: { plan: 'team', interval: 'monthly', trail_ends_at: null, products: ['onboarding'], stripe_enabled: false },
              checkout_url: null,
            },
          }
        : undefined;
    const user = userEvent.setup();
    signInForTest();
    renderApp('/onboarding');
    expect(await screen.findByRole('heading', { name: 'Onboard every new hire with a plan' }, loaded)).toBeTruthy();
    expect(screen.getByTestId('onboarding-price').textContent).toContain('€49 per month');
    expect(screen.queryByRole('tab', { name: 'Onboardings' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Subscribe to Onboarding' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Onboarding' });
    dashboard = subscribed;
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe to Onboarding' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST' && c.path === 'organisation/o1/billing/products')?.body).toEqual({
        product: 'onboarding',
      }),
    );
    // The dashboard is read again and now shows the onboardings.
    expect(await screen.findByRole('link', { name: 'Backend Engineer' }, loaded)).toBeTruthy();
  });

  it('tells a member who cannot subscribe whom to ask', async () => {
    dashboard = { ...subscribed, product_state: 'not_subscribed', trail_ends_at: null, onboardings: [] };
    signInForTest([{ ...testOrganisation, role: 'recruiter', permissions: permissionsOf('recruiter') }]);
    renderApp('/onboarding');
    expect(await screen.findByText(/Ask your organisation’s owner to subscribe/, {}, loaded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe to Onboarding' })).toBeNull();
  });

  it('lists one onboarding per role with hires, counts per stage, overdue tasks and the next start', async () => {
    signInForTest();
    renderApp('/onboarding');
    const link = await screen.findByRole('link', { name: 'Backend Engineer' }, loaded);
    expect(link.getAttribute('href')).toBe('/onboarding/ob1');
    expect(screen.getByText(/^Trial until/)).toBeTruthy();
    const row = link.closest('tr')!;
    expect(within(row).getByText('Engineering')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('Hires per stage: Offer accepted: 1, Paperwork: 2, Done: 0')).toBeTruthy();
    expect(within(row).getByText('2 overdue')).toBeTruthy();
    expect(within(row).getByText(/\b3\/1\/30\b/)).toBeTruthy();
    expect(within(row).getByText('Engineering onboarding')).toBeTruthy();
  });

  it('shows the server’s refusal when a stage that holds hires is deleted', async () => {
    api.answer = ({ method, path }) =>
      method === 'DELETE' && path === 'organisation/o1/onboarding-stages/s2'
        ? { status: 422, body: { message: ONBOARDING_TEXTS.stageInUse, code: 'validation_failed' } }
        : undefined;
    const user = userEvent.setup();
    signInForTest();
    renderApp('/onboarding?tab=stages');
    const list = await screen.findByRole('list', { name: 'Onboarding stages' }, loaded);
    expect(within(list).getByText('Offer accepted')).toBeTruthy();
    await user.click(within(list).getByRole('button', { name: 'Delete Paperwork' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Paperwork?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete stage' }));
    expect(await screen.findByText(ONBOARDING_TEXTS.stageInUse)).toBeTruthy();
  });

  it('creates a checklist template with a task relative to the start date and a document to collect', async () => {
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/onboarding-templates'
        ? {
            status: 201,
            body: {
              template: {
                id: 'tp9',
                name: 'Engineers',
                first_day_info: '',
                tasks: [],
                documents: [],
                created_at: '2026-01-01T00:00:00Z',
                updated_at: '2026-01-01T00:00:00Z',
              },
            },
          }
        : undefined;
    const user = userEvent.setup();
    signInForTest();
    renderApp('/onboarding?tab=templates');
    expect(await screen.findByText('No checklist templates yet', {}, loaded)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New checklist template' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Engineers');
    await user.type(within(dialog).getByRole('textbox', { name: /First-day information/ }), 'Come at 9.');
    await user.click(within(dialog).getByRole('button', { name: 'Add a task' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Task' }), 'Order a laptop');
    const due = within(dialog).getByRole('textbox', { name: /Due \(days from start\)/ });
    await user.clear(due);
    await user.type(due, '-5');
    expect(await within(dialog).findByText('5 days before the start date')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add a document' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Document' }), 'Passport copy');
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New checklist template' })).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST' && c.path === 'organisation/o1/onboarding-templates')?.body).toEqual({
      name: 'Engineers',
      first_day_info: 'Come at 9.',
      tasks: [{ title: 'Order a laptop', owner: 'manager', owner_user_id: null, due_days: -5 }],
      documents: [{ name: 'Passport copy', description: '' }],
    });
  });

  it('adds a hire by hand: a candidate found by search, the role and a start date', async () => {
    api.answer = ({ method, path, search }) => {
      if (method === 'GET' && path === 'organisation/o1/candidates' && search.includes('filter[search]=jor'))
        return {
          status: 200,
          body: { candidates: page([{ id: '11111111-1111-4111-8111-111111111111', name: 'Jordan Blake', email: 'jordan@example.test' }]) },
        };
      if (method === 'POST' && path === 'organisation/o1/hires')
        return {
          status: 201,
          body: {
            hire: {
              id: 'h9',
              onboarding_id: 'ob1',
              candidate: { id: 'c1', name: 'Jordan Blake', email: null },
              role: { id: 'r1', name: 'Backend Engineer' },
            },
          },
        };
      return undefined;
    };
    const user = userEvent.setup();
    signInForTest();
    renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Add a hire' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Add a hire' });
    await user.click(within(dialog).getByRole('button', { name: 'Add hire' }));
    expect(await within(dialog).findByText('Choose the candidate who was hired.')).toBeTruthy();

    await user.type(within(dialog).getByRole('combobox', { name: /^Candidate/ }), 'jor');
    await user.click(await screen.findByRole('option', { name: 'Jordan Blake (jordan@example.test)' }, loaded));
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Backend Engineer' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Start date' }), '03/01/2030');
    await user.click(within(dialog).getByRole('button', { name: 'Add hire' }));

    await waitFor(() => expect(testLocation()).toBe('/onboarding/ob1?hire=h9'));
    expect(api.calls.find((c) => c.method === 'POST' && c.path === 'organisation/o1/hires')?.body).toEqual({
      candidate_id: '11111111-1111-4111-8111-111111111111',
      role_id: 'r1',
      start_date: '2030-03-01',
      manager_id: null,
      buddy_id: null,
    });
  });
});
