// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Invitation } from '@hireloop/contract/invitations';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { OrganisationUser } from '@hireloop/contract/users';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../../app/test-helpers.tsx';
import { holdAnswers, isBusy } from '../../../test/double-submit.ts';

const page = <T,>(data: T[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });
const member = (id: string, name: string, role: OrganisationUser['role'], may = true): OrganisationUser => ({
  id,
  name,
  email: `${id}@example.test`,
  avatar_url: null,
  role,
  joined_at: '2030-01-01T00:00:00Z',
  policies: { remove: may, change_role: may },
});
/** The members as the server answers the signed-in user: each with what they may do to them. */
let people = [member('u1', 'Dana Whitfield', 'owner'), member('u2', 'Elena García', 'interviewer')];

const api = setUpFakeApi(({ path, search }) =>
  path.endsWith('/users')
    ? { users: page(search.includes('filter[name]=ele') ? [people[1]!] : people) }
    : path.endsWith('/invitations')
      ? { invitations: page([]) }
      : path.endsWith('/role')
        ? { roles: page([]) }
        : path.endsWith('/billing')
          ? { billing: { plan: 'trial', trail_ends_at: null, products: [] } }
          : path === 'notifications'
            ? { notifications: page([]) }
            : undefined,
);

const invitation = (id: string, email: string): Invitation => ({
  id,
  email,
  role: 'recruiter',
  state: 'pending',
  invited_by: { id: 'u1', name: 'Dana Whitfield' },
  created_at: '2030-01-01T00:00:00Z',
  last_sent_at: '2030-01-01T00:00:00Z',
  expires_at: '2030-01-08T00:00:00Z',
});

describe('/settings/organisation-users', () => {
  it('searches on the server with filter[name] once typing pauses', async () => {
    signInForTest();
    renderApp('/settings/organisation-users');
    // The first page of the file loads the whole app: more than findBy's default second on a busy machine.
    const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 5000 });
    expect(within(table).getByText('Elena García')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search members'), { target: { value: 'ele' } });
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Members' })).queryByText('Dana Whitfield')).toBeNull());
    const searches = api.calls.filter((c) => c.path === 'organisation/o1/users' && c.search.includes('filter[name]'));
    expect(searches.map((c) => c.search)).toEqual([expect.stringContaining('filter[name]=ele')]);
  });

  it('shows the server’s field message under the invite form’s email', async () => {
    signInForTest();
    api.answer = (call) =>
      call.method === 'POST' && call.path === 'organisation/o1/invitations'
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              code: 'validation_failed',
              errors: { email: ['elena@example.test is already a member of this organisation.'] },
            },
          }
        : undefined;
    renderApp('/settings/organisation-users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Email/), { target: { value: 'elena@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('elena@example.test is already a member of this organisation.')).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({
        method: 'POST',
        path: 'organisation/o1/invitations',
        body: { email: 'elena@example.test', role: 'interviewer' },
      }),
    );
  });

  it('says nothing of an address not typed yet when the role is chosen first; checks a typed one on leaving it, and an empty one on sending', async () => {
    signInForTest();
    renderApp('/settings/organisation-users');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite' }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText(/Email/);
    fireEvent.blur(email);
    expect(email.getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.blur(email);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(email, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('resends an invitation once for a double click; every Resend waits until the server answers', async () => {
    signInForTest();
    const open = [invitation('i1', 'amira@example.test'), invitation('i2', 'tom@example.test')];
    api.answer = (call) =>
      call.method === 'GET' && call.path === 'organisation/o1/invitations'
        ? { status: 200, body: { invitations: page(open) } }
        : call.method === 'POST' && call.path === 'organisation/o1/invitations/i1/resend'
          ? { status: 200, body: { invitation: open[0] } }
          : undefined;
    renderApp('/settings/organisation-users');
    const resend = await screen.findByRole('button', { name: 'Resend the invitation to amira@example.test' }, { timeout: 5000 });
    const other = screen.getByRole('button', { name: 'Resend the invitation to tom@example.test' }) as HTMLButtonElement;
    const { release } = holdAnswers((method) => method === 'POST');
    act(() => {
      fireEvent.click(resend);
      fireEvent.click(resend);
    });
    const resends = () => api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/resend'));
    await waitFor(() => expect(isBusy(resend)).toBe(true));
    expect(resends()).toHaveLength(1);
    expect(other.disabled).toBe(true);
    expect(isBusy(other)).toBe(false);
    await act(async () => release());
    expect(await screen.findByText('A new link was sent to amira@example.test.')).toBeTruthy();
    await waitFor(() => expect(other.disabled).toBe(false));
    expect(isBusy(resend)).toBe(false);
    expect(resends().map((c) => c.path)).toEqual(['organisation/o1/invitations/i1/resend']);
  });

  it("offers role change and removal on exactly the members the server's policies allow", async () => {
    signInForTest([{ ...testOrganisation, role: 'admin', permissions: permissionsOf('admin') }]);
    people = [member('u1', 'Dana Whitfield', 'owner', false), member('u2', 'Elena García', 'interviewer', true)];
    renderApp('/settings/organisation-users');
    const table = await screen.findByRole('table', { name: 'Members' }, { timeout: 5000 });
    expect(within(table).queryByRole('combobox', { name: 'Role of Dana Whitfield' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Remove Dana Whitfield' })).toBeNull();
    expect(within(table).getByRole('combobox', { name: 'Role of Elena García' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Remove Elena García' })).toBeTruthy();
  });

  it('shows members without any control to someone who may not manage them', async () => {
    signInForTest([{ ...testOrganisation, role: 'recruiter', permissions: permissionsOf('recruiter') }]);
    people = [member('u1', 'Dana Whitfield', 'owner', false), member('u2', 'Elena García', 'interviewer', false)];
    renderApp('/settings/organisation-users');
    expect(await screen.findByText('Elena García')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Role of / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/invitations'))).toBe(false);
  });
});
