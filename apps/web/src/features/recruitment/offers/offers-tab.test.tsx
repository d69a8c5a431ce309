// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MemoryRouter } from 'react-router';
import type { Offer } from '@hireloop/contract/offers';
import { OFFER_TEXTS } from '@hireloop/contract/offers';
import { offerStatusAllows, type OfferManagerAction } from '@hireloop/contract/policies/offers';
import { permissionsOf } from '@hireloop/contract/permissions';
import { setUpFakeApi, signInForTest, testOrganisation } from '../../../app/test-helpers.tsx';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { OffersTab } from './offers-tab.tsx';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });
const member = (id: string, name: string, role: string) => ({
  id,
  name,
  email: `${id}@example.test`,
  avatar_url: null,
  role,
  joined_at: '2026-01-01T00:00:00Z',
});

/**
 * An offer as the server answers the signed-in manager: its `policies` from the contract's status
 * rule, and `decide` as `can_approve` (unless the test gives its own `policies`).
 */
function makeOffer(overrides: Partial<Offer> = {}): Offer {
  const offer = offerFields(overrides);
  const open = (action: OfferManagerAction) => offerStatusAllows(action, offer.status);
  const policies = {
    update: open('update'),
    submit: open('submit'),
    send: open('send'),
    withdraw: open('withdraw'),
    decide: offer.can_approve,
  };
  return { ...offer, policies: overrides.policies ?? policies };
}

function offerFields(overrides: Partial<Offer>): Omit<Offer, 'policies'> {
  return {
    id: 'of1',
    application_id: 'a1',
    candidate: { id: 'c1', name: 'Jordan Blake', email: 'jordan@example.test' },
    recruitment: { id: 'r1', name: 'Backend Engineer 2026' },
    role: { id: 'ro1', name: 'Backend Engineer', salary_min: null, salary_max: null, salary_currency: null, salary_period: 'year' },
    salary_range_check: null,
    salary: 85000,
    currency: 'EUR',
    salary_period: 'year',
    bonus_note: null,
    start_date: '2030-03-01',
    contract_type: 'full_time',
    expires_on: '2030-02-01',
    expires_at: '2030-02-01T23:59:59Z',
    status: 'pending_approval',
    approvals: [
      { approver: { id: 'u1', name: 'Dana Whitfield' }, position: 1, decision: 'pending', comment: null, decided_at: null },
      { approver: { id: 'u2', name: 'Tom Okafor' }, position: 2, decision: 'pending', comment: null, decided_at: null },
    ],
    current_approver_id: 'u1',
    can_approve: true,
    version: 1,
    created_by: { id: 'u1', name: 'Dana Whitfield' },
    sent_at: null,
    decided_at: null,
    decline_reason: null,
    letter_text: null,
    letter_preview_url: '/api/v1/organisation/o1/offers/of1/letter.pdf',
    created_at: '2030-01-01T10:00:00Z',
    updated_at: '2030-01-01T10:00:00Z',
    ...overrides,
  };
}

let current = makeOffer();

const api = setUpFakeApi(({ method, path }) => {
  if (method !== 'GET') return undefined;
  if (path === 'organisation/o1/recruitments/r1/offers') return { offers: page([current]) };
  if (path === 'organisation/o1/offers/of1') return { offer: current };
  if (path === 'organisation/o1/candidates/c1/activities') return { activities: page([]) };
  if (path === 'organisation/o1/recruitments/r1') return { recruitment: { id: 'r1', role: { id: 'ro1', name: 'Backend Engineer' } } };
  if (path === 'organisation/o1/role/ro1')
    return {
      role: { id: 'ro1', name: 'Backend Engineer', salary_min: 90000, salary_max: 110000, salary_currency: 'CHF', salary_period: 'year' },
    };
  if (path === 'organisation/o1/recruitments/r1/applications')
    return {
      applications: page([
        { id: 'a1', candidate: { id: 'c1', name: 'Jordan Blake', email: null, location: null, erased: false } },
        { id: 'a2', candidate: { id: 'c2', name: 'Sam Lee', email: null, location: null, erased: false } },
      ]),
    };
  if (path === 'organisation/o1/users')
    return {
      users: page([
        member('u1', 'Dana Whitfield', 'owner'),
        member('u2', 'Tom Okafor', 'hiring_manager'),
        member('u3', 'Elena García', 'interviewer'),
      ]),
    };
  return undefined;
});

beforeEach(() => {
  // Toasts outlive a test; past Mantine's limit of five on screen, a new one would wait in the queue.
  notifications.clean();
});

function renderTab(path = '/recruitment/r1/offers') {
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={[path]}>
        <OffersTab recruitmentId="r1" />
      </MemoryRouter>
    </Providers>,
  );
}

describe('offers tab', { timeout: 30_000 }, () => {
  it('lists the offers with status, approvals progress and expiry', async () => {
    signInForTest();
    current = makeOffer();
    renderTab();
    const table = await screen.findByRole('table', { name: 'Offers' });
    const row = within(table).getByRole('row', { name: /^Offer to Jordan Blake/ });
    expect(within(row).getByText('€85,000 per year')).toBeTruthy();
    expect(within(row).getByText('Pending approval')).toBeTruthy();
    expect(within(row).getByText('0 of 2 approved')).toBeTruthy();
    expect(within(row).getByText('Waiting for you')).toBeTruthy();
    expect(within(row).getByText('2/1/30')).toBeTruthy();
  });

  it('tells an interviewer that offers are not for them, and asks the server nothing', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderTab();
    expect(await screen.findByText('Offers are not shown to you')).toBeTruthy();
    expect(api.calls.some((c) => c.path.includes('/offers'))).toBe(false);
  });

  it('shows approve and reject to the current approver, and asks for a comment to reject', async () => {
    signInForTest();
    current = makeOffer();
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    const decision = within(drawer).getByRole('region', { name: /Your decision/ });
    await userEvent.click(within(decision).getByRole('button', { name: 'Reject' }));
    expect(await within(decision).findByText(OFFER_TEXTS.commentRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/offers/of1/approve'
        ? { status: 200, body: { offer: makeOffer({ can_approve: false }) } }
        : undefined;
    await userEvent.type(within(decision).getByLabelText(/Comment/), 'Within band');
    await userEvent.click(within(decision).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ comment: 'Within band' }));
  });

  it('hides approve and reject from anyone but the current approver', async () => {
    signInForTest();
    current = makeOffer({ can_approve: false, current_approver_id: 'u2' });
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    expect(within(drawer).getByText('Awaiting decision')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('shows exactly the actions the server’s policies allow, whatever the status and role', async () => {
    // A hiring manager whose turn it is: they decide, and may not submit, send, edit or withdraw.
    signInForTest([{ ...testOrganisation, role: 'hiring_manager', permissions: permissionsOf('hiring_manager') }]);
    current = makeOffer({ policies: { update: false, submit: false, send: false, withdraw: false, decide: true } });
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    expect(within(within(drawer).getByRole('region', { name: /Your decision/ })).getByRole('button', { name: 'Approve' })).toBeTruthy();
    for (const name of ['Submit for approval', 'Send to candidate', 'Edit', 'Withdraw']) {
      expect(within(drawer).queryByRole('button', { name })).toBeNull();
    }
  });

  it('offers only Withdraw when that is all the server allows', async () => {
    signInForTest();
    current = makeOffer({
      status: 'approved',
      can_approve: false,
      current_approver_id: null,
      policies: { update: false, submit: false, send: false, withdraw: true, decide: false },
    });
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    expect(within(drawer).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    for (const name of ['Submit for approval', 'Send to candidate', 'Edit', 'Approve']) {
      expect(within(drawer).queryByRole('button', { name })).toBeNull();
    }
  });

  it('offers "Send to candidate" only once approved, and confirms before sending', async () => {
    signInForTest();
    current = makeOffer({ status: 'approved', can_approve: false, current_approver_id: null });
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    expect(within(drawer).queryByRole('button', { name: 'Submit for approval' })).toBeNull();
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/offers/of1/send'
        ? { status: 200, body: { offer: makeOffer({ status: 'sent', can_approve: false, sent_at: '2030-01-02T10:00:00Z' }) } }
        : undefined;
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send to candidate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send the offer?' });
    expect(within(confirm).getByText(/jordan@example.test/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Send offer' }));
    expect(await within(drawer).findByText(/The link to the offer was e-mailed to jordan@example.test/)).toBeTruthy();
  });

  it('submits once for a double click on "Submit for approval"', async () => {
    signInForTest();
    const posts = (suffix: string) => api.calls.filter((c) => c.method === 'POST' && c.path === `organisation/o1/offers/of1/${suffix}`);
    current = makeOffer({ status: 'draft', can_approve: false, current_approver_id: null });
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/offers/of1/submit'
        ? { status: 200, body: { offer: makeOffer({ status: 'pending_approval', can_approve: false }) } }
        : undefined;
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    const submit = within(drawer).getByRole('button', { name: 'Submit for approval' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Offer submitted for approval.')).toBeTruthy();
    expect(posts('submit')).toHaveLength(1);
  });

  it('approves once for a double click on approve', async () => {
    signInForTest();
    current = makeOffer();
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/offers/of1/approve'
        ? { status: 200, body: { offer: makeOffer({ can_approve: false }) } }
        : undefined;
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    const approve = within(within(drawer).getByRole('region', { name: /Your decision/ })).getByRole('button', { name: 'Approve' });
    fireEvent.click(approve);
    fireEvent.click(approve);
    expect(await screen.findByText('You approved the offer.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/approve'))).toHaveLength(1);
  });

  it('sends the offer once for a double click on the confirmation', async () => {
    signInForTest();
    current = makeOffer({ status: 'approved', can_approve: false, current_approver_id: null });
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/offers/of1/send'
        ? { status: 200, body: { offer: makeOffer({ status: 'sent', can_approve: false, sent_at: '2030-01-02T10:00:00Z' }) } }
        : undefined;
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send to candidate' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send the offer?' });
    const send = within(confirm).getByRole('button', { name: 'Send offer' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await within(drawer).findByText(/The link to the offer was e-mailed to jordan@example.test/)).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/send'))).toHaveLength(1);
  });

  it('saves an edited offer once for a double click, and keeps the form open with the server’s refusal', async () => {
    signInForTest();
    current = makeOffer({ status: 'draft', can_approve: false, current_approver_id: null });
    api.answer = ({ method, path }) =>
      method === 'PATCH' && path === 'organisation/o1/offers/of1'
        ? { status: 409, body: { message: 'The offer was changed by someone else.', code: 'conflict' } }
        : undefined;
    renderTab('/recruitment/r1/offers?offer=of1');
    const drawer = await screen.findByRole('dialog', { name: 'Offer to Jordan Blake' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the offer' });
    for (const step of ['Dates & contract', 'Approvers', 'Review']) {
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Next' }));
      expect(await within(dialog).findByRole('tab', { name: new RegExp(step), selected: true })).toBeTruthy();
    }
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('The offer was changed by someone else.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH' && c.path === 'organisation/o1/offers/of1')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Edit the offer' })).toBeTruthy();
  });

  it('takes a salary with pence, typed with a point or a comma ("17,50" was read as 1,750)', async () => {
    signInForTest();
    localStorage.clear();
    current = makeOffer();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create offer' });
    const salary = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Salary/ });
    await userEvent.type(salary, '17,50');
    expect(salary.value).toBe('17.50');
    await userEvent.clear(salary);
    await userEvent.type(salary, '15.5');
    expect(salary.value).toBe('15.5');
    await userEvent.type(salary, '55');
    expect(salary.value).toBe('15.55'); // two decimals at most
    await userEvent.clear(salary);
    await userEvent.type(salary, '85000');
    expect(salary.value).toBe('85,000');
  });

  it('walks the create form step by step, refusing to move on without the candidate and salary', async () => {
    signInForTest();
    localStorage.clear();
    current = makeOffer();
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Create offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create offer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Choose the candidate to make the offer to.')).toBeTruthy();
    expect(within(dialog).getByText(OFFER_TEXTS.salaryRequired)).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: /Candidate & terms/, selected: true })).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Candidate/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Lee' }));
    // The currency is the role's; a salary below its range is a warning, not an error.
    expect(within(dialog).getByRole('combobox', { name: /^Currency/ })).toHaveProperty('value', 'CHF');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Salary/ }), '70000');
    expect(within(dialog).getByTestId('salary-range-warning').textContent).toMatch(
      /below the role's range \(CHF\s90,000 – CHF\s110,000 per year\)/,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('tab', { name: /Dates & contract/, selected: true })).toBeTruthy();
    // The dates are required before the approvers step.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(OFFER_TEXTS.startDateRequired)).toBeTruthy();
    expect(within(dialog).getByText(OFFER_TEXTS.expiryRequired)).toBeTruthy();
  });
});
