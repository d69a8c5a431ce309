// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ExperienceLevel } from '@hireloop/contract/experience-levels';
import { permissionsOf } from '@hireloop/contract/permissions';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../app/query-client.ts';
import { renderApp, setUpFakeApi, signInForTest, testOrganisation } from '../../../app/test-helpers.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { moveItem, useExperienceLevelMutations } from './api.ts';
import { holdAnswers, isBusy } from '../../../test/double-submit.ts';

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 100, total: data.length, last_page: 1 } });
const levels: ExperienceLevel[] = ['Junior', 'Mid-level', 'Senior'].map((name, i) => ({ id: `l${i + 1}`, name, position: i + 1 }));

const api = setUpFakeApi(({ path }) => {
  const plural = path.split('/').pop()!;
  return path === 'organisation/o1/experience-level'
    ? { levels: page(levels) }
    : path === 'organisation/o1/recruitment-settings'
      ? { recruitment_settings: { default_interview_minutes: 45, candidate_retention_months: 24 } }
      : path === 'organisation/o1/api-keys'
        ? { api_keys: page([]) }
        : { [plural === 'role' ? 'roles' : plural]: page([]) };
});

describe('moveItem', () => {
  it('moves one item and shifts the others, like the server does', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('reordering experience levels', () => {
  function setUp() {
    signInForTest();
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.experienceLevels('o1'), levels);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useExperienceLevelMutations(), { wrapper });
    const names = () => queryClient.getQueryData<ExperienceLevel[]>(queryKeys.experienceLevels('o1'))?.map((l) => l.name);
    return { result, names };
  }

  it('moves the item at once and sends { original, new } 1-based', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { result, names } = setUp();
    // The server answers only when released, so the list can be seen moved before it does.
    vi.mocked(fetch).mockImplementationOnce(async (input, init) => {
      await held;
      api.calls.push({ method: init?.method ?? 'GET', path: String(input), search: '', body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ levels: page(moveItem(levels, 0, 2)) }), { status: 200 });
    });
    act(() => result.current.reorder.mutate({ from: 0, to: 2 }));
    await waitFor(() => expect(names()).toEqual(['Mid-level', 'Senior', 'Junior']));
    release();
    await waitFor(() => expect(result.current.reorder.isSuccess).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: expect.stringMatching(/organisation\/o1\/experience-level\/reorder$/),
      body: { original: 1, new: 3 },
    });
  });

  it('puts the old order back when the server refuses the move', async () => {
    api.answer = (call) =>
      call.method === 'PATCH'
        ? { status: 422, body: { message: 'The given data was invalid.', code: 'validation_failed', errors: { new: ['Too far.'] } } }
        : undefined;
    const { result, names } = setUp();
    act(() => result.current.reorder.mutate({ from: 2, to: 0 }));
    await waitFor(() => expect(result.current.reorder.isError).toBe(true));
    expect(names()).toEqual(['Junior', 'Mid-level', 'Senior']);
  });
});

describe('/settings/experience-levels', () => {
  it('shows an owner the levels in order with move handles, the add form and edit buttons', async () => {
    signInForTest();
    renderApp('/settings/experience-levels');
    const list = await screen.findByRole('list', { name: 'Experience levels' });
    expect(
      within(list)
        .getAllByRole('button', { name: /^Move / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Move Junior', 'Move Mid-level', 'Move Senior']);
    expect(screen.getByLabelText('New experience level')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename Senior' })).toBeTruthy();
  });

  it('shows an interviewer the levels without handles or edit buttons', async () => {
    signInForTest([{ ...testOrganisation, role: 'interviewer', permissions: permissionsOf('interviewer') }]);
    renderApp('/settings/experience-levels');
    const list = await screen.findByRole('list', { name: 'Experience levels' });
    expect(within(list).getByText('Senior')).toBeTruthy();
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByLabelText('New experience level')).toBeNull();
  });
});

describe('/settings/api-keys', () => {
  it('shows a new key once, then only its prefix', async () => {
    const token = `hl_${'a'.repeat(43)}`;
    const key = {
      id: 'k1',
      name: 'Zapier',
      prefix: token.slice(0, 11),
      scopes: ['candidates:write', 'candidates:read'],
      created_by: { id: 'u1', name: 'Dana Whitfield' },
      created_at: '2030-01-01T10:00:00Z',
      last_used_at: null,
    };
    api.answer = (call) => {
      if (call.method === 'POST' && call.path === 'organisation/o1/api-keys') return { status: 201, body: { api_key: key, token } };
      if (api.calls.some((c) => c.method === 'POST') && call.path === 'organisation/o1/api-keys')
        return { status: 200, body: { api_keys: page([key]) } };
      return undefined;
    };
    signInForTest();
    renderApp('/settings/api-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Zapier' } });
    // Write includes read: ticking one box gives both scopes.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Candidates: write' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByLabelText('API key “Zapier”');
    expect((shown as HTMLInputElement).value).toBe(token);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Zapier', scopes: ['candidates:write', 'candidates:read'] });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(`${key.prefix}…`)).toBeTruthy();
    await waitFor(() => expect(screen.queryByDisplayValue(token)).toBeNull());
  });

  it('creates one key for a double click on Create key, busy until the server answers', async () => {
    const token = `hl_${'b'.repeat(43)}`;
    const key = {
      id: 'k2',
      name: 'HRIS sync',
      prefix: token.slice(0, 11),
      scopes: ['candidates:read'],
      created_by: { id: 'u1', name: 'Dana Whitfield' },
      created_at: '2030-01-01T10:00:00Z',
      last_used_at: null,
    };
    api.answer = (call) =>
      call.method === 'POST' && call.path === 'organisation/o1/api-keys' ? { status: 201, body: { api_key: key, token } } : undefined;
    signInForTest();
    renderApp('/settings/api-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }, { timeout: 5000 }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'HRIS sync' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Candidates: read' }));
    const { release } = holdAnswers((method) => method === 'POST');
    const create = within(screen.getByRole('dialog')).getByRole('button', { name: 'Create key' });
    act(() => {
      fireEvent.click(create);
      fireEvent.click(create);
    });
    const posts = () => api.calls.filter((c) => c.method === 'POST');
    await waitFor(() => expect(isBusy(create)).toBe(true));
    expect(posts()).toHaveLength(1);
    await act(async () => release());
    expect(((await screen.findByLabelText('API key “HRIS sync”')) as HTMLInputElement).value).toBe(token);
    expect(posts()).toHaveLength(1);
  });

  it('tells a member without the permission that only owners and admins manage keys, and loads none', async () => {
    signInForTest([{ ...testOrganisation, role: 'recruiter', permissions: permissionsOf('recruiter') }]);
    renderApp('/settings/api-keys');
    expect(await screen.findByText('Only owners and admins create and revoke API keys.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(api.calls.some((c) => c.path.endsWith('/api-keys'))).toBe(false);
  });
});
