// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { setUpFakeApi, signInForTest } from '../../../app/test-helpers.tsx';
import { Providers } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { InterviewTypesSection, linesOf } from './components/interview-types-section.tsx';
import { holdAnswers, isBusy } from '../../../test/double-submit.ts';

// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });
const phone = { id: 't1', name: 'Phone screen', position: 1, questions: ['Why us?'], criteria: ['Motivation', 'Communication'] };

const api = setUpFakeApi(({ method, path, body }) => {
  if (method === 'GET' && path === 'organisation/o1/interview-types') return { interview_types: page([phone]) };
  if (method === 'POST' && path === 'organisation/o1/interview-types')
    return { interview_type: { id: 't2', position: 2, ...(body as object) } };
  return undefined;
});

function renderSection(canManage: boolean) {
  render(
    <Providers queryClient={createQueryClient()} env="test">
      <MemoryRouter>
        <InterviewTypesSection canManage={canManage} />
      </MemoryRouter>
    </Providers>,
  );
}

describe('interview types settings', { timeout: 30_000 }, () => {
  it('reads one entry a line', () => {
    expect(linesOf(' a \n\n b\n')).toEqual(['a', 'b']);
  });

  it('lists the types with their kits and adds one', async () => {
    signInForTest();
    renderSection(true);
    expect(await screen.findByText('Phone screen')).toBeTruthy();
    expect(screen.getByText('1 question · 2 criteria')).toBeTruthy();
    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByRole('button', { name: 'Add interview type' }));
    expect(screen.getByText('Enter a name.')).toBeTruthy();
    await u.type(screen.getByRole('textbox', { name: 'Type name' }), 'Pairing');
    await u.type(screen.getByRole('textbox', { name: /^Questions/ }), 'Pair on a bug{enter}Review a PR');
    await u.type(screen.getByRole('textbox', { name: /^Criteria to rate/ }), 'Collaboration');
    await u.click(screen.getByRole('button', { name: 'Add interview type' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Pairing',
      questions: ['Pair on a bug', 'Review a PR'],
      criteria: ['Collaboration'],
    });
  });

  it('adds a type once for a double click, busy until the server answers, then empties the form', async () => {
    signInForTest();
    renderSection(true);
    expect(await screen.findByText('Phone screen', {}, { timeout: 5000 })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Type name' }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Take-home review' } });
    const { release } = holdAnswers((method) => method === 'POST');
    const add = screen.getByRole('button', { name: 'Add interview type' });
    act(() => {
      fireEvent.click(add);
      fireEvent.click(add);
    });
    const posts = () => api.calls.filter((c) => c.method === 'POST');
    await waitFor(() => expect(isBusy(add)).toBe(true));
    expect(posts()).toHaveLength(1);
    await act(async () => release());
    expect(await screen.findByText('Take-home review added.')).toBeTruthy();
    await waitFor(() => expect(isBusy(add)).toBe(false));
    expect(name.value).toBe('');
    expect(posts()).toHaveLength(1);
  });

  it('puts the server’s message on the field it names, and keeps what was typed', async () => {
    signInForTest();
    api.answer = (call) =>
      call.method === 'POST'
        ? {
            status: 422,
            body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { name: ['This name is already used.'] } },
          }
        : undefined;
    renderSection(true);
    expect(await screen.findByText('Phone screen', {}, { timeout: 5000 })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: 'Type name' }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Phone screen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add interview type' }));
    expect(await screen.findByText('This name is already used.')).toBeTruthy();
    expect(name.value).toBe('Phone screen');
  });

  it('offers no editing without the permission', async () => {
    signInForTest();
    renderSection(false);
    expect(await screen.findByText('Phone screen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add interview type' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Phone screen' })).toBeNull();
  });
});
