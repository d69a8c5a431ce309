// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { Recruitment } from '@hireloop/contract/recruitments';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../app/test-helpers.tsx';

// The first render loads the lazy layout and page chunks: slow on a busy machine.
const loaded = { timeout: 10_000 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 50, total: data.length, last_page: 1 } });
const at = '2026-01-01T00:00:00Z';

const recruitment: Recruitment = {
  id: 'rc1',
  name: 'Backend hiring 2026',
  description: null,
  status: 'on_hold',
  role: { id: 'r1', name: 'Senior Backend Engineer' },
  team: { id: 't1', name: 'Engineering' },
  owner: null,
  openings: 1,
  target_date: null,
  opened_at: at,
  closed_at: null,
  close_reason: null,
  stage_counts: [],
  candidates_count: 4,
  active_count: 4,
  rejected_count: 0,
  hired_count: 0,
  created_at: at,
  updated_at: at,
};

const role = {
  id: 'r1',
  name: 'Senior Backend Engineer',
  team: { id: 't1', name: 'Engineering' },
  level: null,
  location_type: 'remote',
  location: null,
  employment_type: 'full_time',
  salary_min: null,
  salary_max: null,
  salary_currency: null,
  salary_period: 'year',
  description_html: '',
  status: 'open',
  published: false,
  created_at: at,
  updated_at: at,
};

const team = {
  id: 't1',
  name: 'Engineering',
  kind: 'team',
  description: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  logo_url: null,
  created_at: at,
  updated_at: at,
  roles_count: 1,
  members_count: 0,
  members: [],
  roles: [{ id: 'r1', name: 'Senior Backend Engineer', status: 'open' }],
};

const api = setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/recruitments') return { recruitments: page([recruitment]) };
  if (path === 'organisation/o1/role/r1') return { role };
  if (path === 'organisation/o1/teams/t1') return { team };
  const plural = path.split('/').pop()!;
  return { [plural === 'role' ? 'roles' : plural]: page([]) };
});

describe('recruitments on the role and team pages', { timeout: 30_000 }, () => {
  it('lists the role’s recruitments and starts one for the role', async () => {
    signInForTest();
    renderApp('/roles/r1');
    const list = await screen.findByRole('list', { name: 'Recruitments' }, loaded);
    expect(within(list).getByRole('link', { name: 'Backend hiring 2026' }).getAttribute('href')).toBe('/recruitment/rc1/candidates');
    expect(within(list).getByText('On hold')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a recruitment' }).getAttribute('href')).toBe('/recruitment?new=1&role=r1');
    expect(api.calls.find((c) => c.path === 'organisation/o1/recruitments')?.search).toContain('filter[role]=r1');
  });

  it('lists the team’s recruitments, without "Start a recruitment" for an interviewer', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/teams/t1');
    const list = await screen.findByRole('list', { name: 'Recruitments' }, loaded);
    expect(within(list).getByRole('link', { name: 'Backend hiring 2026' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start a recruitment' })).toBeNull();
    expect(api.calls.find((c) => c.path === 'organisation/o1/recruitments')?.search).toContain('filter[team]=t1');
  });
});
