// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Activity, Dashboard } from '@hireloop/contract/candidates';
import { permissionsOf } from '@hireloop/contract/permissions';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../app/test-helpers.tsx';
import { activityLink, describeActivity } from './activity-text.ts';

// The first render loads the lazy layout and page chunks: slow on a busy machine.
const loaded = { timeout: 10_000 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

const moved: Activity = {
  id: 'a1',
  type: 'application.moved',
  actor: { id: 'u2', name: 'Priya Raman' },
  candidate: { id: 'c1', name: 'Ana Silva' },
  application_id: 'ap1',
  recruitment: { id: 'rc1', name: 'Backend hiring 2026' },
  data: { from: 'Screening', to: 'Interview' },
  created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
};

const empty: Dashboard = {
  recruitments: [],
  recent_activity: [],
  interviews: [],
  feedback_owed: [],
  approvals: [],
  counts: { open_recruitments: 0, active_candidates: 0, new_this_week: 0, hired_this_month: 0 },
};

let dashboard: Dashboard = empty;

setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/dashboard') return { dashboard };
  if (path === 'organisation/o1/billing') return { billing: { plan: 'trial', trail_ends_at: null, products: [] } };
  const plural = path.split('/').pop()!;
  return { [plural === 'role' ? 'roles' : plural]: page([]) };
});

beforeEach(() => {
  dashboard = empty;
});

describe('the dashboard', { timeout: 30_000 }, () => {
  it('shows the counts, your recruitments with this week’s movement, and recent activity as sentences', async () => {
    dashboard = {
      ...empty,
      recruitments: [
        {
          id: 'rc1',
          name: 'Backend hiring 2026',
          role: { id: 'r1', name: 'Senior Backend Engineer' },
          active_count: 9,
          new_this_week: 3,
          moved_this_week: 5,
          hired_count: 1,
          openings: 2,
        },
      ],
      recent_activity: [moved],
      counts: { open_recruitments: 4, active_candidates: 37, new_this_week: 6, hired_this_month: 2 },
    };
    signInForTest();
    renderApp('/dashboard');
    const link = await screen.findByRole('link', { name: 'Priya Raman moved Ana Silva to Interview' }, loaded);
    expect(link.getAttribute('href')).toBe('/recruitment/rc1/candidates?application=ap1');
    expect(screen.getByText('2 hours ago')).toBeTruthy();
    expect(screen.getByText('37')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Your recruitments' });
    const row = within(table).getByRole('row', { name: /Backend hiring 2026/ });
    expect(row.textContent).toContain('1 of 2');
    expect(within(row).getByRole('cell', { name: '5' })).toBeTruthy();
  });

  it('has friendly empty states before anything happens', async () => {
    signInForTest();
    renderApp('/dashboard');
    expect(await screen.findByText('Interviews you are on will appear here.', {}, loaded)).toBeTruthy();
    expect(screen.getByText('Scorecards waiting for your feedback will appear here.')).toBeTruthy();
    expect(screen.getByText('Offers waiting for your approval will appear here.')).toBeTruthy();
    expect(screen.getByText('What happens to candidates in your recruitments will appear here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to recruitments' }).getAttribute('href')).toBe('/recruitment');
  });
});

describe('the dashboard’s prompts follow the reader’s permissions', { timeout: 30_000 }, () => {
  it('offers an owner every set-up step', async () => {
    signInForTest();
    renderApp('/dashboard');
    const steps = await screen.findByRole('region', { name: 'Get Northwind Labs hiring' }, loaded);
    expect(within(steps).getByRole('link', { name: 'Add the job roles you hire for' }).getAttribute('href')).toBe('/jobs');
    expect(within(steps).getByRole('link', { name: 'Set up the teams or clients you hire for' })).toBeTruthy();
    expect(within(steps).getByRole('link', { name: 'Shape your recruitment pipeline' })).toBeTruthy();
    expect(within(steps).getByRole('link', { name: 'Bring in your colleagues' })).toBeTruthy();
  });

  it('offers a recruiter only what a recruiter may do', async () => {
    signInForTest([{ ...testOrganisation, role: 'recruiter', permissions: permissionsOf('recruiter') }]);
    renderApp('/dashboard');
    const steps = await screen.findByRole('region', { name: 'Get Northwind Labs hiring' }, loaded);
    expect(within(steps).getByRole('link', { name: 'Add the job roles you hire for' })).toBeTruthy();
    expect(within(steps).getByRole('link', { name: 'Set up the teams or clients you hire for' })).toBeTruthy();
    expect(within(steps).queryByRole('link', { name: 'Shape your recruitment pipeline' })).toBeNull();
    expect(within(steps).queryByRole('link', { name: 'Bring in your colleagues' })).toBeNull();
  });

  it('offers an interviewer no set-up step, and says who does it', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/dashboard');
    const part = await screen.findByRole('region', { name: 'Your part in Northwind Labs' }, loaded);
    expect(within(part).queryAllByRole('link')).toEqual([]);
    expect(part.textContent).toContain('Your colleagues who run Northwind Labs set up its job roles, teams and pipeline.');
    expect(screen.queryByText('Add the job roles you hire for')).toBeNull();
    expect(screen.queryByText('Bring in your colleagues')).toBeNull();
  });
});

describe('activity sentences', () => {
  it('reads each kind of activity as a sentence', () => {
    expect(describeActivity({ ...moved, type: 'application.rejected', data: { reason: 'Withdrew' } })).toBe(
      'Priya Raman rejected Ana Silva (Withdrew)',
    );
    expect(describeActivity({ ...moved, type: 'application.created' })).toBe('Priya Raman added Ana Silva to Backend hiring 2026');
    expect(describeActivity({ ...moved, type: 'note.added' })).toBe('Priya Raman wrote a note on Ana Silva');
    expect(describeActivity({ ...moved, data: {} })).toBe('Priya Raman moved Ana Silva to another stage');
  });

  it('links to the candidate in its recruitment, or nowhere without one', () => {
    expect(activityLink({ ...moved, application_id: null })).toBe('/recruitment/rc1/candidates');
    expect(activityLink({ ...moved, recruitment: null })).toBeNull();
  });
});
