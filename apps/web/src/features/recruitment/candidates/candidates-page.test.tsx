// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationListItem, BoardCard } from '@hireloop/contract/candidates';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { RecruitmentDetail } from '@hireloop/contract/recruitments';
import { renderApp, setUpFakeApi, signInForTest, testLocation, testOrganisation, type ApiCall } from '../../../app/test-helpers.tsx';
import { holdAnswers } from '../../../test/double-submit.ts';

const statuses = [
  { id: 's1', name: 'Applied', colour: '#228be6', category: 'in_progress', position: 1 },
  { id: 's2', name: 'Interview', colour: '#e67700', category: 'in_progress', position: 2 },
  { id: 's3', name: 'Hired', colour: '#2b8a3e', category: 'hired', position: 3 },
] as const;

const recruitment: RecruitmentDetail = {
  id: 'r1',
  name: 'Backend hiring',
  description: null,
  status: 'open',
  role: { id: 'role1', name: 'Backend Engineer' },
  team: null,
  owner: null,
  openings: 1,
  target_date: null,
  opened_at: '2026-01-01T00:00:00Z',
  closed_at: null,
  close_reason: null,
  stage_counts: [],
  candidates_count: 60,
  active_count: 60,
  rejected_count: 0,
  hired_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  hiring_team: [],
};

const row = (n: number): ApplicationListItem => ({
  id: `a${n}`,
  candidate: { id: `c${n}`, name: `Person ${n}`, email: `person${n}@example.test`, location: null, erased: false },
  recruitment_id: 'r1',
  status: statuses[n % 2] as ApplicationListItem['status'],
  rating: n % 5 === 0 ? null : (n % 5) + 0,
  source: 'referral',
  tags: n === 1 ? ['senior', 'remote'] : [],
  rejected_at: null,
  rejection_reason: null,
  stage_entered_at: '2026-01-02T00:00:00Z',
  applied_at: '2026-01-02T00:00:00Z',
  updated_at: '2026-01-03T00:00:00Z',
  version: 1,
});

const card = (n: number): BoardCard => ({
  id: `b${n}`,
  candidate_id: `c${n}`,
  name: `Card ${n}`,
  rating: 3,
  tags: [],
  source: 'imported',
  stage_entered_at: '2026-01-02T00:00:00Z',
  version: 1,
});

let total = 60;
/** 2,000 cards in the first column, a few in the second. */
const bigBoard = {
  columns: [
    { status: statuses[0], cards: Array.from({ length: 2000 }, (_, i) => card(i)) },
    { status: statuses[1], cards: Array.from({ length: 3 }, (_, i) => card(5000 + i)) },
    { status: statuses[2], cards: [] },
  ],
};

const api = setUpFakeApi(({ path, search }) => {
  if (path === 'organisation/o1/recruitments/r1') return { recruitment };
  if (path === 'organisation/o1/recruitment-status')
    return { statuses: { data: statuses, meta: { page: 1, per_page: 100, total: 3, last_page: 1 } } };
  if (path === 'organisation/o1/recruitments/r1/applications') {
    const page = Number(/[?&]page=(\d+)/.exec(search)?.[1] ?? '1');
    const perPage = Number(/per_page=(\d+)/.exec(search)?.[1] ?? '25');
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) =>
      row((page - 1) * perPage + i + 1),
    );
    return { applications: { data, meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } } };
  }
  if (path === 'organisation/o1/recruitments/r1/board') return { board: bigBoard };
  if (path === 'organisation/o1/recruitments/r1/applications/bulk') return { bulk: { updated: 2 } };
  const plural = path.split('/').pop()!;
  return { [plural]: { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } } };
});

const listCalls = () => api.calls.filter((c: ApiCall) => c.method === 'GET' && c.path === 'organisation/o1/recruitments/r1/applications');
const lastList = () => listCalls().at(-1)?.search ?? '';
// The first render loads the route's lazy chunks; big tables make role queries slow in jsdom.
const SLOW = { timeout: 20_000 };
const findTable = () => screen.findByRole('table', { name: 'Candidates' }, SLOW);

describe('candidates screen', { timeout: 30_000 }, () => {
  it('asks the server for the filters, sort and page kept in the URL', async () => {
    total = 60;
    signInForTest();
    renderApp('/recruitment/r1/candidates?q=ana&stage=s2&state=all&rating=3&from=2026-01-01&sort=name&page=2');
    await findTable();
    const search = lastList();
    expect(search).toContain('page=2');
    expect(search).toContain('per_page=25');
    expect(search).toContain('sort=name');
    expect(search).toContain('filter[search]=ana');
    expect(search).toContain('filter[status]=s2');
    expect(search).toContain('filter[state]=all');
    expect(search).toContain('filter[rating]=3');
    expect(search).toContain('filter[applied_from]=2026-01-01');
    // The controls show what the URL says.
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ana');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts by a header, pages and changes the page size through the URL and the list call', async () => {
    total = 60;
    signInForTest();
    renderApp('/recruitment/r1/candidates');
    const table = await findTable();
    expect(within(table).getAllByTestId('candidate-row')).toHaveLength(25);
    expect(lastList()).toContain('sort=-applied_at');

    await userEvent.click(within(table).getByRole('button', { name: /Rating/ }));
    await waitFor(() => expect(lastList()).toContain('sort=-rating'));
    expect(testLocation()).toContain('sort=-rating');
    await userEvent.click(within(table).getByRole('button', { name: /Rating/ }));
    await waitFor(() => expect(lastList()).toContain('sort=rating'));

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastList()).toContain('page=3'));
    expect(testLocation()).toContain('page=3');
    expect(await screen.findByText('Person 51')).toBeTruthy();

    await userEvent.click(screen.getByRole('combobox', { name: 'Candidates per page' }));
    await userEvent.click(await screen.findByRole('option', { name: '50 per page' }));
    await waitFor(() => expect(lastList()).toContain('per_page=50'));
    // A new page size starts again at page 1.
    expect(lastList()).toContain('page=1');
    expect(testLocation()).not.toContain('page=3');
  });

  it('debounces the search and keeps it in the URL', async () => {
    total = 60;
    signInForTest();
    renderApp('/recruitment/r1/candidates');
    await findTable();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'silva');
    await waitFor(() => expect(lastList()).toContain('filter[search]=silva'), SLOW);
    expect(listCalls().some((c) => c.search.includes('filter[search]=s&'))).toBe(false);
    expect(testLocation()).toContain('q=silva');
  });

  it('opens a candidate’s slide-over from a row by setting ?application=', async () => {
    total = 60;
    signInForTest();
    renderApp('/recruitment/r1/candidates?view=table');
    await userEvent.click(await screen.findByRole('link', { name: 'Person 2' }, SLOW));
    expect(testLocation()).toContain('application=a2');
  });

  it('bulk-rejects the selected rows with a reason, then clears the selection', async () => {
    total = 60;
    signInForTest();
    renderApp('/recruitment/r1/candidates');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Person 1' }, SLOW));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 candidates' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject 2 candidates' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Position filled' }));
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
    const bulk = api.calls.find((c) => c.path === 'organisation/o1/recruitments/r1/applications/bulk');
    expect(bulk?.body).toEqual({ action: 'reject', ids: ['a1', 'a2'], reason: 'Position filled' });
    expect(await screen.findByText('Rejected 2 candidates.')).toBeTruthy();
  });

  it('exports the selection as CSV and clears it', async () => {
    total = 60;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    signInForTest();
    renderApp('/recruitment/r1/candidates');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Person 3' }, SLOW));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person 4' }));
    await userEvent.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled(), SLOW);
    const exported = api.calls.find((c) => c.path === 'organisation/o1/recruitments/r1/applications/export');
    expect(exported?.search).toBe('?ids=a3,a4');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull());
    click.mockRestore();
  });

  it('selects the whole page from the header checkbox and moves it to a stage, once for a double click', async () => {
    total = 3;
    signInForTest();
    renderApp('/recruitment/r1/candidates');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all candidates on this page' }, SLOW));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Move to stage…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 3 candidates' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'New stage' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Interview' }));
    // A double click sends one request; Move spins and Cancel waits until the server answers.
    const { release } = holdAnswers((method, path) => method === 'POST' && path.endsWith('/applications/bulk'));
    const move = within(dialog).getByRole('button', { name: 'Move' });
    fireEvent.click(move);
    fireEvent.click(move);
    await waitFor(() => expect(move.hasAttribute('data-loading')).toBe(true));
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move 3 candidates' })).toBeNull());
    const bulk = api.calls.filter((c) => c.path.endsWith('/applications/bulk'));
    expect(bulk).toHaveLength(1);
    expect(bulk[0]?.body).toEqual({
      action: 'move',
      ids: ['a1', 'a2', 'a3'],
      status_id: 's2',
    });
  });

  it('keeps at most ~150 card elements in the DOM for a column of 2,000 cards', async () => {
    // jsdom lays nothing out: give each column's scroll area a real height, as a browser would.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'board-column-scroll' ? 720 : 0;
    });
    signInForTest();
    renderApp('/recruitment/r1/candidates?view=board');
    const board = await screen.findByRole('list', { name: 'Pipeline board' }, SLOW);
    await within(board).findByText('Card 0', undefined, SLOW);
    const columns = within(board).getAllByTestId('board-column');
    expect(columns).toHaveLength(3);
    expect(within(columns[0]!).getByLabelText('2000 candidates')).toBeTruthy();
    const cards = board.querySelectorAll('[data-testid="board-card"]');
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.length).toBeLessThanOrEqual(150);
    expect(within(columns[1]!).getByText('Card 5001')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Card 0' })).toBeTruthy();
    height.mockRestore();
  });

  it('shows an empty state with add and import for a recruitment without candidates', async () => {
    total = 0;
    signInForTest();
    renderApp('/recruitment/r1/candidates');
    expect(await screen.findByText('No candidates yet', undefined, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add a candidate' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Import CSV' }).length).toBeGreaterThan(0);
  });

  it('hides every action from an interviewer', async () => {
    total = 60;
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/recruitment/r1/candidates');
    await findTable();
    expect(screen.queryByRole('button', { name: 'Add a candidate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export all' })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
