// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { notifications } from '@mantine/notifications';
import { planCatalog, type Billing } from '@hireloop/contract/billing';
import { permissionsOf } from '@hireloop/contract/permissions';
import { WEBSITE_TEXTS, type Website, type WebsiteRole, type WebsiteStats } from '@hireloop/contract/website';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../app/test-helpers.tsx';
import { doubleClick, holdAnswers } from '../../test/double-submit.ts';
import { queryKeys } from '../../lib/query-keys.ts';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

// The first render loads the lazy layout and page chunks: slow on a busy machine.
const loaded = { timeout: 10_000 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

const billing: Billing = {
  plan: 'team',
  interval: 'monthly',
  trail_ends_at: null,
  products: [],
  limits: { seats: 15, active_recruitments: 10 },
  usage: { seats: 2, active_recruitments: 1 },
  stripe_enabled: false,
};

const users = [
  { id: 'u1', name: 'Dana Whitfield', email: 'dana@example.test', avatar_url: null, role: 'owner', joined_at: '2026-01-01T00:00:00Z' },
  { id: 'u2', name: 'Priya Raman', email: 'priya@example.test', avatar_url: null, role: 'recruiter', joined_at: '2026-01-01T00:00:00Z' },
];

const role = (over: Partial<WebsiteRole>): WebsiteRole => ({
  id: 'r1',
  name: 'Senior Backend Engineer',
  team: { id: 't1', name: 'Engineering' },
  status: 'open',
  published: false,
  location: 'Berlin',
  location_type: 'hybrid',
  employment_type: 'full_time',
  questions: [],
  open_recruitment: { id: 'rc1', name: 'Backend hiring 2026' },
  live: false,
  not_live_reason: WEBSITE_TEXTS.notLive.notPublished,
  ...over,
});

const subscribedSite = (): Website => ({
  product_state: 'active',
  trail_ends_at: null,
  url: 'http://localhost:3000/careers/northwind-labs',
  slug: 'northwind-labs',
  headline: 'Careers at Northwind Labs',
  intro: 'Build things with us.',
  brand_colour: '#1c7ed6',
  logo_url: null,
  roles: [
    role({}),
    role({
      id: 'r2',
      name: 'Product Designer',
      team: null,
      status: 'draft',
      open_recruitment: null,
      published: true,
      not_live_reason: WEBSITE_TEXTS.notLive.roleNotOpen,
    }),
  ],
});

const stats: WebsiteStats = {
  from: '2026-11-15',
  to: '2026-11-21',
  totals: { visits: 120, applications: 6, conversion: 0.05 },
  days: [
    { day: '2026-11-20', visits: 70, applications: 4 },
    { day: '2026-11-21', visits: 50, applications: 2 },
  ],
  roles: [{ role_id: 'r1', name: 'Senior Backend Engineer', visits: 80, applications: 6, conversion: 0.075 }],
};

/** The figures narrowed to r1 with `filter[role]=r1`: its page views and applications only. */
const r1Stats: WebsiteStats = {
  ...stats,
  totals: { visits: 80, applications: 6, conversion: 0.075 },
  days: [
    { day: '2026-11-20', visits: 45, applications: 4 },
    { day: '2026-11-21', visits: 35, applications: 2 },
  ],
};

let site: Website;

const api = setUpFakeApi(({ path, search }) => {
  if (path === 'organisation/o1/website') return { website: site };
  if (path === 'organisation/o1/website/stats') return { stats: search.includes('filter[role]=r1') ? r1Stats : stats };
  if (path === 'organisation/o1/billing') return { billing };
  if (path === 'billing/plans') return planCatalog();
  if (path === 'organisation/o1/users') return { users: page(users) };
  if (path === 'organisation/o1/role' || path === 'notifications') return { [path.split('/').pop()!]: page([]) };
  return undefined;
});

beforeEach(() => {
  localStorage.clear();
  site = subscribedSite();
  // Toasts outlive a test; past Mantine's limit of five on screen, a new one would wait in the queue.
  notifications.clean();
});

const asRecruiter = () => signInForTest([{ ...testOrganisation, role: 'recruiter', permissions: permissionsOf('recruiter') }]);

describe('the Website dashboard without the Website product', { timeout: 30_000 }, () => {
  it('offers the product with its price, and the owner subscribes after confirming', async () => {
    site = { ...subscribedSite(), product_state: 'not_subscribed' };
    api.answer = (call) => {
      if (call.method === 'POST' && call.path === 'organisation/o1/billing/products') {
        site = subscribedSite();
        return { status: 200, body: { billing: { ...billing, products: ['website'] }, checkout_url: null } };
      }
      return undefined;
    };
    signInForTest();
    renderApp('/website');
    const offer = await screen.findByRole('region', { name: 'Get a careers site with the Website product' }, loaded);
    expect(within(offer).getByText('€29')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Careers site settings' })).toBeNull();

    fireEvent.click(within(offer).getByRole('button', { name: 'Subscribe to Website' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Website' });
    expect(within(dialog).getByText('Add Website for €29 per month.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe to Website' }));

    expect(await screen.findByText('Subscribed to Website. Your careers site is on.')).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Careers site settings' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ product: 'website' });
  });

  it('tells a member who may not subscribe who can', async () => {
    site = { ...subscribedSite(), product_state: 'not_subscribed' };
    asRecruiter();
    renderApp('/website');
    expect(await screen.findByText(/Only Dana Whitfield can subscribe the organisation to Website/, {}, loaded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Subscribe to Website' })).toBeNull();
  });

  it('says so when the careers site cannot be loaded', async () => {
    api.answer = (call) =>
      call.path === 'organisation/o1/website' ? { status: 500, body: { message: 'Something broke.', code: 'internal' } } : undefined;
    signInForTest();
    renderApp('/website');
    expect(await screen.findByText('The careers site could not be loaded', {}, loaded)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Website' })).toBeTruthy();
  });

  it('is closed to an interviewer', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/website');
    expect(await screen.findByText('The Website dashboard is not open to you', {}, loaded)).toBeTruthy();
    expect(api.calls.some((c) => c.path === 'organisation/o1/website')).toBe(false);
  });
});

describe('the Website dashboard with the Website product', { timeout: 30_000 }, () => {
  it('shows the trial, the careers site link and the roles with why they are not live', async () => {
    site = { ...subscribedSite(), product_state: 'trial', trail_ends_at: '2030-01-15T00:00:00Z' };
    signInForTest();
    renderApp('/website');
    expect(await screen.findByText(/^On trial until /, {}, loaded)).toBeTruthy();
    const link = screen.getByRole('link', { name: /careers\/northwind-labs/ });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/careers/northwind-labs');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Copy the careers site link' })).toBeTruthy();

    const designer = screen.getByRole('link', { name: 'Product Designer' }).closest('tr')!;
    expect(within(designer).getByText(WEBSITE_TEXTS.notLive.roleNotOpen)).toBeTruthy();
    expect(within(designer).getByText('No team')).toBeTruthy();
  });

  it('saves the settings, and keeps what was typed with the server’s message on the field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    api.answer = (call) => {
      if (call.method !== 'PATCH' || call.path !== 'organisation/o1/website') return undefined;
      if (refuse) {
        refuse = false;
        return {
          status: 422,
          body: {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { brand_colour: [WEBSITE_TEXTS.brandColour] },
          },
        };
      }
      site = { ...site, ...(call.body as Partial<Website>) };
      return { status: 200, body: { website: site } };
    };
    signInForTest();
    renderApp('/website');
    const headline = await screen.findByRole('textbox', { name: /^Headline/ }, loaded);
    await user.clear(headline);
    await user.type(headline, 'Work at Northwind');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(WEBSITE_TEXTS.brandColour)).toBeTruthy();
    expect((headline as HTMLInputElement).value).toBe('Work at Northwind');

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The careers site is saved.')).toBeTruthy();
    const patches = api.calls.filter((c) => c.method === 'PATCH' && c.path === 'organisation/o1/website');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual({ headline: 'Work at Northwind', intro: 'Build things with us.', brand_colour: '#1c7ed6' });
  });

  it('refuses an empty headline before sending', async () => {
    const user = userEvent.setup();
    signInForTest();
    renderApp('/website');
    const headline = await screen.findByRole('textbox', { name: /^Headline/ }, loaded);
    await user.clear(headline);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(WEBSITE_TEXTS.headlineRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('publishes a role with the switch and says when it is live', async () => {
    const user = userEvent.setup();
    api.answer = (call) =>
      call.method === 'PATCH' && call.path === 'organisation/o1/website/roles/r1'
        ? { status: 200, body: { role: role({ published: true, live: true, not_live_reason: null }) } }
        : undefined;
    signInForTest();
    const { queryClient } = renderApp('/website');
    const toggle = await screen.findByRole('switch', { name: 'Publish Senior Backend Engineer on the careers site' }, loaded);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    // The job roles say whether each is published: what the app holds of them is stale after this.
    queryClient.setQueryData(queryKeys.roles('o1'), []);
    await user.click(toggle);

    expect(await screen.findByText('Senior Backend Engineer is published and live on the careers site.')).toBeTruthy();
    expect(queryClient.getQueryState(queryKeys.roles('o1'))?.isInvalidated).toBe(true);
    const row = screen.getByRole('link', { name: 'Senior Backend Engineer' }).closest('tr')!;
    expect(within(row).getByText('Live')).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ published: true });
  });

  it('publishes once for a double click on the switch, which waits for the server', async () => {
    api.answer = (call) =>
      call.method === 'PATCH' && call.path === 'organisation/o1/website/roles/r1'
        ? { status: 200, body: { role: role({ published: true, live: true, not_live_reason: null }) } }
        : undefined;
    signInForTest();
    renderApp('/website');
    const toggle = await screen.findByRole('switch', { name: 'Publish Senior Backend Engineer on the careers site' }, loaded);
    const held = holdAnswers((method) => method === 'PATCH');
    doubleClick(toggle);
    await waitFor(() => expect(held.sent).toBe(1));
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    // The other role's switch is not held up by this one.
    expect((screen.getByRole('switch', { name: 'Publish Product Designer on the careers site' }) as HTMLInputElement).disabled).toBe(false);
    act(() => held.release());
    expect(await screen.findByText('Senior Backend Engineer is published and live on the careers site.')).toBeTruthy();
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('saves the settings once for a double click on "Save changes", busy until the server answers', async () => {
    const user = userEvent.setup();
    api.answer = (call) => {
      if (call.method !== 'PATCH' || call.path !== 'organisation/o1/website') return undefined;
      site = { ...site, ...(call.body as Partial<Website>) };
      return { status: 200, body: { website: site } };
    };
    signInForTest();
    renderApp('/website');
    await user.type(await screen.findByRole('textbox', { name: /^Headline/ }, loaded), '!');
    const held = holdAnswers((method) => method === 'PATCH');
    const save = screen.getByRole('button', { name: 'Save changes' });
    doubleClick(save);
    await waitFor(() => expect(held.sent).toBe(1));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    act(() => held.release());
    expect(await screen.findByText('The careers site is saved.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('saves a role’s questions once for a double click', async () => {
    const user = userEvent.setup();
    api.answer = (call) =>
      call.method === 'PATCH' && call.path === 'organisation/o1/website/roles/r1'
        ? { status: 200, body: { role: role({ questions: [{ id: 'q1', label: 'Notice period?', kind: 'short_text', required: false }] }) } }
        : undefined;
    asRecruiter();
    renderApp('/website');
    await user.click(await screen.findByRole('button', { name: 'Add questions for Senior Backend Engineer' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Application questions: Senior Backend Engineer' });
    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Question 1/ }), 'Notice period?');
    const held = holdAnswers((method) => method === 'PATCH');
    const save = within(dialog).getByRole('button', { name: 'Save questions' });
    doubleClick(save);
    await waitFor(() => expect(held.sent).toBe(1));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => held.release());
    expect(await screen.findByText('The questions for Senior Backend Engineer are saved.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('lets a hiring manager look but not change', async () => {
    signInForTest([{ ...testOrganisation, role: 'hiring_manager', permissions: permissionsOf('hiring_manager') }]);
    renderApp('/website');
    const toggle = await screen.findByRole('switch', { name: 'Publish Senior Backend Engineer on the careers site' }, loaded);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByText('Only owners, admins and recruiters can change the careers site.')).toBeTruthy();
  });

  it('edits a role’s application questions: checks labels first, then saves them in order', async () => {
    const user = userEvent.setup();
    site.roles[0] = role({ questions: [{ id: 'q1', label: 'Notice period?', kind: 'short_text', required: false }] });
    api.answer = (call) =>
      call.method === 'PATCH' && call.path === 'organisation/o1/website/roles/r1'
        ? {
            status: 200,
            body: {
              role: role({
                questions: [
                  { id: 'q2', label: 'Can you work in the EU?', kind: 'yes_no', required: true },
                  { id: 'q1', label: 'Notice period?', kind: 'short_text', required: false },
                ],
              }),
            },
          }
        : undefined;
    asRecruiter();
    renderApp('/website');
    await user.click(await screen.findByRole('button', { name: '1 question for Senior Backend Engineer' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Application questions: Senior Backend Engineer' });

    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save questions' }));
    expect(await within(dialog).findByText(WEBSITE_TEXTS.questionLabelRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /^Question 2/ }), 'Can you work in the EU?');
    await user.click(within(dialog).getByRole('combobox', { name: /^Answer type of question 2/ }));
    await user.click(await screen.findByRole('option', { name: 'Yes or no' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Question 2 is required' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move question 2 up' }));
    expect((within(dialog).getByRole('textbox', { name: /^Question 1/ }) as HTMLInputElement).value).toBe('Can you work in the EU?');
    await user.click(within(dialog).getByRole('button', { name: 'Save questions' }));

    expect(await screen.findByText('The questions for Senior Backend Engineer are saved.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      questions: [
        { label: 'Can you work in the EU?', kind: 'yes_no', required: true },
        { id: 'q1', label: 'Notice period?', kind: 'short_text', required: false },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '2 questions for Senior Backend Engineer' })).toBeTruthy();
  });

  it('shows the figures in numbers and asks for another period', async () => {
    const user = userEvent.setup();
    signInForTest();
    renderApp('/website');
    const perRole = await screen.findByRole('table', { name: /^Visits, applications and conversion per role/ }, loaded);
    const row = within(perRole).getByRole('rowheader', { name: 'Senior Backend Engineer' }).closest('tr')!;
    expect(within(row).getByText('7.5%')).toBeTruthy();
    const total = within(perRole).getByRole('rowheader', { name: 'Whole site (front page included)' }).closest('tr')!;
    expect(within(total).getByText('120')).toBeTruthy();
    expect(within(total).getByText('6')).toBeTruthy();
    expect(within(total).getByText('5%')).toBeTruthy();
    const perDay = screen.getByRole('table', { name: /^Visits and applications per day/ });
    expect(within(within(perDay).getByRole('rowheader', { name: '11/20/26' }).closest('tr')!).getByText('70')).toBeTruthy();
    const first = api.calls.find((c) => c.path === 'organisation/o1/website/stats');
    expect(first?.search).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === 'organisation/o1/website/stats')).toHaveLength(2));
  });

  it('narrows the chart, the cards and the days to one role, keeping the per-role table', async () => {
    const user = userEvent.setup();
    signInForTest();
    renderApp('/website');
    await screen.findByRole('table', { name: /^Visits, applications and conversion per role/ }, loaded);
    const statOf = (label: string) =>
      screen.getAllByText(label).find((el) => el.tagName === 'P' && el.nextElementSibling)!.nextElementSibling!.textContent;
    const statsCalls = () => api.calls.filter((c) => c.path === 'organisation/o1/website/stats');
    expect(statOf('Visits')).toBe('120');
    expect(statsCalls()[0]?.search).not.toContain('filter[role]');

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.getByRole('option', { name: 'All roles' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Senior Backend Engineer' }));
    await waitFor(() => expect(statsCalls().at(-1)?.search).toContain('filter[role]=r1'));
    expect(statsCalls().at(-1)?.search).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

    const perDay = await screen.findByRole('table', { name: /^Visits and applications per day for Senior Backend Engineer/ });
    expect(within(within(perDay).getByRole('rowheader', { name: '11/20/26' }).closest('tr')!).getByText('45')).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Chart of visits and applications per day for Senior Backend Engineer/ })).toBeTruthy();
    expect(statOf('Visits')).toBe('80');
    expect(statOf('Conversion')).toBe('7.5%');
    // The per-role table stays; the whole site's total is not in the role's figures.
    const perRole = screen.getByRole('table', { name: /^Visits, applications and conversion per role/ });
    expect(within(perRole).getByRole('rowheader', { name: 'Senior Backend Engineer' })).toBeTruthy();
    expect(within(perRole).queryByRole('rowheader', { name: 'Whole site (front page included)' })).toBeNull();

    // Another period keeps the role.
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(statsCalls()).toHaveLength(3));
    expect(statsCalls().at(-1)?.search).toContain('filter[role]=r1');

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'All roles' }));
    expect(await screen.findByRole('rowheader', { name: 'Whole site (front page included)' })).toBeTruthy();
    expect(statOf('Visits')).toBe('120');
  });
});

describe('the Website dashboard’s markup', { timeout: 30_000 }, () => {
  // jsdom has no layout: contrast is checked by the browser tests; `region` flags the test's bare notification roots.
  const check = async () =>
    (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`,
    );

  it('passes axe with the offer, the dashboard and the questions dialog', async () => {
    site = { ...subscribedSite(), product_state: 'not_subscribed' };
    signInForTest();
    const view = renderApp('/website');
    await screen.findByRole('region', { name: 'Get a careers site with the Website product' }, loaded);
    expect(await check()).toEqual([]);
    view.unmount();

    site = subscribedSite();
    renderApp('/website');
    await screen.findByRole('table', { name: /^Visits, applications and conversion per role/ }, loaded);
    expect(await check()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add questions for Senior Backend Engineer' }));
    await screen.findByRole('dialog', { name: 'Application questions: Senior Backend Engineer' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(await check()).toEqual([]);
  });
});
