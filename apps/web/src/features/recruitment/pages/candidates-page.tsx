import { Button, EmptyState, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconFileImport, IconUserPlus, IconUsers } from '@tabler/icons-react';
import type { RowSelectionState } from '../../../components/paged-table.tsx';
import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ViewToggle } from '../../../components/view-toggle.tsx';
import { useSearchParamPanel } from '../../../lib/search-params.ts';
import { toastPromise } from '../../../lib/toasts.ts';
import { CandidateSlideOver } from '../candidate-panel/candidate-slide-over.tsx';
import { downloadExport, useApplicationsPage, useBoard, useCandidatePermissions } from '../candidates/api.ts';
import { useRecruitmentStatuses } from '../../session/organisation-lists.ts';
import { ApplicationsTable } from '../candidates/components/applications-table.tsx';
import { BulkBar } from '../candidates/components/bulk-bar.tsx';
import { CandidateFilters } from '../candidates/components/candidate-filters.tsx';
import { CandidatesBoard } from '../candidates/components/candidates-board.tsx';
import {
  filtersOf,
  isFiltered,
  listParamsOf,
  parseCandidateQuery,
  withCandidateQuery,
  type CandidateQuery,
} from '../candidates/url-state.ts';
import { useOrganisationId } from '../../session/auth-store.ts';

// Opened rarely: loaded on demand to keep this screen's chunk small (papaparse, the multi-step form).
const AddCandidateModal = lazy(() =>
  import('../candidates/components/add-candidate-modal.tsx').then((m) => ({ default: m.AddCandidateModal })),
);
const ImportModal = lazy(() => import('../candidates/components/import-modal.tsx').then((m) => ({ default: m.ImportModal })));

/** /recruitment/:recruitment/candidates — the table or board of a recruitment's candidates. */
export function CandidatesPage() {
  const recruitmentId = useParams().recruitment ?? '';
  const organisationId = useOrganisationId();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseCandidateQuery(params), [params]);
  const { id: applicationId, linkOf, open, close } = useSearchParamPanel('application');
  const can = useCandidatePermissions();
  const [dialog, setDialog] = useState<'add' | 'import' | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [exportingAll, setExportingAll] = useState(false);

  const statuses = useRecruitmentStatuses();
  const listParams = useMemo(() => listParamsOf(query), [query]);
  const applications = useApplicationsPage(recruitmentId, listParams, query.view === 'table');
  const board = useBoard(recruitmentId, query.view === 'board');

  const update = useCallback(
    (patch: Partial<CandidateQuery>) => {
      setParams((current) => withCandidateQuery(current, patch));
      // A different list: the selection no longer refers to what is shown.
      if (!('view' in patch)) setSelection({});
    },
    [setParams],
  );
  const exportAll = async () => {
    setExportingAll(true);
    try {
      await toastPromise(downloadExport(organisationId, recruitmentId, { filter: filtersOf(query) }), {
        loading: 'Exporting candidates…',
        success: 'Candidates exported.',
      });
    } catch {
      // Shown in the toast.
    } finally {
      setExportingAll(false);
    }
  };

  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const data = applications.data;
  const boardEmpty = board.data ? board.data.columns.every((c) => c.cards.length === 0) : false;
  const empty = query.view === 'table' ? data !== undefined && data.meta.total === 0 && !isFiltered(query) : boardEmpty;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Candidates</Title>
        <Group gap="xs">
          {can.export && query.view === 'table' ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exportingAll}
              onClick={() => void exportAll()}
            >
              Export all
            </Button>
          ) : null}
          {can.import ? (
            <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setDialog('import')}>
              Import CSV
            </Button>
          ) : null}
          {can.manage ? (
            <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setDialog('add')}>
              Add a candidate
            </Button>
          ) : null}
        </Group>
      </Group>
      <Group justify="space-between" align="flex-end">
        <ViewToggle value={query.view} onChange={(view) => update({ view })} />
        {query.view === 'board' ? (
          <Text size="sm" c="dimmed">
            Active candidates by stage. Drag a card, or use its move handle with the keyboard.
          </Text>
        ) : null}
      </Group>

      {query.view === 'table' ? <CandidateFilters query={query} statuses={statuses.data ?? []} onChange={update} /> : null}

      {query.view === 'table' && selectedIds.length > 0 && (can.manage || can.export) ? (
        <BulkBar
          recruitmentId={recruitmentId}
          ids={selectedIds}
          statuses={statuses.data ?? []}
          canManage={can.manage}
          canExport={can.export}
          onDone={() => setSelection({})}
        />
      ) : null}

      {empty ? (
        <EmptyState
          icon={<IconUsers size={28} aria-hidden />}
          withIndicatorBackground
          title="No candidates yet"
          description={
            can.manage || can.import
              ? 'Add candidates one by one, or import a CSV file from your previous tool or a job board.'
              : 'Candidates of this recruitment will be listed here.'
          }
        >
          <Group justify="center" gap="xs">
            {can.manage ? <Button onClick={() => setDialog('add')}>Add a candidate</Button> : null}
            {can.import ? (
              <Button variant="default" onClick={() => setDialog('import')}>
                Import CSV
              </Button>
            ) : null}
          </Group>
        </EmptyState>
      ) : query.view === 'table' ? (
        applications.isPending ? (
          <Loader aria-label="Loading candidates" />
        ) : applications.isError ? (
          <RetryAlert title="Could not load the candidates" error={applications.error} onRetry={() => void applications.refetch()} />
        ) : data && data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No candidate matches these filters.
          </Text>
        ) : data ? (
          <ApplicationsTable
            rows={data.data}
            meta={data.meta}
            sort={query.sort}
            onSort={(sort) => update({ sort })}
            onPage={(page) => update({ page })}
            onPageSize={(perPage) => update({ perPage })}
            selectable={can.manage || can.export}
            selection={selection}
            onSelectionChange={setSelection}
            linkOf={linkOf}
            onOpen={open}
            busy={applications.isFetching}
          />
        ) : null
      ) : board.isPending ? (
        <Loader aria-label="Loading the board" />
      ) : board.isError ? (
        <RetryAlert title="Could not load the board" error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        <CandidatesBoard
          recruitmentId={recruitmentId}
          board={board.data}
          canManage={can.manage}
          linkOf={linkOf}
          onOpen={open}
          onConflict={() => void board.refetch()}
        />
      )}

      <Suspense fallback={<VisuallyHidden role="status">Loading…</VisuallyHidden>}>
        {dialog === 'add' ? (
          <AddCandidateModal
            recruitmentId={recruitmentId}
            statuses={statuses.data ?? []}
            onClose={() => setDialog(null)}
            onCreated={(id) => {
              setDialog(null);
              open(id);
            }}
          />
        ) : null}
        {dialog === 'import' ? <ImportModal recruitmentId={recruitmentId} onClose={() => setDialog(null)} /> : null}
      </Suspense>
      {applicationId ? <CandidateSlideOver recruitmentId={recruitmentId} applicationId={applicationId} onClose={close} /> : null}
    </Stack>
  );
}
