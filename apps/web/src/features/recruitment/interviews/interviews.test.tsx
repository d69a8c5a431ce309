// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import {
  DEFAULT_INTERVIEW_TYPES,
  INTERVIEW_TEXTS,
  type Interview,
  type InterviewConflict,
  type Scorecard,
} from '@hireloop/contract/interviews';
import { permissionsOf } from '@hireloop/contract/permissions';
import { setUpFakeApi, signInForTest, testOrganisation } from '../../../app/test-helpers.tsx';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { activitySentence } from '../candidate-panel/activity-text.ts';
import { InterviewsSection } from '../candidate-panel/components/interviews-section.tsx';
import { InterviewDetailModal } from './components/interview-detail-modal.tsx';
import { InterviewsTab } from './components/interviews-tab.tsx';
import { HIDDEN_UNTIL_SUBMITTED, ScorecardsPanel } from './components/scorecards-panel.tsx';
import { validateSchedule, emptySchedule, toScheduleBody } from './schedule-model.ts';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const ELENA = '6a0e1f5e-0b6f-4f8e-9d3c-2b1a2c3d4e5f';
const TECHNICAL = 'a1b2c3d4-0000-4000-8000-000000000002';
const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });
const user = (id: string, name: string, role: string) => ({
  id,
  name,
  email: `${id}@example.test`,
  avatar_url: null,
  role,
  joined_at: '2026-01-01T00:00:00Z',
});

/** What the server tells a signed-in manager about a scheduled interview they are not on, changed by `p`. */
const may = (p: Partial<Interview['policies']> = {}): Interview['policies'] => ({
  update: true,
  cancel: true,
  submit_scorecard: false,
  view_scorecards: true,
  ...p,
});

function interview(overrides: Partial<Interview> = {}): Interview {
  return {
    id: 'i1',
    title: 'Technical',
    type: { id: TECHNICAL, name: 'Technical' },
    status: 'scheduled',
    starts_at: '2026-01-10T10:00:00.000Z',
    ends_at: '2026-01-10T11:00:00.000Z',
    duration_minutes: 60,
    timezone: 'UTC',
    location: 'Room 1',
    video_url: null,
    questions: ['How do you test your work?'],
    criteria: ['Problem solving', 'Code quality'],
    application_id: 'a1',
    candidate: { id: 'c1', name: 'Jordan Blake', erased: false },
    recruitment: { id: 'r1', name: 'Backend Engineer' },
    organiser: { id: 'u1', name: 'Dana Whitfield' },
    interviewers: [{ id: ELENA, name: 'Elena García', email: 'elena@example.test', avatar_url: null, scorecard_submitted: false }],
    is_interviewer: false,
    my_scorecard_submitted: false,
    scorecards: { submitted: 0, expected: 1, recommendations: { strong_no: 0, no: 0, yes: 0, strong_yes: 0 } },
    policies: may(),
    sequence: 0,
    cancelled_at: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    url: '/recruitment/r1/interviews',
    ...overrides,
  };
}

/** On the panel, scorecard not in yet: the server says they may submit one and not see the others'. */
const owing: Partial<Interview> = { is_interviewer: true, policies: may({ submit_scorecard: true, view_scorecards: false }) };

let conflicts: InterviewConflict[] = [];
let listed: Interview[] = [];
/** GET …/interviews/i1 (the detail modal refreshes the interview it shows). */
let shown: Interview | null = null;
let cards: { scorecards: Scorecard[]; hidden: boolean } = { scorecards: [], hidden: false };

const api = setUpFakeApi(({ method, path }) => {
  if (method === 'POST' && path === 'organisation/o1/applications/a1/interviews') return { interview: interview() };
  if (method === 'POST' && path === 'organisation/o1/interviews/i1/scorecard') return { scorecard: cards.scorecards[0] };
  if (method !== 'GET') return undefined;
  if (path === 'organisation/o1/users')
    return { users: page([user('u1', 'Dana Whitfield', 'owner'), user(ELENA, 'Elena García', 'interviewer')]) };
  if (path === 'organisation/o1/interview-types')
    return { interview_types: page(DEFAULT_INTERVIEW_TYPES.map((t, i) => ({ ...t, id: i === 1 ? TECHNICAL : `t${i}`, position: i + 1 }))) };
  if (path === 'organisation/o1/recruitment-settings')
    return { recruitment_settings: { default_interview_minutes: 60, candidate_retention_months: 24 } };
  if (path === 'organisation/o1/recruitments/r1/applications')
    return { applications: page([{ id: 'a1', candidate: { id: 'c1', name: 'Jordan Blake' } }]) };
  if (path === 'organisation/o1/recruitments/r1/interviews') return { interviews: page(listed) };
  if (path === 'organisation/o1/interviews/i1' && shown) return { interview: shown };
  if (path === 'organisation/o1/interviews/conflicts') return { conflicts };
  if (path === 'organisation/o1/interviews/i1/scorecards')
    return {
      ...cards,
      pending: [],
      summary: { submitted: cards.scorecards.length, expected: 2, recommendations: { strong_no: 0, no: 0, yes: 1, strong_yes: 0 } },
    };
  if (path === 'organisation/o1/applications/a1/interviews') return { interviews: listed };
  if (path === 'organisation/o1/applications/a1')
    return {
      application: { id: 'a1', recruitment_id: 'r1', rejected_at: null, candidate: { id: 'c1', name: 'Jordan Blake', erased_at: null } },
    };
  if (path === 'organisation/o1/interviews/i1') return { interview: listed[0] ?? interview() };
  return undefined;
});

function renderUi(ui: ReactElement, path = '/recruitment/r1/interviews') {
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
}

/** `YYYY-MM-DD` `days` from today (local), and as typed in the picker (mm/dd/yy). */
function dayFromToday(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    typed: `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${String(d.getFullYear()).slice(2)}`,
  };
}

async function openScheduleForm() {
  signInForTest();
  renderUi(<InterviewsTab recruitmentId="r1" />);
  const u = userEvent.setup({ delay: null });
  await u.click(await screen.findByRole('button', { name: 'Schedule interview' }));
  const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview' });
  return { u, dialog };
}

async function pick(u: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, field: string, option: string) {
  await u.click(within(dialog).getByRole('combobox', { name: field }));
  await u.click(await screen.findByRole('option', { name: option }));
}

describe('schedule interview form', { timeout: 30_000 }, () => {
  it('warns of the interviewers’ overlapping interviews, then schedules on confirmation with the right body', async () => {
    conflicts = [
      {
        user: { id: ELENA, name: 'Elena García' },
        interview: {
          id: 'other',
          title: 'Onsite',
          starts_at: '2030-01-01T10:30:00.000Z',
          ends_at: '2030-01-01T11:30:00.000Z',
          candidate_name: 'Sam Carter',
          recruitment: { id: 'r2', name: 'Designer' },
        },
      },
    ];
    const { u, dialog } = await openScheduleForm();
    await pick(u, dialog, 'Candidate', 'Jordan Blake');
    await pick(u, dialog, 'Interview type', 'Technical');
    // The type's kit is copied in, editable.
    expect((within(dialog).getByRole('textbox', { name: 'Criterion 1' }) as HTMLInputElement).value).toBe('Problem solving');
    const tomorrow = dayFromToday(1);
    await u.type(within(dialog).getByRole('textbox', { name: 'Date' }), tomorrow.typed);
    await u.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Room 4');
    await u.click(within(dialog).getByLabelText(/^Interviewers/));
    await u.click(await screen.findByRole('option', { name: 'Elena García' }));
    // The organisation's default length.
    await waitFor(() => expect((within(dialog).getByRole('textbox', { name: 'Duration (minutes)' }) as HTMLInputElement).value).toBe('60'));

    await u.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    const warning = await within(dialog).findByRole('alert');
    expect(warning.textContent).toContain('Elena García: Onsite with Sam Carter (Designer)');
    const check = api.calls.find((c) => c.path === 'organisation/o1/interviews/conflicts');
    expect(check?.search).toContain(`user_ids=${ELENA}`);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await u.click(within(dialog).getByRole('button', { name: 'Schedule anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule an interview' })).toBeNull());
    const post = api.calls.find((c) => c.method === 'POST' && c.path === 'organisation/o1/applications/a1/interviews');
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(post?.body).toEqual({
      type_id: TECHNICAL,
      starts_at: expect.any(String),
      duration_minutes: 60,
      timezone: tz,
      location: 'Room 4',
      video_url: null,
      interviewer_ids: [ELENA],
      questions: [...DEFAULT_INTERVIEW_TYPES[1].questions],
      criteria: [...DEFAULT_INTERVIEW_TYPES[1].criteria],
    });
    const starts = new Date((post?.body as { starts_at: string }).starts_at);
    expect(starts.getHours()).toBe(10);
    expect(starts.getDate()).toBe(Number(tomorrow.iso.slice(8)));
  });

  it('refuses a past date and does not save', async () => {
    conflicts = [];
    const { u, dialog } = await openScheduleForm();
    await u.type(within(dialog).getByRole('textbox', { name: 'Date' }), dayFromToday(-1).typed);
    expect(within(dialog).getByText(ERROR_TEXTS.invalidSelectedDate)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    expect(await within(dialog).findByText('Choose at least one interviewer.')).toBeTruthy();
    expect(within(dialog).getByText(ERROR_TEXTS.invalidSelectedDate)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/conflicts') || c.method === 'POST')).toBe(false);
  });

  it('clears “Give a location or a video link.” once a video link is typed', async () => {
    const { u, dialog } = await openScheduleForm();
    await u.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    expect(await within(dialog).findByText(INTERVIEW_TEXTS.locationRequired)).toBeTruthy();
    await u.type(within(dialog).getByRole('textbox', { name: 'Video link' }), 'https://meet.example.com/abc');
    expect(within(dialog).queryByText(INTERVIEW_TEXTS.locationRequired)).toBeNull();
    // Emptied again, the pair is checked again on the next submit.
    await u.clear(within(dialog).getByRole('textbox', { name: 'Video link' }));
    await u.click(within(dialog).getByRole('button', { name: 'Schedule interview' }));
    expect(await within(dialog).findByText(INTERVIEW_TEXTS.locationRequired)).toBeTruthy();
    await u.type(within(dialog).getByRole('textbox', { name: 'Location' }), 'Room 4');
    expect(within(dialog).queryByText(INTERVIEW_TEXTS.locationRequired)).toBeNull();
  });

  it('says why there is no interview type and links to where types are added', async () => {
    api.answer = ({ method, path }) =>
      method === 'GET' && path === 'organisation/o1/interview-types' ? { status: 200, body: { interview_types: page([]) } } : undefined;
    const { dialog } = await openScheduleForm();
    const empty = await within(dialog).findByRole('status', { name: 'No interview types yet' });
    expect(empty.textContent).toContain('An interview needs a type');
    const link = within(empty).getByRole('link', { name: 'Add interview types' });
    expect(link.getAttribute('href')).toBe('/settings/recruitment#interview-types-title');
  });

  it('tells a member who may not add types who can', async () => {
    api.answer = ({ method, path }) =>
      method === 'GET' && path === 'organisation/o1/interview-types' ? { status: 200, body: { interview_types: page([]) } } : undefined;
    signInForTest([{ ...testOrganisation, role: 'hiring_manager', permissions: permissionsOf('hiring_manager') }]);
    renderUi(<InterviewsTab recruitmentId="r1" />);
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: 'Schedule interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview' });
    const empty = await within(dialog).findByRole('status', { name: 'No interview types yet' });
    expect(empty.textContent).toContain('Ask an owner, admin or recruiter to add one in Recruitment settings.');
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('refuses a start earlier today', () => {
    const now = new Date('2030-05-04T15:00:00Z');
    const values = {
      ...emptySchedule({ applicationId: 'a1', timezone: 'UTC' }),
      type_id: TECHNICAL,
      day: '2030-05-04',
      time: '09:00',
      location: 'Room',
      interviewer_ids: [ELENA],
    };
    expect(validateSchedule(values, { now })).toEqual({ time: INTERVIEW_TEXTS.inPast });
    expect(validateSchedule({ ...values, time: '16:00' }, { now })).toEqual({});
  });

  it('logs a past interview only with a start in the past, at most a year back', () => {
    const now = new Date('2030-05-04T15:00:00Z');
    const values = {
      ...emptySchedule({ applicationId: 'a1', timezone: 'UTC' }),
      type_id: TECHNICAL,
      day: '2030-05-04',
      time: '09:00',
      location: 'Room',
      interviewer_ids: [ELENA],
    };
    expect(validateSchedule(values, { now, tookPlace: true })).toEqual({});
    expect(validateSchedule({ ...values, day: '2030-05-01' }, { now, tookPlace: true })).toEqual({});
    expect(validateSchedule({ ...values, time: '16:00' }, { now, tookPlace: true })).toEqual({ time: INTERVIEW_TEXTS.loggedInFuture });
    expect(validateSchedule({ ...values, day: '2030-05-05' }, { now, tookPlace: true })).toEqual({ day: INTERVIEW_TEXTS.loggedInFuture });
    expect(validateSchedule({ ...values, day: '2029-01-01' }, { now, tookPlace: true })).toEqual({ day: INTERVIEW_TEXTS.tooFarBack });
    expect(toScheduleBody(values, { tookPlace: true })).toMatchObject({ took_place: true, starts_at: '2030-05-04T09:00:00.000Z' });
    expect(toScheduleBody(values)).not.toHaveProperty('took_place');
  });
});

describe('scorecards', { timeout: 30_000 }, () => {
  const elenaCard: Scorecard = {
    id: 's1',
    interview_id: 'i1',
    interviewer: { id: ELENA, name: 'Elena García' },
    ratings: [{ criterion: 'Problem solving', rating: 3 }],
    recommendation: 'yes',
    notes: 'Clear thinker.',
    submitted_at: '2026-01-10T12:00:00Z',
  };

  it('hides the others’ scorecards until you submit yours, and sends your ratings', async () => {
    signInForTest();
    cards = { scorecards: [elenaCard], hidden: false };
    renderUi(
      <ScorecardsPanel
        interview={interview({
          ...owing,
          scorecards: { submitted: 1, expected: 2, recommendations: { strong_no: 0, no: 0, yes: 1, strong_yes: 0 } },
        })}
      />,
    );
    expect(screen.getByText(HIDDEN_UNTIL_SUBMITTED)).toBeTruthy();
    expect(screen.queryByText('Clear thinker.')).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/scorecards'))).toBe(false);

    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByRole('button', { name: 'Submit scorecard' }));
    expect(screen.getByText('Rate every criterion of the kit.')).toBeTruthy();
    expect(screen.getByText('Choose an overall recommendation.')).toBeTruthy();
    const solving = screen.getByRole('radiogroup', { name: 'Problem solving' });
    await u.click(within(solving).getByRole('radio', { name: '4 · Excellent' }));
    await u.click(within(screen.getByRole('radiogroup', { name: 'Code quality' })).getByRole('radio', { name: '2 · Mixed' }));
    await u.click(screen.getByRole('radio', { name: 'Strong yes' }));
    await u.type(screen.getByRole('textbox', { name: 'Notes' }), 'Great tests.');
    // A double click submits once.
    const submit = screen.getByRole('button', { name: 'Submit scorecard' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => expect(submit.hasAttribute('data-loading')).toBe(false));
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      ratings: [
        { criterion: 'Problem solving', rating: 4 },
        { criterion: 'Code quality', rating: 2 },
      ],
      recommendation: 'strong_yes',
      notes: 'Great tests.',
    });
  });

  it('shows the others’ scorecards once yours is in', async () => {
    signInForTest();
    cards = { scorecards: [elenaCard], hidden: false };
    renderUi(
      <ScorecardsPanel
        interview={interview({
          is_interviewer: true,
          my_scorecard_submitted: true,
          policies: may(),
        })}
      />,
    );
    expect(await screen.findByText('Clear thinker.')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Scorecard of Elena García' })).toBeTruthy();
    expect(screen.queryByText(HIDDEN_UNTIL_SUBMITTED)).toBeNull();
  });

  it('says so when the server keeps them hidden', async () => {
    signInForTest();
    cards = { scorecards: [], hidden: true };
    renderUi(<ScorecardsPanel interview={interview()} />);
    expect(await screen.findByText(HIDDEN_UNTIL_SUBMITTED)).toBeTruthy();
  });

  it('asks for a scorecard only when the server says the caller may submit one', () => {
    signInForTest();
    const blindOnly = { is_interviewer: true, policies: may({ view_scorecards: false }) };
    const started = new Date('2026-01-10T10:30:00Z');
    renderUi(<ScorecardsPanel interview={interview(blindOnly)} now={started} />);
    expect(screen.getByText(HIDDEN_UNTIL_SUBMITTED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit scorecard' })).toBeNull();
    cleanup();
    renderUi(<ScorecardsPanel interview={interview({ ...blindOnly, status: 'cancelled' })} now={started} />);
    expect(screen.getByText('This interview was cancelled; it takes no scorecards.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit scorecard' })).toBeNull();
  });

  it('waits for the interview to start before asking for a scorecard', () => {
    signInForTest();
    renderUi(<ScorecardsPanel interview={interview(owing)} now={new Date('2026-01-10T09:00:00Z')} />);
    expect(screen.queryByRole('button', { name: 'Submit scorecard' })).toBeNull();
    expect(screen.getByText(/once the interview has started/)).toBeTruthy();
  });
});

describe('interview detail', { timeout: 30_000 }, () => {
  it('offers Reschedule and Cancel exactly as the server’s policies allow', async () => {
    signInForTest();
    for (const [policies, expected] of [
      [may(), ['Reschedule', 'Cancel interview']],
      [may({ update: false }), ['Cancel interview']],
      [may({ update: false, cancel: false }), []],
    ] as const) {
      shown = interview({ policies });
      renderUi(<InterviewDetailModal interview={shown} onClose={() => undefined} />);
      const dialog = await screen.findByRole('dialog', { name: 'Technical with Jordan Blake' });
      const offered = ['Reschedule', 'Cancel interview'].filter((name) => within(dialog).queryByRole('button', { name }) !== null);
      expect(offered).toEqual(expected);
      cleanup();
    }
    shown = null;
  });
});

describe('interviews tab', { timeout: 30_000 }, () => {
  it('lists the interviews and filters by when, interviewer and status', async () => {
    signInForTest();
    listed = [interview(owing)];
    renderUi(<InterviewsTab recruitmentId="r1" />);
    const table = await screen.findByRole('table', { name: 'Interviews' });
    expect(within(table).getByText('Jordan Blake')).toBeTruthy();
    expect(within(table).getByRole('img', { name: 'Elena García' })).toBeTruthy();
    expect(within(table).getByText('Owed')).toBeTruthy();
    const lists = () => api.calls.filter((c) => c.path === 'organisation/o1/recruitments/r1/interviews').map((c) => c.search);
    expect(lists()[0]).toContain('filter[when]=upcoming');

    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByText('Past'));
    await waitFor(() => expect(lists().at(-1)).toContain('filter[when]=past'));
    await u.click(screen.getByRole('combobox', { name: 'Status' }));
    await u.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await waitFor(() => expect(lists().at(-1)).toContain('filter[status]=cancelled'));
    await u.click(screen.getByRole('combobox', { name: 'Interviewer' }));
    await u.click(await screen.findByRole('option', { name: 'Elena García' }));
    await waitFor(() => expect(lists().at(-1)).toContain(`filter[interviewer]=${ELENA}`));
    expect(lists().at(-1)).toContain('filter[status]=cancelled');
  });
});

describe('interview links', { timeout: 30_000 }, () => {
  it('opens the interview named by ?interview= even when the list does not hold it', async () => {
    signInForTest();
    listed = [];
    renderUi(<InterviewsTab recruitmentId="r1" />, '/recruitment/r1/interviews?interview=i1');
    expect(await screen.findByRole('dialog', { name: 'Technical with Jordan Blake' })).toBeTruthy();
  });
});

describe('slide-over interviews section', { timeout: 30_000 }, () => {
  it('lists the application’s interviews with their scorecard summary and schedules for this candidate', async () => {
    signInForTest();
    listed = [interview({ scorecards: { submitted: 1, expected: 2, recommendations: { strong_no: 0, no: 0, yes: 1, strong_yes: 0 } } })];
    renderUi(<InterviewsSection applicationId="a1" recruitmentId="r1" />);
    expect(await screen.findByText('1 of 2 scorecards in · Yes 1 · Yours: not on it')).toBeTruthy();
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: 'Schedule interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview' });
    expect(within(dialog).getByText('Jordan Blake')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: 'Candidate' })).toBeNull();
  });
});

describe('interview activity sentences', () => {
  it('reads interview activities on the timeline', () => {
    const base = {
      id: 'x',
      actor: { id: 'u1', name: 'Dana Whitfield' },
      candidate: { id: 'c1', name: 'Jordan Blake' },
      application_id: 'a1',
      recruitment: { id: 'r1', name: 'Backend Engineer' },
      created_at: '2026-01-01T00:00:00Z',
    } as unknown as Parameters<typeof activitySentence>[0];
    expect(activitySentence({ ...base, type: 'interview.scheduled', data: { title: 'Technical' } })).toBe(
      'Dana Whitfield scheduled an interview (Technical)',
    );
    expect(activitySentence({ ...base, type: 'interview.scheduled', data: { title: 'Technical', logged: true } })).toBe(
      'Dana Whitfield logged a past interview (Technical)',
    );
    expect(activitySentence({ ...base, type: 'interview.cancelled', data: { title: 'Final', reason: 'Withdrew' } })).toBe(
      'Dana Whitfield cancelled the interview (Final): Withdrew',
    );
    expect(activitySentence({ ...base, type: 'scorecard.submitted', data: { title: 'Onsite', recommendation: 'yes' } })).toBe(
      'Dana Whitfield submitted a scorecard (Onsite)',
    );
  });
});
