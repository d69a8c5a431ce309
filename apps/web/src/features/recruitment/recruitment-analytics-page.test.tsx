// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { RecruitmentAnalytics, RecruitmentDetail } from '@hireloop/contract/recruitments';
import { renderApp, setUpFakeApi, signInForTest, testLocation, testOrganisation } from '../../app/test-helpers.tsx';

// The first render loads the lazy layout and page chunks: slow on a busy machine.
const loaded = { timeout: 10_000 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

const detail: RecruitmentDetail = {
  id: 'rc1',
  name: 'Backend hiring 2026',
  description: null,
  status: 'open',
  role: { id: 'r1', name: 'Senior Backend Engineer' },
  team: null,
  owner: { id: 'u2', name: 'Priya Raman' },
  openings: 2,
  target_date: null,
  opened_at: new Date().toISOString(),
  closed_at: null,
  close_reason: null,
  stage_counts: [],
  candidates_count: 12,
  active_count: 9,
  rejected_count: 3,
  hired_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  hiring_team: [],
};

const full: RecruitmentAnalytics = {
  recruitment_id: 'rc1',
  total_applications: 12,
  funnel: [
    { status_id: 's1', name: 'Applied', colour: '#228be6', category: 'in_progress', reached: 12, current: 5, conversion: null },
    { status_id: 's2', name: 'Interview', colour: '#e67700', category: 'in_progress', reached: 6, current: 3, conversion: 0.5 },
    { status_id: 's3', name: 'Hired', colour: '#2b8a3e', category: 'hired', reached: 1, current: 1, conversion: 1 / 6 },
  ],
  time_in_stage: [
    { status_id: 's1', name: 'Applied', average_days: 2.25, median_days: 2, samples: 7 },
    { status_id: 's2', name: 'Interview', average_days: null, median_days: null, samples: 0 },
  ],
  time_to_hire: { average_days: 18, median_days: 18, hires: 1 },
  applications_over_time: [
    { week: '2026-01-05', count: 4 },
    { week: '2026-01-12', count: 8 },
  ],
  sources: [{ source: 'referral', count: 5, hired: 1 }],
  rejection_reasons: [{ reason: 'Not enough experience', count: 3 }],
};

let analytics: RecruitmentAnalytics = full;
let recruitment: RecruitmentDetail = detail;

const api = setUpFakeApi(({ path, method }) => {
  if (path === 'organisation/o1/recruitments/rc1/analytics') return { analytics };
  if (path === 'organisation/o1/recruitments/rc1' && method === 'GET') return { recruitment };
  const plural = path.split('/').pop()!;
  return { [plural]: page([]) };
});

beforeEach(() => {
  analytics = full;
  recruitment = detail;
});

describe('a recruitment’s analytics', { timeout: 30_000 }, () => {
  it('shows the header and every chart’s numbers as a table', async () => {
    signInForTest();
    renderApp('/recruitment/rc1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Backend hiring 2026' }, loaded)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Senior Backend Engineer' }).getAttribute('href')).toBe('/roles/r1');
    expect(screen.getByText('Owner: Priya Raman')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    const funnel = await screen.findByRole('table', { name: 'Candidates who reached each stage' }, loaded);
    const interview = within(funnel).getByRole('row', { name: /Interview/ });
    expect(within(interview).getByText('6')).toBeTruthy();
    expect(within(interview).getByText('50%')).toBeTruthy();
    expect(within(funnel).getByRole('row', { name: /Hired/ }).textContent).toContain('17%');

    const time = screen.getByRole('table', { name: 'Days spent in each stage' });
    expect(within(time).getByRole('row', { name: /Applied/ }).textContent).toContain('2.3 days');
    expect(
      within(screen.getByRole('table', { name: 'Applications per week' })).getByRole('row', { name: /2026-01-12/ }).textContent,
    ).toContain('8');
    expect(within(screen.getByRole('table', { name: 'Candidates and hires per source' })).getByText('Referral')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Rejections per reason' })).getByText('Not enough experience')).toBeTruthy();
    expect(screen.getByText('18 days')).toBeTruthy();
    // Each chart is a picture described for screen readers, next to its table.
    expect(screen.getByRole('img', { name: /Bar chart of candidates who reached each stage/ })).toBeTruthy();
  });

  it('says there is nothing yet for a recruitment without candidates', async () => {
    analytics = {
      ...full,
      total_applications: 0,
      funnel: [],
      time_in_stage: [],
      applications_over_time: [],
      sources: [],
      rejection_reasons: [],
    };
    signInForTest();
    renderApp('/recruitment/rc1');
    expect(await screen.findByText('No candidates yet', {}, loaded)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add candidates' }).getAttribute('href')).toBe('/recruitment/rc1/candidates');
  });

  it('does not prompt an interviewer to add candidates to an empty recruitment', async () => {
    analytics = {
      ...full,
      total_applications: 0,
      funnel: [],
      time_in_stage: [],
      applications_over_time: [],
      sources: [],
      rejection_reasons: [],
    };
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/recruitment/rc1');
    expect(await screen.findByText('No candidates yet', {}, loaded)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add candidates' })).toBeNull();
  });

  it('closes a recruitment with a reason, for those who may manage recruitments', async () => {
    const user = userEvent.setup();
    api.answer = (call) => {
      if (call.method !== 'PATCH' || call.path !== 'organisation/o1/recruitments/rc1') return undefined;
      recruitment = { ...detail, status: 'closed', close_reason: 'Position filled' };
      return { status: 200, body: { recruitment } };
    };
    signInForTest();
    renderApp('/recruitment/rc1');
    await user.click(await screen.findByRole('button', { name: 'Close recruitment' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Close this recruitment?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Position filled');
    await user.click(within(dialog).getByRole('button', { name: 'Close recruitment' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ status: 'closed', close_reason: 'Position filled' }),
    );
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    expect(screen.getByText('Closed: Position filled')).toBeTruthy();
  });

  it('deletes an empty recruitment, and offers no delete once it has candidates', async () => {
    const user = userEvent.setup();
    recruitment = { ...detail, candidates_count: 0, active_count: 0, rejected_count: 0, hired_count: 0 };
    signInForTest();
    renderApp('/recruitment/rc1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this recruitment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete recruitment' }));
    await waitFor(() => expect(testLocation()).toBe('/recruitment'));
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'organisation/o1/recruitments/rc1')).toBe(true);
  });

  it('hides hold, close and reopen from an interviewer', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/recruitment/rc1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Backend hiring 2026' }, loaded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close recruitment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Put on hold' })).toBeNull();
  });

  it('shows that an unknown recruitment does not exist', async () => {
    signInForTest();
    api.answer = (call) =>
      call.path.startsWith('organisation/o1/recruitments/nope')
        ? { status: 404, body: { message: 'No such recruitment.', code: 'not_found' } }
        : undefined;
    renderApp('/recruitment/nope');
    expect(await screen.findByText('This recruitment does not exist or was deleted.', {}, loaded)).toBeTruthy();
  });
});
