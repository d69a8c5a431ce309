import { Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

import type { HireListItem, HireSort } from '@hireloop/contract/onboarding';
import type { PageMeta } from '@hireloop/contract/pagination';
import { PagedTable, PersonLinkCell, toggleSort, type PagedColumn } from '../../../components/paged-table.tsx';
import { StageBadge } from '../../../components/stage-badge.tsx';
import { formatDay } from '../../../lib/dates.ts';

export const HIRE_PAGE_SIZES = [25, 50, 100] as const;

/** Column id → the server's sort key. */
const SORT_KEYS: Record<string, HireSort> = { name: 'name', stage: 'stage', start: 'start_date' };

/** The sort after clicking a header: ascending first, then the other way. */
export function nextHireSort(current: HireSort, column: string): HireSort {
  return toggleSort(current, SORT_KEYS[column] ?? column);
}

/** "3 overdue" in red, or nothing. */
export function OverdueBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge color="red.9" variant="filled" size="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
      {count} overdue
    </Badge>
  );
}

type Props = {
  rows: HireListItem[];
  meta: PageMeta;
  sort: HireSort;
  onSort: (sort: HireSort) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  linkOf: (hireId: string) => string;
  onOpen: (hireId: string) => void;
  busy: boolean;
};

/** The hires of a role's onboarding: server-side paging and sorting; a row opens the hire. */
export function HiresTable({ rows, meta, sort, onSort, onPage, onPageSize, linkOf, onOpen, busy }: Props) {
  const columns: PagedColumn<HireListItem>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <PersonLinkCell to={linkOf(row.original.id)} name={row.original.candidate.name} email={row.original.candidate.email} />
      ),
    },
    { id: 'stage', header: 'Stage', cell: ({ row }) => <StageBadge name={row.original.stage.name} colour={row.original.stage.colour} /> },
    {
      id: 'start',
      header: 'Start date',
      cell: ({ row }) =>
        row.original.start_date ? <time dateTime={row.original.start_date}>{formatDay(row.original.start_date)}</time> : '—',
    },
    {
      id: 'tasks',
      header: 'Tasks',
      cell: ({ row }) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" aria-label={`${row.original.tasks_done} of ${row.original.tasks_total} tasks done`}>
            {row.original.tasks_done}/{row.original.tasks_total}
          </Text>
          <OverdueBadge count={row.original.overdue} />
        </Group>
      ),
    },
    {
      id: 'documents',
      header: 'Documents',
      cell: ({ row }) => `${row.original.documents_uploaded}/${row.original.documents_total}`,
    },
    { id: 'manager', header: 'Manager', cell: ({ row }) => row.original.manager?.name ?? '—' },
    { id: 'buddy', header: 'Buddy', cell: ({ row }) => row.original.buddy?.name ?? '—' },
  ];

  return (
    <PagedTable
      rows={rows}
      columns={columns}
      meta={meta}
      label="Hires"
      busy={busy}
      sortKeys={SORT_KEYS}
      sort={sort}
      nextSort={nextHireSort}
      onSort={onSort}
      onPage={onPage}
      pageSizes={HIRE_PAGE_SIZES}
      onPageSize={onPageSize}
      noun={{ one: '1 hire', many: 'hires', perPageLabel: 'Hires per page' }}
      rowTestId="hire-row"
      onOpen={onOpen}
    />
  );
}
