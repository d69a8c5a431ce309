// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { Recruitment, RecruitmentDetail } from '@hireloop/contract/recruitments';
import type { JobRole } from '@hireloop/contract/roles';
import { renderApp, setUpFakeApi, signInForTest, testLocation, testOrganisation } from '../../app/test-helpers.tsx';

// The first render loads the lazy layout and page chunks: slow on a busy machine.
const loaded = { timeout: 10_000 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

const statuses = [
  { id: 's1', name: 'Applied', colour: '#228be6', category: 'in_progress', position: 1 },
  { id: 's2', name: 'Interview', colour: '#e67700', category: 'in_progress', position: 2 },
  { id: 's3', name: 'Hired', colour: '#2b8a3e', category: 'hired', position: 3 },
];

const role = (id: string, name: string, status: JobRole['status']): JobRole => ({
  id,
  name,
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
  status,
  published: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const recruitment: Recruitment = {
  id: 'rc1',
  name: 'Backend hiring 2026',
  description: null,
  status: 'open',
  role: { id: 'r1', name: 'Senior Backend Engineer' },
  team: { id: 't1', name: 'Engineering' },
  owner: { id: 'u2', name: 'Priya Raman' },
  openings: 2,
  target_date: null,
  opened_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  closed_at: null,
  close_reason: null,
  stage_counts: [
    { status_id: 's1', count: 4 },
    { status_id: 's2', count: 2 },
    { status_id: 's3', count: 1 },
  ],
  candidates_count: 9,
  active_count: 7,
  rejected_count: 2,
  hired_count: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const users = [
  { id: 'u1', name: 'Dana Whitfield', email: 'dana@example.test', avatar_url: null, role: 'owner', joined_at: '2026-01-01T00:00:00Z' },
  { id: 'u2', name: 'Priya Raman', email: 'priya@example.test', avatar_url: null, role: 'recruiter', joined_at: '2026-01-01T00:00:00Z' },
];

let roles: JobRole[] = [];
let recruitments: Recruitment[] = [];

const api = setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/recruitments') return { recruitments: page(recruitments) };
  if (path === 'organisation/o1/recruitment-status') return { statuses: page(statuses) };
  if (path === 'organisation/o1/role') return { roles: page(roles) };
  if (path === 'organisation/o1/users') return { users: page(users) };
  const plural = path.split('/').pop()!;
  return { [plural]: page([]) };
});

beforeEach(() => {
  localStorage.clear();
  roles = [role('r1', 'Senior Backend Engineer', 'open'), role('r2', 'Old Role', 'closed'), role('r3', 'Product Designer', 'draft')];
  recruitments = [recruitment];
});

describe('the Recruitment Dashboard', { timeout: 30_000 }, () => {
  it('lists active recruitments with role, owner, age, status, stage counts and links', async () => {
    signInForTest();
    renderApp('/recruitment');
    const link = await screen.findByRole('link', { name: 'Backend hiring 2026' }, loaded);
    expect(link.getAttribute('href')).toBe('/recruitment/rc1/candidates');
    const row = link.closest('tr')!;
    expect(within(row).getByText('Senior Backend Engineer · Engineering')).toBeTruthy();
    expect(within(row).getByText('Priya Raman')).toBeTruthy();
    expect(within(row).getByText('Opened 3 days ago')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(await within(row).findByText('Candidates per stage: Applied: 4, Interview: 2, Hired: 1')).toBeTruthy();
    expect(within(row).getByText('9 candidates')).toBeTruthy();
    expect(within(row).getByText('7 active · 1 hired')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Analytics of Backend hiring 2026' }).getAttribute('href')).toBe('/recruitment/rc1');
    const list = api.calls.find((c) => c.path === 'organisation/o1/recruitments');
    expect(list?.search).toContain('filter[status]=active');
    expect(list?.search).toContain('sort=-opened_at');
  });

  it('offers no "New recruitment" to an interviewer', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/recruitment');
    expect(await screen.findByRole('link', { name: 'Backend hiring 2026' }, loaded)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New recruitment' })).toBeNull();
  });

  it('points to the job roles when there is no recruitment and no role to recruit for', async () => {
    recruitments = [];
    roles = [role('r2', 'Old Role', 'closed')];
    signInForTest();
    renderApp('/recruitment');
    expect(await screen.findByText('No recruitments yet', {}, loaded)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Go to job roles' })).getAttribute('href')).toBe('/jobs');
  });

  it('creates a recruitment step by step (role, hiring team, details) and opens its candidates', async () => {
    const user = userEvent.setup();
    const created: RecruitmentDetail = { ...recruitment, id: 'rc9', name: 'Senior Backend Engineer', hiring_team: [] };
    api.answer = (call) =>
      call.method === 'POST' && call.path === 'organisation/o1/recruitments' ? { status: 201, body: { recruitment: created } } : undefined;
    signInForTest();
    renderApp('/recruitment');
    await user.click(await screen.findByRole('button', { name: 'New recruitment' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'New recruitment' });

    // Step 1: nothing chosen blocks the way; closed roles are not offered.
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Choose the job role to recruit for.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /^Job role/ }));
    expect(screen.queryByRole('option', { name: /Old Role/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Senior Backend Engineer (Engineering)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 2: one member as hiring manager.
    await user.click(await within(dialog).findByRole('button', { name: 'Add a member' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Member 1' }));
    await user.click(await screen.findByRole('option', { name: 'Priya Raman' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role of member 1' }));
    await user.click(await screen.findByRole('option', { name: 'Hiring manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // Step 3: the name defaults to the role's.
    const name = await within(dialog).findByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Senior Backend Engineer');
    await user.type(within(dialog).getByRole('textbox', { name: 'Openings' }), '{backspace}3');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    expect(await within(dialog).findByText('Priya Raman (Hiring manager)')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Start recruitment' }));

    await waitFor(() => expect(testLocation()).toBe('/recruitment/rc9/candidates'));
    const post = api.calls.find((c) => c.method === 'POST' && c.path === 'organisation/o1/recruitments');
    expect(post?.body).toEqual({
      role_id: 'r1',
      name: 'Senior Backend Engineer',
      description: null,
      owner_id: 'u1',
      openings: 3,
      target_date: null,
      hiring_team: [{ user_id: 'u2', role: 'hiring_manager' }],
    });
  });

  it('starts a recruitment once for a double click, and puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    api.answer = (call) =>
      call.method === 'POST' && call.path === 'organisation/o1/recruitments'
        ? {
            status: 422,
            body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { name: ['This name is already in use.'] } },
          }
        : undefined;
    signInForTest();
    renderApp('/recruitment');
    await user.click(await screen.findByRole('button', { name: 'New recruitment' }, loaded));
    const dialog = await screen.findByRole('dialog', { name: 'New recruitment' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Job role/ }));
    await user.click(await screen.findByRole('option', { name: 'Senior Backend Engineer (Engineering)' }));
    for (const step of ['Add a member', 'Name', 'Summary']) {
      await user.click(within(dialog).getByRole('button', { name: 'Next' }));
      await within(dialog).findByRole(step === 'Summary' ? 'group' : step === 'Name' ? 'textbox' : 'button', { name: step });
    }
    const start = within(dialog).getByRole('button', { name: 'Start recruitment' });
    fireEvent.click(start);
    fireEvent.click(start);

    // The refusal reaches the form: the details step, with the message on the name.
    expect(await within(dialog).findByText('This name is already in use.')).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: /Details/, selected: true })).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === 'organisation/o1/recruitments')).toHaveLength(1);
    expect(testLocation()).toBe('/recruitment?new=1');
  });
});
