// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HireDetail, HireListItem, HireTask, OnboardingDetail, OnboardingStage } from '@hireloop/contract/onboarding';
import { renderApp, setUpFakeApi, signInForTest } from '../../app/test-helpers.tsx';

const loaded = { timeout: 10_000 };
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

const stages: OnboardingStage[] = [
  { id: 's1', name: 'Offer accepted', colour: '#228be6', category: 'in_progress', position: 1 },
  { id: 's2', name: 'Paperwork', colour: '#7950f2', category: 'in_progress', position: 2 },
];
const stageRef = (s: OnboardingStage) => ({ id: s.id, name: s.name, colour: s.colour, category: s.category });

const onboarding: OnboardingDetail = {
  id: 'ob1',
  role: { id: 'r1', name: 'Backend Engineer', team: { id: 't1', name: 'Engineering' } },
  template: null,
  stages,
  stage_counts: [
    { stage_id: 's1', count: 1 },
    { stage_id: 's2', count: 0 },
  ],
  hires: 1,
  overdue_tasks: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const priya = { id: 'u2', name: 'Priya Raman', email: 'priya@example.test' };
const row: HireListItem = {
  id: 'h1',
  onboarding_id: 'ob1',
  candidate: { id: 'c1', name: 'Jordan Blake', email: 'jordan@example.test' },
  role: { id: 'r1', name: 'Backend Engineer' },
  stage: stageRef(stages[0]!),
  start_date: '2030-03-01',
  manager: null,
  buddy: priya,
  tasks_done: 1,
  tasks_total: 2,
  overdue: 1,
  documents_uploaded: 0,
  documents_total: 1,
  new_hire_link_sent_at: null,
  stage_entered_at: '2026-01-01T00:00:00Z',
  version: 4,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const task = (id: string, title: string, extra: Partial<HireTask> = {}): HireTask => ({
  id,
  hire_id: 'h1',
  title,
  owner_kind: 'buddy',
  owner: priya,
  due_days: -3,
  due_date: '2030-02-26',
  done: false,
  done_at: null,
  done_by: null,
  overdue: false,
  position: 1,
  ...extra,
});
const initialDetail: HireDetail = {
  ...row,
  template: null,
  first_day_info: '',
  application_id: null,
  offer_id: null,
  tasks: [
    task('t1', 'Order a laptop', { overdue: true }),
    task('t2', 'Sign the contract', { done: true, owner_kind: 'new_hire', owner: null }),
  ],
  documents: [
    {
      id: 'd1',
      hire_id: 'h1',
      name: 'Passport copy',
      description: '',
      position: 1,
      file: null,
      uploaded_at: null,
      uploaded_by: null,
    },
  ],
};

let detail: HireDetail = initialDetail;

const users = [
  { id: 'u1', name: 'Dana Whitfield', email: 'dana@example.test', avatar_url: null, role: 'owner', joined_at: '2026-01-01T00:00:00Z' },
  { id: 'u2', name: 'Priya Raman', email: 'priya@example.test', avatar_url: null, role: 'recruiter', joined_at: '2026-01-01T00:00:00Z' },
];

const api = setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/onboardings/ob1') return { onboarding };
  if (path === 'organisation/o1/onboardings/ob1/hires') return { hires: page([row]) };
  if (path === 'organisation/o1/onboardings/ob1/board')
    return {
      board: {
        columns: [
          { stage: stageRef(stages[0]!), cards: [{ ...row, name: 'Jordan Blake', candidate_id: 'c1' }] },
          { stage: stageRef(stages[1]!), cards: [] },
        ],
      },
    };
  if (path === 'organisation/o1/hires/h1') return { hire: detail };
  if (path === 'organisation/o1/onboarding-templates') return { templates: page([]) };
  if (path === 'organisation/o1/users') return { users: page(users) };
  const plural = path.split('/').pop()!;
  return { [plural]: page([]) };
});

beforeEach(() => {
  detail = initialDetail;
});

/** Holds the PATCH answers until `release`, so the optimistic state can be seen. */
function holdPatches() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    if (init?.method === 'PATCH') await gate;
    return inner(input, init);
  });
  return () => release();
}

describe('a role’s onboarding', { timeout: 30_000 }, () => {
  it('lists the hires with stage, start date, tasks done, overdue and buddy', async () => {
    signInForTest();
    renderApp('/onboarding/ob1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Backend Engineer' }, loaded)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Hires' }, loaded);
    const hire = within(table).getByTestId('hire-row');
    expect(within(hire).getByRole('link', { name: 'Jordan Blake' }).getAttribute('href')).toBe('/onboarding/ob1?hire=h1');
    expect(within(hire).getByText('Offer accepted')).toBeTruthy();
    expect(within(hire).getByText(/\b3\/1\/30\b/)).toBeTruthy();
    expect(within(hire).getByLabelText('1 of 2 tasks done')).toBeTruthy();
    expect(within(hire).getByText('1 overdue')).toBeTruthy();
    expect(within(hire).getByText('Priya Raman')).toBeTruthy();
    expect(api.calls.find((c) => c.path === 'organisation/o1/onboardings/ob1/hires')?.search).toContain('sort=start_date');
  });

  it('shows the board with a column per stage and the hire’s card', async () => {
    // jsdom lays nothing out: give each column's scroll area a real height, as a browser would.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'board-column-scroll' ? 720 : 0;
    });
    signInForTest();
    renderApp('/onboarding/ob1?view=board');
    const board = await screen.findByRole('list', { name: 'Onboarding board' }, loaded);
    const columns = within(board).getAllByTestId('board-column');
    expect(columns).toHaveLength(2);
    expect(await within(columns[0]!).findByText('Jordan Blake')).toBeTruthy();
    expect(within(columns[0]!).getByLabelText('1 hire')).toBeTruthy();
    expect(within(columns[0]!).getByRole('button', { name: 'Move Jordan Blake' })).toBeTruthy();
    expect(within(columns[1]!).getByText('No hires')).toBeTruthy();
    height.mockRestore();
  });

  it('ticks a task at once and tells the server', async () => {
    const user = userEvent.setup();
    api.answer = ({ method, path }) => {
      if (method !== 'PATCH' || path !== 'organisation/o1/hires/h1/tasks/t1') return undefined;
      const ticked = task('t1', 'Order a laptop', { done: true, done_by: { id: 'u1', name: 'Dana Whitfield' } });
      detail = { ...detail, tasks: detail.tasks.map((t) => (t.id === 't1' ? ticked : t)) };
      return { status: 200, body: { task: ticked } };
    };
    signInForTest();
    renderApp('/onboarding/ob1?hire=h1');
    const drawer = await screen.findByRole('dialog', { name: 'Jordan Blake' }, loaded);
    const box = await within(drawer).findByRole('checkbox', { name: 'Order a laptop: not done' }, loaded);
    expect(within(drawer).getByText(/overdue/)).toBeTruthy();
    const release = holdPatches();
    await user.click(box);
    // Checked before the server has answered.
    expect(await within(drawer).findByRole('checkbox', { name: 'Order a laptop: done' })).toBeTruthy();
    expect(within(drawer).getByText('2 of 2 done')).toBeTruthy();
    release();
    await waitFor(() => expect(within(drawer).getByText(/done by Dana Whitfield/)).toBeTruthy());
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('organisation/o1/hires/h1/tasks/t1');
    expect(patch?.body).toEqual({ done: true });
  });

  it('unticks the task again when the server refuses', async () => {
    const user = userEvent.setup();
    const refusal = 'Only the task’s owner or someone who manages onboarding can tick off this task.';
    api.answer = ({ method }) => (method === 'PATCH' ? { status: 403, body: { message: refusal, code: 'forbidden' } } : undefined);
    signInForTest();
    renderApp('/onboarding/ob1?hire=h1');
    const drawer = await screen.findByRole('dialog', { name: 'Jordan Blake' }, loaded);
    await user.click(await within(drawer).findByRole('checkbox', { name: 'Order a laptop: not done' }, loaded));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(within(drawer).getByRole('checkbox', { name: 'Order a laptop: not done' })).toBeTruthy();
  });

  it('sends the new-hire link and shows it to copy', async () => {
    const user = userEvent.setup();
    api.answer = ({ method, path }) =>
      method === 'POST' && path === 'organisation/o1/hires/h1/new-hire-link'
        ? { status: 200, body: { url: 'http://localhost/new-hire/abc', sent_at: '2030-01-05T10:00:00Z' } }
        : undefined;
    signInForTest();
    renderApp('/onboarding/ob1?hire=h1');
    const drawer = await screen.findByRole('dialog', { name: 'Jordan Blake' }, loaded);
    await user.click(await within(drawer).findByRole('button', { name: 'Send new-hire link' }, loaded));
    const field = await within(drawer).findByRole('textbox', { name: 'New-hire link' });
    expect((field as HTMLInputElement).value).toBe('http://localhost/new-hire/abc');
    expect(within(drawer).getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
