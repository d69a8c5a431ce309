// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ApplicationDetail, Note } from '@hireloop/contract/candidates';
import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import { permissionsOf } from '@hireloop/contract/permissions';
import { setUpFakeApi, signInForTest, testOrganisation } from '../../../app/test-helpers.tsx';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { CandidateSlideOver } from './candidate-slide-over.tsx';
import { holdAnswers } from '../../../test/double-submit.ts';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });
const statusRef = (id: string, name: string) => ({ id, name, colour: '#228be6', category: 'in_progress' as const });
const PRIYA = '0b6f1f5e-6a0e-4f8e-9d3c-2b1a2c3d4e5f';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const detail: ApplicationDetail = {
  id: 'a1',
  recruitment_id: 'r1',
  candidate: {
    id: 'c1',
    name: 'Jordan Blake',
    email: 'jordan@example.test',
    phone: '+44 20 7946 0000',
    location: 'Leeds',
    links: ['https://www.linkedin.com/in/jordan'],
    source: 'referral',
    consent_at: '2026-01-02T10:00:00Z',
    consent_source: 'application_form',
    consent_note: null,
    erased_at: null,
    last_activity_at: '2026-01-05T10:00:00Z',
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
  },
  status: statusRef('s1', 'Applied'),
  rating: 3,
  source: 'referral',
  tags: ['backend'],
  rejected_at: null,
  rejection_reason: null,
  stage_entered_at: '2026-01-02T10:00:00Z',
  applied_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  version: 4,
  recruitment: { id: 'r1', name: 'Backend Engineer 2026', status: 'open' },
  rejected_by: null,
  hired_at: null,
  history: [],
  files: [],
  other_applications: [],
  career_application: null,
};

let notes: Note[] = [];
/** What the person sent on the careers site, for the detail the fake API answers. */
let careerApplication: ApplicationDetail['career_application'] = null;

const api = setUpFakeApi(({ method, path }) => {
  if (method !== 'GET') return undefined;
  if (path === 'organisation/o1/applications/a1') return { application: { ...detail, career_application: careerApplication } };
  if (path === 'organisation/o1/recruitment-status')
    return { statuses: page([statusRef('s1', 'Applied'), statusRef('s2', 'Screening')].map((s, i) => ({ ...s, position: i + 1 }))) };
  if (path === 'organisation/o1/users')
    return {
      users: page([
        {
          id: 'u1',
          name: 'Dana Whitfield',
          email: 'dana@example.test',
          avatar_url: null,
          role: 'owner',
          joined_at: '2026-01-01T00:00:00Z',
        },
        {
          id: PRIYA,
          name: 'Priya Raman',
          email: 'priya@example.test',
          avatar_url: null,
          role: 'recruiter',
          joined_at: '2026-01-01T00:00:00Z',
        },
      ]),
    };
  if (path === 'organisation/o1/candidates/c1/notes') return { notes: page(notes) };
  if (path === 'organisation/o1/candidates/c1/activities') return { activities: page([]) };
  return undefined;
});

function renderPanel(onClose = vi.fn()) {
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={['/recruitment/r1/candidates?application=a1']}>
        <CandidateSlideOver recruitmentId="r1" applicationId="a1" onClose={onClose} />
      </MemoryRouter>
    </Providers>,
  );
  return onClose;
}

async function openPanel(onClose = vi.fn()) {
  renderPanel(onClose);
  await screen.findByRole('dialog', { name: 'Jordan Blake' });
  return onClose;
}

const isBusy = (button: HTMLElement) => button.hasAttribute('data-loading') && (button as HTMLButtonElement).disabled;

describe('candidate slide-over', { timeout: 30_000 }, () => {
  it('shows the candidate, their stage, rating and tags', async () => {
    signInForTest();
    await openPanel();
    expect(screen.getByRole('link', { name: 'jordan@example.test' }).getAttribute('href')).toBe('mailto:jordan@example.test');
    expect(screen.getByRole('button', { name: 'Stage: Applied. Move to…' })).toBeTruthy();
    expect(screen.getByText('backend')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tags' })).toBeTruthy();
  });

  it('shows the cover note and the answers sent on the careers site on the first tab, line breaks kept', async () => {
    signInForTest();
    careerApplication = {
      cover_note: 'I ran the numbers for Friendship 7.\r\n\r\nHappy to start in March.',
      answers: [
        { question_id: 'visa', label: 'Do you need a visa?', answer: 'No' },
        { question_id: 'why', label: 'Why us?', answer: '' },
      ],
    };
    try {
      await openPanel();
      const section = screen.getByRole('region', { name: 'Sent with the application' });
      expect(within(section).getByText('Cover note')).toBeTruthy();
      expect(within(section).getByTestId('cover-note').textContent).toBe(
        'I ran the numbers for Friendship 7.\r\n\r\nHappy to start in March.',
      );
      expect(
        within(section)
          .getAllByRole('term')
          .map((q) => q.textContent),
      ).toEqual(['Do you need a visa?', 'Why us?']);
      expect(
        within(section)
          .getAllByRole('definition')
          .map((a) => a.textContent),
      ).toEqual(['No', 'Not answered']);
    } finally {
      careerApplication = null;
    }
  });

  it('shows no careers section for an application that came another way', async () => {
    signInForTest();
    await openPanel();
    expect(screen.queryByRole('region', { name: 'Sent with the application' })).toBeNull();
    expect(screen.queryByText('Cover note')).toBeNull();
  });

  it('suggests colleagues after @, inserts the chosen one with Enter and sends the mention mark', async () => {
    signInForTest();
    notes = [];
    await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    const box = await screen.findByRole('textbox', { name: /New note/ });
    await user.type(box, 'Great call, @pri');
    const list = await screen.findByRole('listbox', { name: 'Colleagues to mention' });
    expect(
      within(list)
        .getByRole('option', { name: /Priya Raman/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(within(list).queryByRole('option', { name: /Dana Whitfield/ })).toBeNull();
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Great call, @Priya Raman ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'should meet her.');

    api.answer = (call) =>
      call.method === 'POST' && call.path === 'organisation/o1/candidates/c1/notes'
        ? { status: 201, body: { note: { id: 'n1', body: (call.body as { body: string }).body } } }
        : undefined;
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const post = await waitFor(() => {
      const found = api.calls.find((c) => c.method === 'POST' && c.path.endsWith('/notes'));
      expect(found).toBeTruthy();
      return found!;
    });
    expect(post.body).toEqual({
      body: `Great call, @[Priya Raman](${PRIYA}) should meet her.`,
      application_id: 'a1',
      client_id: expect.stringMatching(UUID),
    });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('saves a note once for a double click and for Ctrl+Enter pressed twice; each note has its own client id', async () => {
    signInForTest();
    notes = [];
    await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    const box = (await screen.findByRole('textbox', { name: /New note/ })) as HTMLTextAreaElement;
    api.answer = (call) =>
      call.method === 'POST' && call.path === 'organisation/o1/candidates/c1/notes'
        ? { status: 201, body: { note: { id: 'n1', body: (call.body as { body: string }).body } } }
        : undefined;
    const posts = () => api.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/notes'));

    await user.type(box, 'First');
    const add = screen.getByRole('button', { name: 'Add note' });
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(box.value).toBe(''));
    expect(posts()).toHaveLength(1);

    await user.type(box, 'Second');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(box.value).toBe(''));
    expect(posts()).toHaveLength(2);
    const [first, second] = posts().map((c) => (c.body as { client_id: string }).client_id);
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
  });

  it('retries a failed note with the same client id', async () => {
    signInForTest();
    notes = [];
    await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    const box = (await screen.findByRole('textbox', { name: /New note/ })) as HTMLTextAreaElement;
    api.answer = (call) =>
      call.method === 'POST' && call.path.endsWith('/notes')
        ? { status: 503, body: { message: 'Try again.', code: 'unavailable' } }
        : undefined;
    await user.type(box, 'Retry me');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add note' }) as HTMLButtonElement).disabled).toBe(false));
    expect(box.value).toBe('Retry me');
    api.answer = (call) =>
      call.method === 'POST' && call.path.endsWith('/notes') ? { status: 201, body: { note: { id: 'n1', body: 'Retry me' } } } : undefined;
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(box.value).toBe(''));
    const ids = api.calls.filter((c) => c.method === 'POST').map((c) => (c.body as { client_id: string }).client_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toBe(ids[0]);
  });

  it('shows mentions in saved notes as highlighted names', async () => {
    signInForTest();
    notes = [
      {
        id: 'n1',
        candidate_id: 'c1',
        application_id: 'a1',
        author: { id: 'u1', name: 'Dana Whitfield', avatar_url: null },
        body: `Ask @[Priya Raman](${PRIYA}) for a second opinion`,
        mentioned_user_ids: [PRIYA],
        created_at: '2026-01-03T10:00:00Z',
        updated_at: '2026-01-03T10:00:00Z',
        policies: { delete: true },
      },
    ];
    await openPanel();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Notes' }));
    const list = await screen.findByRole('list', { name: 'Notes' });
    const mention = within(list).getByText('@Priya Raman');
    expect(mention.closest('[data-mention]')?.getAttribute('data-mention')).toBe(PRIYA);
    expect(within(list).getByRole('button', { name: 'Delete note' })).toBeTruthy();
  });

  it("offers Delete on exactly the notes the server's policies allow, whatever the role", async () => {
    const saved = (id: string, body: string, mayDelete: boolean): Note => ({
      id,
      candidate_id: 'c1',
      application_id: 'a1',
      author: { id: 'u1', name: 'Dana Whitfield', avatar_url: null },
      body,
      mentioned_user_ids: [],
      created_at: '2026-01-03T10:00:00Z',
      updated_at: '2026-01-03T10:00:00Z',
      policies: { delete: mayDelete },
    });
    // An interviewer (not the admin roles) told they may delete one note, and an owner told they may not.
    for (const role of ['interviewer', 'owner'] as const) {
      signInForTest([{ ...testOrganisation, role, permissions: permissionsOf(role) }]);
      notes = [saved('n1', 'Deletable', role === 'interviewer'), saved('n2', 'Kept', role !== 'interviewer')];
      await openPanel();
      await userEvent.setup().click(screen.getByRole('tab', { name: 'Notes' }));
      const items = within(await screen.findByRole('list', { name: 'Notes' })).getAllByRole('listitem');
      const deletable = items.filter((item) => within(item).queryByRole('button', { name: 'Delete note' }) !== null);
      expect(deletable.map((item) => within(item).getByText(/Deletable|Kept/).textContent)).toEqual([
        role === 'interviewer' ? 'Deletable' : 'Kept',
      ]);
      cleanup();
    }
  });

  it('rejects with a reason and a note', async () => {
    signInForTest();
    await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Jordan Blake' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(within(dialog).getByRole('option', { name: 'Other' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Other reason' }), 'Relocating abroad');
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Keep for the Berlin office.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject Jordan Blake' })).toBeNull());
    const call = api.calls.find((c) => c.method === 'POST' && c.path === 'organisation/o1/applications/a1/reject');
    expect(call?.body).toEqual({ reason: 'Other: Relocating abroad', note: 'Keep for the Berlin office.' });
  });

  it('rejects once for a double click, busy with Cancel disabled until the server answers', async () => {
    signInForTest();
    await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Jordan Blake' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Reason' }));
    await user.click(within(dialog).getByRole('option', { name: 'Position filled' }));
    const { release } = holdAnswers((method, path) => method === 'POST' && path.endsWith('/reject'));
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    fireEvent.click(reject);
    fireEvent.click(reject);
    const rejects = () => api.calls.filter((c) => c.method === 'POST' && c.path === 'organisation/o1/applications/a1/reject');
    await waitFor(() => expect(isBusy(reject)).toBe(true));
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(rejects()).toHaveLength(1);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reject Jordan Blake' })).toBeNull());
    expect(rejects()).toHaveLength(1);
  });

  it('restores a rejected candidate once for a double click, busy until the server answers', async () => {
    signInForTest();
    const rejected = { ...detail, rejected_at: '2026-01-04T10:00:00Z', rejection_reason: 'Position filled' };
    api.answer = (call) =>
      call.method === 'GET' && call.path === 'organisation/o1/applications/a1'
        ? { status: 200, body: { application: rejected } }
        : undefined;
    await openPanel();
    const { release } = holdAnswers((method, path) => method === 'POST' && path.endsWith('/restore'));
    const restore = screen.getByRole('button', { name: 'Restore' });
    fireEvent.click(restore);
    fireEvent.click(restore);
    await waitFor(() => expect(isBusy(restore)).toBe(true));
    release();
    await waitFor(() => expect(isBusy(restore)).toBe(false));
    expect(api.calls.filter((c) => c.method === 'POST' && c.path === 'organisation/o1/applications/a1/restore')).toHaveLength(1);
  });

  it('saves the profile once for a click and an Enter while it saves', async () => {
    signInForTest();
    await openPanel();
    const user = userEvent.setup();
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '+44 20 7946 0001');
    const { release } = holdAnswers((method) => method === 'PATCH');
    const save = screen.getByRole('button', { name: 'Save profile' });
    fireEvent.click(save);
    // Enter in a field submits the same form.
    fireEvent.submit(screen.getByRole('form', { name: 'Candidate profile' }));
    await waitFor(() => expect(isBusy(save)).toBe(true));
    release();
    await waitFor(() => expect(isBusy(save)).toBe(false));
    const patches = api.calls.filter((c) => c.method === 'PATCH' && c.path === 'organisation/o1/candidates/c1');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toMatchObject({ phone: '+44 20 7946 0001' });
  });

  it('erases once for a double click, busy with Cancel disabled until the server answers', async () => {
    signInForTest();
    const onClose = await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase personal data' });
    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'Jordan Blake');
    const { release } = holdAnswers((method) => method === 'DELETE');
    const erase = within(dialog).getByRole('button', { name: 'Erase personal data' });
    fireEvent.click(erase);
    fireEvent.click(erase);
    await waitFor(() => expect(isBusy(erase)).toBe(true));
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.filter((c) => c.method === 'DELETE' && c.path === 'organisation/o1/candidates/c1')).toHaveLength(1);
  });

  it('asks for the name before erasing, then erases and closes the panel', async () => {
    signInForTest();
    const onClose = await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Erase personal data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase personal data' });
    const confirm = within(dialog).getByRole('button', { name: 'Erase personal data' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'Jordan Blak');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'e');
    expect(confirm.hasAttribute('disabled')).toBe(false);
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === 'organisation/o1/candidates/c1')).toBe(true);
  });

  it('hides what an interviewer may not do but lets them write notes', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    await openPanel();
    expect(screen.queryByRole('button', { name: 'Reject…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move to another recruitment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move to…/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save profile' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: /Résumé/ }));
    expect(screen.queryByRole('button', { name: 'Choose a file' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    expect(await screen.findByRole('textbox', { name: /New note/ })).toBeTruthy();
  });

  it('a hiring manager may export but not erase', async () => {
    signInForTest([{ ...testOrganisation, role: 'hiring_manager', permissions: permissionsOf('hiring_manager') }]);
    await openPanel();
    await userEvent.setup().click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Export data (JSON)' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Erase personal data' })).toBeNull();
  });

  it('refuses a file of the wrong type or over 10 MB without sending it', async () => {
    signInForTest();
    const xhr = vi.fn();
    vi.stubGlobal('XMLHttpRequest', xhr);
    await openPanel();
    const panel = screen.getByRole('dialog', { name: 'Jordan Blake' });
    await userEvent.setup().click(screen.getByRole('tab', { name: /Résumé/ }));
    const input = screen.getByLabelText('Upload a document');
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await within(panel).findByRole('alert')).textContent).toBe(CANDIDATE_TEXTS.documentType);
    const big = new File(['x'], 'cv.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.drop(screen.getByTestId('file-drop-zone'), { dataTransfer: { files: [big] } });
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe(CANDIDATE_TEXTS.documentTooLarge));
    expect(xhr).not.toHaveBeenCalled();
  });

  it('shows an erased candidate read-only', async () => {
    signInForTest();
    const erased = {
      ...detail,
      candidate: { ...detail.candidate, name: 'Erased candidate', email: null, erased_at: '2026-01-06T00:00:00Z' },
    };
    api.answer = (call) =>
      call.method === 'GET' && call.path === 'organisation/o1/applications/a1' ? { status: 200, body: { application: erased } } : undefined;
    renderPanel();
    await screen.findByRole('dialog', { name: 'Erased candidate' });
    expect(screen.getByText(/This candidate’s data was erased/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save profile' })).toBeNull();
  });

  it('shows a duplicate e-mail refused by the server on the e-mail field', async () => {
    signInForTest();
    await openPanel();
    api.answer = (call) =>
      call.method === 'PATCH' && call.path === 'organisation/o1/candidates/c1'
        ? { status: 409, body: { message: CANDIDATE_TEXTS.duplicate, code: 'conflict' } }
        : undefined;
    const user = userEvent.setup();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.clear(email);
    await user.type(email, 'taken@example.test');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(CANDIDATE_TEXTS.duplicate).length).toBeGreaterThan(0);
    const patch = api.calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ email: 'taken@example.test', name: 'Jordan Blake', links: ['https://www.linkedin.com/in/jordan'] });
  });

  it('moves the application to another open recruitment, once for a double click', async () => {
    signInForTest();
    const fallback = api.answer;
    api.answer = (call) => {
      if (call.method === 'GET' && call.path === 'organisation/o1/recruitments')
        return {
          status: 200,
          body: {
            recruitments: page([
              { id: 'r1', name: 'Backend Engineer 2026' },
              { id: 'r2', name: 'Platform Engineer' },
            ]),
          },
        };
      return fallback(call);
    };
    await openPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move to another recruitment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another recruitment' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Recruitment' }));
    expect(within(dialog).queryByRole('option', { name: 'Backend Engineer 2026' })).toBeNull();
    await user.click(await within(dialog).findByRole('option', { name: 'Platform Engineer' }));
    // A double click moves it once; Move spins and Cancel waits meanwhile.
    const { release } = holdAnswers((method, path) => method === 'POST' && path.endsWith('/transfer'));
    const move = within(dialog).getByRole('button', { name: 'Move' });
    fireEvent.click(move);
    fireEvent.click(move);
    await waitFor(() => expect(isBusy(move)).toBe(true));
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move to another recruitment' })).toBeNull());
    const transfers = api.calls.filter((c) => c.method === 'POST' && c.path === 'organisation/o1/applications/a1/transfer');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.body).toEqual({ recruitment_id: 'r2' });
    expect(api.calls.find((c) => c.path === 'organisation/o1/recruitments')?.search).toContain('filter[status]=open');
  });
});
