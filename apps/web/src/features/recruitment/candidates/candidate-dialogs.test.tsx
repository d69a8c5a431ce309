// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Candidate, CandidateImport } from '@hireloop/contract/candidates';
import { renderApp, setUpFakeApi, signInForTest, testLocation, testOrganisation, testUser } from '../../../app/test-helpers.tsx';
import { logout } from '../../../app/session.ts';
import { authStore } from '../../session/auth-store.ts';

const SLOW = { timeout: 10_000 };
const emptyPage = { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } };
const statuses = [{ id: 's1', name: 'Applied', colour: '#228be6', category: 'in_progress', position: 1 }];

const ana: Candidate = {
  id: 'c-ana',
  name: 'Ana Silva',
  email: 'ana@example.test',
  phone: null,
  location: null,
  links: [],
  source: 'referral',
  consent_at: null,
  consent_source: null,
  consent_note: null,
  erased_at: null,
  last_activity_at: '2026-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const baseImport: CandidateImport = {
  id: 'i1',
  recruitment_id: 'r1',
  filename: 'people.csv',
  status: 'running',
  total_rows: 3,
  processed_rows: 1,
  created_count: 0,
  matched_count: 0,
  refused_count: 0,
  refused: [],
  error: null,
  created_at: '2026-01-01T00:00:00Z',
  finished_at: null,
};

const recruitment = {
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
  candidates_count: 0,
  active_count: 0,
  rejected_count: 0,
  hired_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  hiring_team: [],
};

const api = setUpFakeApi(({ path }) => {
  if (path === 'organisation/o1/recruitments/r1') return { recruitment };
  if (path === 'organisation/o1/recruitment-status') return { statuses: { ...emptyPage, data: statuses } };
  if (path === 'organisation/o1/recruitments/r1/applications') return { applications: emptyPage };
  if (path === 'organisation/o1/candidates') return { candidates: { ...emptyPage, data: [ana] } };
  const plural = path.split('/').pop()!;
  return { [plural]: emptyPage };
});

describe('adding a candidate', { timeout: 30_000 }, () => {
  it('offers the existing person on a duplicate e-mail and adds them with candidate_id, once for a double click', async () => {
    localStorage.clear();
    api.answer = (call) => {
      if (call.method !== 'POST' || call.path !== 'organisation/o1/recruitments/r1/applications') return undefined;
      const body = call.body as { candidate_id?: string };
      if (body.candidate_id) return { status: 201, body: { application: { id: 'a-new' } } };
      return {
        status: 409,
        body: { message: 'A candidate with this e-mail already exists in this organisation.', code: 'duplicate', duplicate: ana },
      };
    };
    signInForTest();
    renderApp('/recruitment/r1/candidates');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add a candidate' }, SLOW))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a candidate' }, SLOW);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Ana Silva');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'ANA@example.test');
    for (let step = 0; step < 3; step += 1) await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('group', { name: 'Summary' }).textContent).toContain('Ana Silva');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add candidate' }));

    expect(
      await within(dialog).findByText(
        'Ana Silva <ana@example.test> already exists — add them to this recruitment instead.',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    const first = api.calls.find((c) => c.method === 'POST');
    expect(first?.body).toMatchObject({
      candidate: { name: 'Ana Silva', email: 'ana@example.test', consent_source: null },
      source: 'sourced',
    });
    expect(api.calls.some((c) => c.path === 'organisation/o1/candidates' && c.search.includes('filter[search]=ana@example.test'))).toBe(
      true,
    );

    // A double click adds them once.
    const addExisting = within(dialog).getByRole('button', { name: 'Add Ana Silva to this recruitment' });
    fireEvent.click(addExisting);
    fireEvent.click(addExisting);
    await waitFor(() => expect(testLocation()).toContain('application=a-new'), SLOW);
    const existing = api.calls.filter((c) => c.method === 'POST' && (c.body as { candidate_id?: string }).candidate_id);
    expect(existing).toHaveLength(1);
    expect(existing[0]?.body).toEqual({ candidate_id: 'c-ana', source: 'sourced', rating: null, tags: [] });
    expect(screen.queryByRole('dialog', { name: 'Add a candidate' })).toBeNull();
  });
});

describe('a half-typed candidate (a draft)', { timeout: 30_000 }, () => {
  async function openAddCandidate() {
    const rendered = renderApp('/recruitment/r1/candidates');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add a candidate' }, SLOW))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add a candidate' }, SLOW);
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Name/ });
    const email = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^E-mail/ });
    return { rendered, name, email };
  }

  it('comes back for the person who typed it, and for no one after they sign out', async () => {
    localStorage.clear();
    signInForTest();
    const first = await openAddCandidate();
    await userEvent.type(first.name, 'Ana Silva');
    await userEvent.type(first.email, 'ana@example.test');
    await waitFor(() => expect(localStorage.length).toBeGreaterThan(0), SLOW);
    cleanup();

    // The same person opens the form again: the draft is there.
    const again = await openAddCandidate();
    expect(again.name.value).toBe('Ana Silva');
    expect(again.email.value).toBe('ana@example.test');

    // They sign out; someone else signs in on the same browser and opens the same form.
    await logout(again.rendered.queryClient);
    cleanup();
    authStore.signedIn({
      user: { ...testUser, id: 'u2', name: 'Sam Other', email: 'sam@example.test' },
      organisations: [testOrganisation],
    });
    const next = await openAddCandidate();
    expect(next.name.value).toBe('');
    expect(next.email.value).toBe('');
    expect(Object.keys(localStorage).filter((k) => k.startsWith('onboarding-draft:'))).toEqual([]);
  });
});

/** Stands in for the browser's XMLHttpRequest: reports progress, then answers 202 with the import. */
class FakeXhr {
  static sent: Array<{ url: string; form: FormData; headers: Record<string, string> }> = [];
  upload = { onprogress: null as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(form: FormData) {
    FakeXhr.sent.push({ url: this.url, form, headers: this.headers });
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = 202;
      this.responseText = JSON.stringify({ import: baseImport });
      this.onload?.();
    });
  }
}

describe('importing a CSV', { timeout: 30_000 }, () => {
  it('auto-maps the columns, previews rows, uploads, polls the progress and shows the report', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.sent = [];
    let polls = 0;
    api.answer = (call) => {
      if (call.path === 'organisation/o1/recruitments/r1/imports/preview') {
        return {
          status: 200,
          body: {
            preview: {
              total_rows: 3,
              importable_rows: 2,
              new_count: 1,
              matched_count: 1,
              refused_count: 1,
              flagged_count: 2,
              flagged: [
                { row: 3, problem: 'existing', reason: 'This e-mail is already a candidate of the organisation.', imported: true },
                { row: 4, problem: 'invalid', reason: 'Enter a valid e-mail address.', imported: false },
              ],
            },
          },
        };
      }
      if (call.path !== 'organisation/o1/imports/i1') return undefined;
      polls += 1;
      if (polls < 2) return { status: 200, body: { import: { ...baseImport, processed_rows: 2 } } };
      return {
        status: 200,
        body: {
          import: {
            ...baseImport,
            status: 'done',
            processed_rows: 3,
            created_count: 1,
            matched_count: 1,
            refused_count: 1,
            refused: [{ row: 4, reason: 'Enter a valid e-mail address.' }],
            finished_at: '2026-01-01T00:00:01Z',
          },
        },
      };
    };
    signInForTest();
    const { container } = renderApp('/recruitment/r1/candidates');
    await userEvent.click((await screen.findAllByRole('button', { name: 'Import CSV' }, SLOW))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Import candidates from CSV' }, SLOW);

    const input = () => container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await waitFor(() => expect(input()).toBeTruthy(), SLOW);
    await userEvent.upload(input(), new File(['x'], 'people.xlsx', { type: 'application/vnd.ms-excel' }), { applyAccept: false });
    expect(await within(dialog).findByText('Choose a .csv file.')).toBeTruthy();

    const csv = 'Full name,E-mail,Mobile,Notes\nAna Silva,ana@example.test,+351 1,hi\nBo Chen,bo@example.test,,\nBad Row,not-an-email,,\n';
    await userEvent.upload(input(), new File([csv], 'people.csv', { type: 'text/csv' }));
    const name = await within(dialog).findByRole('combobox', { name: /Name column/ }, SLOW);
    expect((name as HTMLInputElement).value).toBe('Full name');
    expect((within(dialog).getByRole('combobox', { name: /E-mail column/ }) as HTMLInputElement).value).toBe('E-mail');
    expect((within(dialog).getByRole('combobox', { name: /Phone column/ }) as HTMLInputElement).value).toBe('Mobile');
    const preview = within(dialog).getByRole('table', { name: 'Preview of the first rows' });
    expect(within(preview).getByText('Bo Chen')).toBeTruthy();

    // The whole file is checked first: what will be imported, and each flagged row.
    const flagged = await within(dialog).findByRole('table', { name: 'Flagged rows' }, SLOW);
    expect(within(flagged).getByText('Invalid')).toBeTruthy();
    expect(within(flagged).getByText('Existing candidate')).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toContain(
      '2 of 3 rows will be imported (1 new, 1 added to existing candidates)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 rows' }));
    const report = await within(dialog).findByRole('table', { name: 'Refused rows' }, SLOW);
    expect(within(report).getByText('4')).toBeTruthy();
    expect(within(report).getByText('Enter a valid e-mail address.')).toBeTruthy();
    const stats = within(dialog).getByLabelText('Import report');
    expect(stats.textContent).toContain('Created1');
    expect(stats.textContent).toContain('Matched existing1');
    expect(stats.textContent).toContain('Refused1');

    const sent = FakeXhr.sent[0]!;
    expect(sent.url).toBe('/api/v1/organisation/o1/recruitments/r1/imports');
    expect(JSON.parse(String(sent.form.get('mapping')))).toEqual({ name: 'Full name', email: 'E-mail', phone: 'Mobile' });
    expect((sent.form.get('file') as File).name).toBe('people.csv');
    expect(polls).toBeGreaterThanOrEqual(2);
  });
});
