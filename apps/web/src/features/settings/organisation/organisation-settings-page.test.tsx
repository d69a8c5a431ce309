// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrganisationSummary } from '@hireloop/contract/auth';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { AuditEntry, OrganisationSettings } from '@hireloop/contract/organisation-settings';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation, testUser } from '../../../app/test-helpers.tsx';
import { expectOneSaveForDoubleClick, holdAnswers, isBusy } from '../../../test/double-submit.ts';

const organisation: OrganisationSettings = {
  id: 'o1',
  name: 'Northwind Labs',
  slug: 'northwind-labs',
  logo_url: null,
  website: 'https://northwind.example',
  timezone: 'Europe/London',
  offer_approval: null,
  created_at: '2025-01-01T00:00:00Z',
};
const entry: AuditEntry = {
  id: 'a1',
  action: 'organisation.updated',
  target_type: 'organisation',
  target_id: 'o1',
  actor: { type: 'user', id: 'u2', name: 'Marcus Lee' },
  before: { timezone: 'UTC' },
  after: { timezone: 'Europe/London' },
  created_at: '2025-03-01T10:00:00Z',
};
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 20, total: data.length, last_page: 1 } });

const api = setUpFakeApi(({ method, path }) =>
  path === 'organisation/o1' && method === 'GET'
    ? { organisation }
    : path === 'organisation/o1/audit-log'
      ? { audit_entries: page([entry]) }
      : path === 'organisation/o1/users' || path === 'notifications' || path === 'organisation/o1/role'
        ? { [path.split('/').pop()!]: page([]) }
        : undefined,
);

const as = (role: OrganisationSummary['role']) => signInForTest([{ ...testOrganisation, role, permissions: permissionsOf(role) }]);

describe('Organisation Settings', () => {
  it('shows an owner the editable form, the danger zone and the audit log with before → after', async () => {
    as('owner');
    renderApp('/settings/organisation');
    expect(await screen.findByDisplayValue('northwind-labs', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByLabelText(/Organisation name/) as HTMLInputElement).readOnly).toBe(false);
    expect(screen.getByRole('heading', { name: 'Danger zone' })).toBeTruthy();
    const audit = screen.getByRole('region', { name: 'Audit log' });
    expect(await within(audit).findByText('Organisation updated')).toBeTruthy();
    expect(within(audit).getByText('Marcus Lee')).toBeTruthy();
    expect(within(audit).getByText(/UTC/).textContent).toContain('Europe/London');
  });

  it('shows a recruiter the details read-only, without the danger zone or the audit log', async () => {
    as('recruiter');
    renderApp('/settings/organisation');
    expect(await screen.findByDisplayValue('northwind-labs', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByLabelText(/Organisation name/) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: /Save changes/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Danger zone' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Audit log' })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('audit-log'))).toBe(false);
  });

  it('puts the server’s field message on the slug when it is taken', async () => {
    as('admin');
    api.answer = (call) =>
      call.method === 'PATCH'
        ? {
            status: 409,
            body: { message: 'This URL slug is already taken.', code: 'conflict', errors: { slug: ['This URL slug is already taken.'] } },
          }
        : undefined;
    renderApp('/settings/organisation');
    const slug = await screen.findByDisplayValue('northwind-labs', {}, { timeout: 5000 });
    fireEvent.change(slug, { target: { value: 'taken-slug' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This URL slug is already taken.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ slug: 'taken-slug' });
  });

  it('saves the details once for a double click, and the button is busy until the server answers', async () => {
    as('admin');
    api.answer = (call) =>
      call.method === 'PATCH' ? { status: 200, body: { organisation: { ...organisation, website: 'https://northwind.test' } } } : undefined;
    renderApp('/settings/organisation');
    const website = await screen.findByDisplayValue('https://northwind.example', {}, { timeout: 5000 });
    fireEvent.change(website, { target: { value: 'https://northwind.test' } });
    const { release } = holdAnswers((method) => method === 'PATCH');
    await expectOneSaveForDoubleClick(screen.getByRole('button', { name: 'Save changes' }), {
      requests: () => api.calls.filter((c) => c.method === 'PATCH').length,
      release,
      saved: 'The organisation is saved.',
    });
  });

  it('lets an admin set “Offers need approval from” to a role', async () => {
    as('admin');
    api.answer = (call) =>
      call.method === 'PATCH'
        ? { status: 200, body: { organisation: { ...organisation, offer_approval: { kind: 'role', role: 'owner' } } } }
        : undefined;
    renderApp('/settings/organisation');
    const section = await screen.findByRole('region', { name: 'Offer approval' }, { timeout: 5000 });
    expect(((await within(section).findByLabelText('No approval needed')) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(section).getByLabelText('A member with a role'));
    fireEvent.click(within(section).getByRole('button', { name: 'Save approval setting' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ offer_approval: { kind: 'role', role: 'admin' } }),
    );
  });

  it('tells a recruiter who must approve offers, without a control to change it', async () => {
    as('recruiter');
    api.answer = (call) =>
      call.path === 'organisation/o1' && call.method === 'GET'
        ? {
            status: 200,
            body: {
              organisation: {
                ...organisation,
                offer_approval: { kind: 'people', people: [{ id: 'u9', name: 'Amira Haddad', can_approve: true }] },
              },
            },
          }
        : undefined;
    renderApp('/settings/organisation');
    const section = await screen.findByRole('region', { name: 'Offer approval' }, { timeout: 5000 });
    expect(await within(section).findByText('Amira Haddad must approve every offer, in this order.')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Save approval setting' })).toBeNull();
  });

  it('sends the audit filters as filter[...] and starts again at page 1', async () => {
    as('owner');
    renderApp('/settings/organisation');
    const audit = await screen.findByRole('region', { name: 'Audit log' }, { timeout: 5000 });
    fireEvent.change(within(audit).getByLabelText('Action'), { target: { value: 'member.removed' } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.search.includes('filter[action]=member.removed') && c.search.includes('page=1'))).toBe(true),
    );
  });

  it('deletes only after the name is typed exactly, then leaves for the remaining organisations', async () => {
    as('owner');
    api.answer = (call) =>
      call.path === 'auth' && call.method === 'GET'
        ? { status: 200, body: { auth: { user: testUser, organisations: [{ ...testOrganisation, id: 'o2', name: 'Other Co' }] } } }
        : undefined;
    renderApp('/settings/organisation');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete organisation' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Northwind Labs?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete organisation' }) as HTMLButtonElement;
    const input = within(dialog).getByLabelText('Type Northwind Labs to confirm');
    fireEvent.change(input, { target: { value: 'northwind labs' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Northwind Labs' } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'DELETE' && c.path === 'organisation/o1')?.body).toEqual({
        confirm_name: 'Northwind Labs',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'My Organisations and Memberships' }, { timeout: 5000 });
  });

  it('deletes once for Enter pressed twice, and holds the dialog (Cancel too) until the server answers', async () => {
    as('owner');
    api.answer = (call) =>
      call.path === 'auth' && call.method === 'GET'
        ? { status: 200, body: { auth: { user: testUser, organisations: [{ ...testOrganisation, id: 'o2', name: 'Other Co' }] } } }
        : undefined;
    renderApp('/settings/organisation');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete organisation' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Northwind Labs?' });
    const input = within(dialog).getByLabelText('Type Northwind Labs to confirm');
    fireEvent.change(input, { target: { value: 'Northwind Labs' } });
    const { release } = holdAnswers((method, path) => method === 'DELETE' && path === 'organisation/o1');
    // Enter in the field submits the form: twice in a row.
    act(() => {
      fireEvent.submit(input.closest('form')!);
      fireEvent.submit(input.closest('form')!);
    });
    const confirm = within(dialog).getByRole('button', { name: 'Delete organisation' });
    await waitFor(() => expect(isBusy(confirm)).toBe(true));
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.calls.filter((c) => c.method === 'DELETE' && c.path === 'organisation/o1')).toHaveLength(1);
    await act(async () => release());
    await screen.findByRole('heading', { level: 1, name: 'My Organisations and Memberships' }, { timeout: 5000 });
    expect(api.calls.filter((c) => c.method === 'DELETE' && c.path === 'organisation/o1')).toHaveLength(1);
  });
});
