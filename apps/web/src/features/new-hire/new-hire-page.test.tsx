// @vitest-environment jsdom
import '../../test/setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ONBOARDING_TEXTS, type PublicNewHire } from '@hireloop/contract/onboarding';
import { renderApp, setUpFakeApi, signOutForTest } from '../../app/test-helpers.tsx';

const hire: PublicNewHire = {
  name: 'Jordan Blake',
  organisation: { name: 'Northwind Labs', logo_url: null },
  role: 'Backend Engineer',
  start_date: '2030-03-01',
  first_day_info: 'Come to the front desk at 9:00.\nBring your ID.',
  manager: { name: 'Priya Raman', email: 'priya@example.test' },
  buddy: null,
  documents: [
    { id: 'd1', name: 'Passport copy', description: 'Both pages', uploaded_at: null, filename: null },
    { id: 'd2', name: 'Bank details', description: '', uploaded_at: '2030-01-05T10:00:00Z', filename: 'bank.pdf' },
  ],
  tasks: [{ id: 't1', title: 'Sign the contract', due_date: '2030-02-20', done: false }],
};

let answer: { status: number; body: unknown } = { status: 200, body: { hire } };

const api = setUpFakeApi(() => undefined);

let tickAnswer: { status: number; body: unknown } = { status: 200, body: { hire } };

function respond() {
  api.answer = ({ method, path }) => {
    if (path === 'auth') return { status: 401, body: { message: 'You are not signed in.', code: 'unauthenticated' } };
    if (method === 'GET' && path === 'public/new-hire/tok') return answer;
    if (method === 'POST' && path === 'public/new-hire/tok/tasks/t1') return tickAnswer;
    return undefined;
  };
}

/** Holds back the answers to ticks until `release()`, so the optimistic state can be seen. */
function holdTicks() {
  const inner = globalThis.fetch;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    if (String(input).includes('/tasks/')) await gate;
    return inner(input, init);
  });
  return () => release();
}

/** A stand-in for XMLHttpRequest: reports progress, then answers `status` with `body`. */
function stubUpload(status: number, body: unknown) {
  const sent: string[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send() {
      sent.push(this.url);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      // Answers after send() returns, as a real request does.
      queueMicrotask(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const LOADED = { timeout: 10_000 };

describe('the new-hire page', { timeout: 30_000 }, () => {
  it('welcomes the hire with the role, start date, first-day information, people, tasks and documents', async () => {
    signOutForTest();
    answer = { status: 200, body: { hire } };
    respond();
    renderApp('/new-hire/tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jordan!' }, LOADED)).toBeTruthy();
    expect(screen.getByText(/joining Northwind Labs as Backend Engineer/)).toBeTruthy();
    expect(screen.getByText('3/1/30')).toBeTruthy();
    expect(screen.getByTestId('first-day-info').textContent).toContain('front desk');
    expect(screen.getByText('Priya Raman')).toBeTruthy();
    expect(screen.getByText('To be announced')).toBeTruthy();
    expect(screen.getByText('Sign the contract')).toBeTruthy();
    expect(screen.getAllByTestId('new-hire-document')).toHaveLength(2);
    expect(screen.getByText('Uploaded: bank.pdf', { exact: false })).toBeTruthy();
    expect(document.title).toBe('Welcome · Hireloop');
  });

  it('explains an unknown or replaced link', async () => {
    signOutForTest();
    answer = { status: 404, body: { message: ONBOARDING_TEXTS.linkNotFound, code: 'not_found' } };
    respond();
    renderApp('/new-hire/tok');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not work' }, LOADED)).toBeTruthy();
    expect(screen.getByText(ONBOARDING_TEXTS.linkNotFound)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Upload/ })).toBeNull();
  });

  it('refuses a file of the wrong type or size before sending it', async () => {
    signOutForTest();
    answer = { status: 200, body: { hire } };
    respond();
    const sent = stubUpload(200, { hire });
    renderApp('/new-hire/tok');
    const row = (await screen.findAllByTestId('new-hire-document', undefined, LOADED))[0]!;
    const input = row.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })] } });
    expect((await within(row).findByRole('alert')).textContent).toContain(ONBOARDING_TEXTS.fileType);

    const big = new File(['x'], 'passport.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(within(row).getByRole('alert').textContent).toContain(ONBOARDING_TEXTS.fileTooLarge));
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s refusal of an upload and keeps the document as needed', async () => {
    signOutForTest();
    answer = { status: 200, body: { hire } };
    respond();
    const sent = stubUpload(422, {
      message: ONBOARDING_TEXTS.fileType,
      code: 'validation_failed',
      errors: { file: [ONBOARDING_TEXTS.fileType] },
    });
    renderApp('/new-hire/tok');
    const row = (await screen.findAllByTestId('new-hire-document', undefined, LOADED))[0]!;
    const input = row.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })] } });
    expect((await within(row).findByRole('alert')).textContent).toContain(ONBOARDING_TEXTS.fileType);
    expect(sent).toEqual(['/api/v1/public/new-hire/tok/documents/d1']);
    expect(within(row).getByText('Needed')).toBeTruthy();
  });

  it('marks a document received after a successful upload', async () => {
    signOutForTest();
    answer = { status: 200, body: { hire } };
    respond();
    const updated = {
      ...hire,
      documents: hire.documents.map((d) => (d.id === 'd1' ? { ...d, uploaded_at: '2030-01-06T10:00:00Z', filename: 'passport.pdf' } : d)),
    };
    stubUpload(200, { hire: updated });
    renderApp('/new-hire/tok');
    const row = (await screen.findAllByTestId('new-hire-document', undefined, LOADED))[0]!;
    const input = row.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'passport.pdf', { type: 'application/pdf' })] } });
    expect(await within(row).findByText('Received')).toBeTruthy();
    expect(within(row).queryByRole('alert')).toBeNull();
  });

  it('ticks off the hire’s own task at once, labelled by its title with the due date', async () => {
    signOutForTest();
    answer = { status: 200, body: { hire } };
    tickAnswer = { status: 200, body: { hire: { ...hire, tasks: hire.tasks.map((task) => ({ ...task, done: true })) } } };
    respond();
    const release = holdTicks();
    renderApp('/new-hire/tok');
    const box = (await screen.findByRole('checkbox', { name: 'Sign the contract' }, LOADED)) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe('by 2/20/30');
    fireEvent.click(box);
    // Shown as done before the server answers.
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Sign the contract' }) as HTMLInputElement).checked).toBe(true));
    release();
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === 'public/new-hire/tok/tasks/t1')).toBe(true));
    expect(api.calls.find((c) => c.path === 'public/new-hire/tok/tasks/t1')?.body).toEqual({ done: true });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'Sign the contract' }) as HTMLInputElement).checked).toBe(true);
  });

  it('sets a refused tick back and says why', async () => {
    signOutForTest();
    answer = { status: 200, body: { hire } };
    tickAnswer = { status: 404, body: { message: ONBOARDING_TEXTS.taskNotFound, code: 'not_found' } };
    respond();
    const release = holdTicks();
    renderApp('/new-hire/tok');
    const box = (await screen.findByRole('checkbox', { name: 'Sign the contract' }, LOADED)) as HTMLInputElement;
    fireEvent.click(box);
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Sign the contract' }) as HTMLInputElement).checked).toBe(true));
    release();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sign the contract was not saved');
    expect(alert.textContent).toContain(ONBOARDING_TEXTS.taskNotFound);
    expect((screen.getByRole('checkbox', { name: 'Sign the contract' }) as HTMLInputElement).checked).toBe(false);
  });
});
