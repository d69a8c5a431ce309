// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { TeamDetail, TeamListItem } from '@hireloop/contract/teams';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../app/test-helpers.tsx';
import { doubleClick, holdAnswers } from '../../test/double-submit.ts';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const base = {
  description: null,
  contact_email: null,
  contact_phone: null,
  logo_url: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const acme: TeamListItem = {
  ...base,
  id: 't1',
  name: 'Acme Retail',
  kind: 'client',
  contact_name: 'Ann',
  roles_count: 2,
  members_count: 3,
};
const detail: TeamDetail = {
  ...acme,
  members: [{ id: 'u1', name: 'Priya Raman', email: 'priya@example.test', avatar_url: null }],
  roles: [{ id: 'r1', name: 'Store Manager', status: 'open' }],
};
const globex: TeamListItem = {
  ...base,
  id: 't2',
  name: 'Globex',
  kind: 'client',
  contact_name: null,
  contact_email: 'buyer@globex.test',
  roles_count: 0,
  members_count: 0,
};
const initech: TeamListItem = {
  ...base,
  id: 't3',
  name: 'Initech',
  kind: 'client',
  contact_name: 'Bill Lumbergh',
  contact_email: 'bill@initech.test',
  roles_count: 1,
  members_count: 1,
};
const platform: TeamListItem = { ...base, id: 't4', name: 'Platform', kind: 'team', contact_name: null, roles_count: 0, members_count: 0 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

const api = setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/teams') return { teams: page([acme, globex, initech, platform]) };
  if (path === 'organisation/o1/teams/t1') return { team: detail };
  const plural = path.split('/').pop()!;
  return { [plural === 'role' ? 'roles' : plural]: page([]) };
});

const isBusy = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

describe('teams screens', () => {
  it('lists teams with their counts and offers "New team" to those who may manage teams', async () => {
    signInForTest();
    renderApp('/teams');
    // The lazy route may take a while on a busy machine.
    const link = await screen.findByRole('link', { name: 'Acme Retail' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/teams/t1');
    expect(screen.getByRole('button', { name: 'New team' })).toBeTruthy();
  }, 30_000);

  it('shows each client’s contact: the name, else the e-mail, with a mail link whenever there is an e-mail', async () => {
    signInForTest();
    renderApp('/teams');
    // The lazy route may take a while on a busy machine.
    await screen.findByRole('link', { name: 'Acme Retail' }, { timeout: 15_000 });
    const row = async (name: string) => (await screen.findByRole('link', { name })).closest('tr')!;
    const cells = (tr: HTMLElement) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells(await row('Acme Retail'))[2]).toBe('Ann');
    expect(within(await row('Acme Retail')).queryByRole('link', { name: 'Ann' })).toBeNull();
    expect(cells(await row('Globex'))[2]).toBe('buyer@globex.test');
    expect(screen.getByRole('link', { name: 'buyer@globex.test' }).getAttribute('href')).toBe('mailto:buyer@globex.test');
    expect(screen.getByRole('link', { name: 'Bill Lumbergh' }).getAttribute('href')).toBe('mailto:bill@initech.test');
    expect(cells(await row('Platform'))[2]).toBe('—');
  }, 30_000);

  it('hides every write from an interviewer', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/teams/t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Retail' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Store Manager' }).getAttribute('href')).toBe('/roles/r1');
    expect(screen.getByText('Priya Raman')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save hiring team' })).toBeNull();
  });

  it('saves the hiring team once for a double click, busy until the server answers', async () => {
    const user = userEvent.setup();
    api.answer = ({ method, path }) =>
      method === 'GET' && path === 'organisation/o1/users'
        ? { status: 200, body: { users: page([{ id: 'u2', name: 'Marcus Lee', email: 'marcus@example.test', avatar_url: null }]) } }
        : method === 'PUT' && path === 'organisation/o1/teams/t1/members'
          ? { status: 200, body: { team: detail } }
          : undefined;
    signInForTest();
    renderApp('/teams/t1');
    await user.click(await screen.findByRole('combobox', { name: 'Members of the hiring team' }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('option', { name: 'Marcus Lee' }));
    const held = holdAnswers((method, path) => method === 'PUT' && path.endsWith('/members'));
    const save = screen.getByRole('button', { name: 'Save hiring team' });
    doubleClick(save);
    await waitFor(() => expect(held.sent).toBe(1));
    expect(isBusy(save)).toBe(true);
    act(() => held.release());
    expect(await screen.findByText('Hiring team saved.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ user_ids: ['u1', 'u2'] });
  }, 30_000);

  it('saves the edited team once for a double click, and still shows a refusal on its field', async () => {
    let refuse = true;
    api.answer = ({ method, path }) => {
      if (method !== 'PATCH' || path !== 'organisation/o1/teams/t1') return undefined;
      if (refuse) {
        refuse = false;
        return { status: 422, body: { message: 'Invalid.', code: 'validation_failed', errors: { name: ['That name is taken.'] } } };
      }
      return { status: 200, body: { team: { ...detail, name: 'Acme Stores' } } };
    };
    signInForTest();
    renderApp('/teams/t1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme Retail' });
    const save = within(dialog).getByRole('button', { name: 'Save' });

    // The form hears of the refusal through the guard: the message lands on the field, the dialog stays.
    doubleClick(save);
    expect(await within(dialog).findByText('That name is taken.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);

    const held = holdAnswers((method) => method === 'PATCH');
    doubleClick(save);
    await waitFor(() => expect(held.sent).toBe(1));
    expect(isBusy(save)).toBe(true);
    act(() => held.release());
    expect(await screen.findByText('Saved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Acme Retail' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(2);
  }, 30_000);

  it('uploads the logo once for a double click on save, busy until the server answers', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:logo'), revokeObjectURL: vi.fn() }));
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/teams/t1/logo'
        ? { status: 200, body: { team: { ...detail, logo_url: '/files/logo.png' } } }
        : undefined;
    signInForTest();
    const { container } = renderApp('/teams/t1');
    await screen.findByRole('button', { name: 'Upload client logo' }, { timeout: 15_000 });
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    const held = holdAnswers((method, path) => method === 'POST' && path.endsWith('/logo'));
    const save = await screen.findByRole('button', { name: 'Save client logo' });
    doubleClick(save);
    await waitFor(() => expect(held.sent).toBe(1));
    expect(isBusy(save)).toBe(true);
    act(() => held.release());
    expect(await screen.findByText('Your new client logo is saved.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  }, 30_000);
});
