import { Anchor, Button, EmptyState, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { HIRE_SORTS, type HireSort, type OnboardingDetail } from '@hireloop/contract/onboarding';
import { IconRocket, IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { StageBar } from '../../../components/stage-bar.tsx';
import { ViewToggle } from '../../../components/view-toggle.tsx';
import { patchSearchParams, useSearchParamPanel } from '../../../lib/search-params.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import {
  useHireBoard,
  useHiresPage,
  useOnboarding,
  useOnboardingPermissions,
  useOnboardingTemplates,
  useUpdateOnboarding,
  type HireListParams,
} from '../api.ts';
import { AddHireModal } from '../components/add-hire-modal.tsx';
import { HireSlideOver } from '../components/hire-slide-over.tsx';
import { HiresBoard } from '../components/hires-board.tsx';
import { HIRE_PAGE_SIZES, HiresTable, OverdueBadge } from '../components/hires-table.tsx';

const SEARCH_DEBOUNCE_MS = 300;
const HIRES_NOUN = { empty: 'No hires', perStage: 'Hires per stage' };

/** The table's state lives in the address: view, page, size, sort, stage filter and search. */
export function hireQueryOf(params: URLSearchParams) {
  const view: 'table' | 'board' = params.get('view') === 'board' ? 'board' : 'table';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('per_page'));
  const perPage = (HIRE_PAGE_SIZES as readonly number[]).includes(size) ? size : HIRE_PAGE_SIZES[0];
  const sortParam = params.get('sort');
  const sort: HireSort = (HIRE_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as HireSort) : 'start_date';
  const stage = params.get('stage') ?? '';
  const q = params.get('q') ?? '';
  return { view, page, perPage, sort, stage, q };
}

function OnboardingHeader({ onboarding }: { onboarding: OnboardingDetail }) {
  const can = useOnboardingPermissions();
  const templates = useOnboardingTemplates();
  const update = useUpdateOnboarding(onboarding.id);
  const choosing = useSubmitOnce(async (id: string | null) => {
    try {
      const o = await update.mutateAsync(id);
      toastSuccess(o.template ? `New hires get the template “${o.template.name}”.` : 'The role has no template now.');
    } catch (error) {
      toastError(error);
    }
  }, update.isPending);
  const counts = onboarding.stage_counts.map((c) => ({ status_id: c.stage_id, count: c.count }));
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Group gap="sm" align="center">
          <Title order={1}>{onboarding.role.name}</Title>
          <OverdueBadge count={onboarding.overdue_tasks} />
        </Group>
        <Text size="sm">
          Onboarding of{' '}
          <Anchor component={Link} to={`/roles/${encodeURIComponent(onboarding.role.id)}`} size="sm">
            {onboarding.role.name}
          </Anchor>
          {onboarding.role.team ? ` · ${onboarding.role.team.name}` : ''} ·{' '}
          {onboarding.hires === 1 ? '1 hire' : `${onboarding.hires} hires`}
        </Text>
        <StageBar counts={counts} statuses={onboarding.stages} noun={HIRES_NOUN} />
      </Stack>
      <Select
        label="Checklist template"
        description="What new hires of this role get."
        placeholder="No template"
        w={260}
        clearable
        disabled={!can.manage || choosing.busy}
        data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={onboarding.template?.id ?? null}
        onChange={(id) => {
          if (id === (onboarding.template?.id ?? null)) return;
          void choosing.run(id);
        }}
      />
    </Group>
  );
}

/** /onboarding/:onboarding — a role's hires in a table or on a board, with the hire slide-over. */
export function OnboardingRolePage() {
  const onboardingId = useParams().onboarding ?? '';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => hireQueryOf(params), [params]);
  const { id: hireId, linkOf, open, close } = useSearchParamPanel('hire');
  const can = useOnboardingPermissions();
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState(query.q);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const onboarding = useOnboarding(onboardingId);
  const listParams = useMemo<HireListParams>(
    () => ({
      page: query.page,
      per_page: query.perPage,
      sort: query.sort,
      ...(query.q ? { q: query.q } : {}),
      ...(query.stage ? { filter: { stage: query.stage } } : {}),
    }),
    [query],
  );
  const hires = useHiresPage(onboardingId, listParams, query.view === 'table');
  const board = useHireBoard(onboardingId, query.view === 'board');

  const update = useCallback(
    (patch: Record<string, string | null>) => setParams((current) => patchSearchParams(current, patch)),
    [setParams],
  );

  useEffect(() => {
    if (debouncedSearch !== query.q) update({ q: debouncedSearch, page: null });
  }, [debouncedSearch, query.q, update]);

  if (onboarding.isError) {
    return (
      <LoadFailure
        heading="Onboarding"
        icon={<IconRocket size={28} aria-hidden />}
        error={onboarding.error}
        missing={{ title: 'No such onboarding', description: 'This onboarding does not exist, or it is another organisation’s.' }}
        failedTitle="The onboarding could not be loaded"
        back={{ to: '/onboarding', label: 'Back to onboarding' }}
      />
    );
  }

  const stages = onboarding.data?.stages ?? [];
  const data = hires.data;
  const empty = onboarding.data !== undefined && onboarding.data.hires === 0;

  return (
    <Stack gap="md">
      {onboarding.data ? <OnboardingHeader onboarding={onboarding.data} /> : <Loader size="sm" aria-label="Loading the onboarding" />}

      <Group justify="space-between" align="flex-end">
        <Group gap="sm" align="flex-end">
          <ViewToggle value={query.view} onChange={(view) => update({ view: view === 'board' ? 'board' : null })} />
          {query.view === 'table' ? (
            <>
              <TextInput
                aria-label="Search hires"
                placeholder="Search by name or e-mail"
                leftSection={<IconSearch size={14} aria-hidden />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={240}
              />
              <Select
                aria-label="Stage"
                placeholder="All stages"
                clearable
                data={stages.map((s) => ({ value: s.id, label: s.name }))}
                value={query.stage || null}
                onChange={(stage) => update({ stage, page: null })}
                w={180}
              />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              Hires by stage. Drag a card, or use its move handle with the keyboard.
            </Text>
          )}
        </Group>
        {can.manage && onboarding.data ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add a hire
          </Button>
        ) : null}
      </Group>

      {empty ? (
        <EmptyState
          icon={<IconUsers size={28} aria-hidden />}
          withIndicatorBackground
          title="No hires yet"
          description="A hire enters this onboarding when their offer for the role is accepted, or when added by hand."
        />
      ) : query.view === 'table' ? (
        hires.isPending ? (
          <Loader aria-label="Loading hires" />
        ) : hires.isError ? (
          <RetryAlert title="Could not load the hires" error={hires.error} onRetry={() => void hires.refetch()} />
        ) : data && data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No hire matches these filters.
          </Text>
        ) : data ? (
          <HiresTable
            rows={data.data}
            meta={data.meta}
            sort={query.sort}
            onSort={(sort) => update({ sort, page: null })}
            onPage={(page) => update({ page: String(page) })}
            onPageSize={(size) => update({ per_page: String(size), page: null })}
            linkOf={linkOf}
            onOpen={open}
            busy={hires.isFetching}
          />
        ) : null
      ) : board.isPending ? (
        <Loader aria-label="Loading the board" />
      ) : board.isError ? (
        <RetryAlert title="Could not load the board" error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        <HiresBoard
          onboardingId={onboardingId}
          board={board.data}
          canManage={can.manage}
          linkOf={linkOf}
          onOpen={open}
          onConflict={() => void board.refetch()}
        />
      )}

      {adding && onboarding.data ? (
        <AddHireModal
          roleId={onboarding.data.role.id}
          onClose={() => setAdding(false)}
          onCreated={(createdOnboardingId, createdHireId) => {
            setAdding(false);
            if (createdOnboardingId === onboardingId) open(createdHireId);
            else void navigate(`/onboarding/${encodeURIComponent(createdOnboardingId)}?hire=${encodeURIComponent(createdHireId)}`);
          }}
        />
      ) : null}
      {hireId ? <HireSlideOver hireId={hireId} stages={stages} onClose={close} onConflict={() => void board.refetch()} /> : null}
    </Stack>
  );
}
