// @vitest-environment jsdom
import '../../../test/setup-dom.ts';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { applicationOperations } from '@hireloop/contract/operations/applications';
import type { ExperienceLevel } from '@hireloop/contract/experience-levels';
import type { RecruitmentStatus } from '@hireloop/contract/recruitment-statuses';
import type { ReactNode } from 'react';
import { createQueryClient } from '../../../app/query-client.ts';
import { call } from '../../../lib/operations.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { setUpFakeApi, signInForTest, type ApiCall } from '../../../app/test-helpers.tsx';
import { useExperienceLevels, useRecruitmentStatuses } from '../../session/organisation-lists.ts';
import { useExperienceLevelMutations, useRecruitmentStatusMutations } from './api.ts';

/**
 * The settings screens edit lists that other screens show: the pipeline (the board, the candidate
 * slide-over's "Move to…", the recruitment list) and the experience levels (the role form). Each
 * list has one hook and one key (features/session/organisation-lists.ts), so a change made in
 * settings is what every other screen shows next, without waiting for the list to go stale.
 */

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 100, total: data.length, last_page: 1 } });

let statuses: RecruitmentStatus[] = [];
let levels: ExperienceLevel[] = [];

const api = setUpFakeApi(({ method, path, body }: ApiCall) => {
  const edit = /^organisation\/o1\/(recruitment-status|experience-level)\/([^/]+)$/.exec(path);
  if (method === 'PATCH' && edit?.[1] === 'recruitment-status') {
    statuses = statuses.map((s) => (s.id === edit[2] ? { ...s, ...(body as Partial<RecruitmentStatus>) } : s));
    return { status: statuses.find((s) => s.id === edit[2]) };
  }
  if (method === 'PATCH' && edit?.[1] === 'experience-level') {
    levels = levels.map((l) => (l.id === edit[2] ? { ...l, ...(body as Partial<ExperienceLevel>) } : l));
    return { level: levels.find((l) => l.id === edit[2]) };
  }
  if (path === 'organisation/o1/recruitment-status') return { statuses: page(statuses) };
  // The slide-over's application names its stage, as the server presents it.
  if (path === 'organisation/o1/applications/a1') return { application: { id: 'a1', status: statuses[1] } };
  if (path === 'organisation/o1/experience-level') return { levels: page(levels) };
  return undefined;
});

function withClient(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const reads = (resource: string) => api.calls.filter((c) => c.method === 'GET' && c.path === `organisation/o1/${resource}`).length;

describe('a list edited in settings', () => {
  it('renames a stage in the settings page and the candidate slide-over shows the new name, in its list and its header', async () => {
    statuses = [
      { id: 's1', name: 'Applied', colour: '#228be6', category: 'in_progress', position: 1 },
      { id: 's2', name: 'Interview', colour: '#7950f2', category: 'in_progress', position: 2 },
    ];
    signInForTest();
    const queryClient = createQueryClient();
    const wrapper = withClient(queryClient);
    // Another screen (the slide-over's "Move to…") has the pipeline loaded and fresh.
    const slideOver = renderHook(() => useRecruitmentStatuses(), { wrapper });
    await waitFor(() => expect(slideOver.result.current.data?.map((s) => s.name)).toEqual(['Applied', 'Interview']));
    // The settings page reads the same cache entry: no second request.
    const settings = renderHook(() => ({ list: useRecruitmentStatuses(), mutations: useRecruitmentStatusMutations() }), { wrapper });
    expect(settings.result.current.list.data?.map((s) => s.name)).toEqual(['Applied', 'Interview']);
    expect(reads('recruitment-status')).toBe(1);

    // The slide-over's header shows the application's stage (under the shared application key).
    const header = renderHook(
      () =>
        useQuery({
          queryKey: queryKeys.application('o1', 'a1'),
          queryFn: async () => (await call(applicationOperations.get, { params: { application: 'a1' } })).application,
          staleTime: 60_000,
        }),
      { wrapper },
    );
    await waitFor(() => expect(header.result.current.data?.status.name).toBe('Interview'));

    await act(() => settings.result.current.mutations.update.mutateAsync({ id: 's2', name: 'Phone screen' }));

    await waitFor(() => expect(slideOver.result.current.data?.map((s) => s.name)).toEqual(['Applied', 'Phone screen']));
    expect(reads('recruitment-status')).toBe(2);
    await waitFor(() => expect(header.result.current.data?.status.name).toBe('Phone screen'));
  });

  it('renames an experience level in settings and the role form shows the new name', async () => {
    levels = [
      { id: 'l1', name: 'Junior', position: 1 },
      { id: 'l2', name: 'Senior', position: 2 },
    ];
    signInForTest();
    const queryClient = createQueryClient();
    const wrapper = withClient(queryClient);
    const roleForm = renderHook(() => useExperienceLevels(), { wrapper });
    await waitFor(() => expect(roleForm.result.current.data?.map((l) => l.name)).toEqual(['Junior', 'Senior']));
    const settings = renderHook(() => useExperienceLevelMutations(), { wrapper });

    await act(() => settings.result.current.rename.mutateAsync({ id: 'l2', name: 'Lead' }));

    await waitFor(() => expect(roleForm.result.current.data?.map((l) => l.name)).toEqual(['Junior', 'Lead']));
  });
});
