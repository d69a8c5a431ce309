// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { TeamDetail, TeamListItem } from '@hireloop/contract/teams';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../app/test-helpers.tsx';

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
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/teams') return { teams: page([acme]) };
  if (path === 'organisation/o1/teams/t1') return { team: detail };
  const plural = path.split('/').pop()!;
  return { [plural === 'role' ? 'roles' : plural]: page([]) };
});

describe('teams screens', () => {
  it('lists teams with their counts and offers "New team" to those who may manage teams', async () => {
    signInForTest();
    renderApp('/teams');
    const link = await screen.findByRole('link', { name: 'Acme Retail' });
    expect(link.getAttribute('href')).toBe('/teams/t1');
    expect(screen.getByRole('button', { name: 'New team' })).toBeTruthy();
  });

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
});
