import { Checkbox, Group, Text } from '@mantine/core';

import { CANDIDATE_SOURCE_LABELS, type ApplicationListItem } from '@hireloop/contract/candidates';
import type { PageMeta } from '@hireloop/contract/pagination';
import type { MouseEvent } from 'react';
import {
  PagedTable,
  PersonLinkCell,
  toggleSort,
  type OnChangeFn,
  type PagedColumn,
  type RowSelectionState,
} from '../../../../components/paged-table.tsx';
import { StageBadge } from '../../../../components/stage-badge.tsx';
import { PAGE_SIZES, type ApplicationSort } from '../url-state.ts';
import { RatingStars, TagList, shortDate } from './bits.tsx';

/** Column id → the server's sort key. */
const SORT_KEYS: Record<string, ApplicationSort> = {
  name: 'name',
  stage: 'stage',
  rating: 'rating',
  applied: 'applied_at',
  updated: 'updated_at',
};

/** The sort after clicking a header: ascending first (newest first for dates), then the other way. */
export function nextSort(current: ApplicationSort, column: string): ApplicationSort {
  return toggleSort(current, SORT_KEYS[column] ?? column, column === 'applied' || column === 'updated' || column === 'rating');
}

type Props = {
  rows: ApplicationListItem[];
  meta: PageMeta;
  sort: ApplicationSort;
  onSort: (sort: ApplicationSort) => void;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  selectable: boolean;
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
  /** `?application=` link of a row (keeps the other search parameters). */
  linkOf: (applicationId: string) => string;
  onOpen: (applicationId: string) => void;
  busy: boolean;
};

/** The candidates table: server-side paging and sorting, row selection for bulk actions. */
export function ApplicationsTable({
  rows,
  meta,
  sort,
  onSort,
  onPage,
  onPageSize,
  selectable,
  selection,
  onSelectionChange,
  linkOf,
  onOpen,
  busy,
}: Props) {
  const columns: PagedColumn<ApplicationListItem>[] = [
    ...(selectable
      ? [
          {
            id: 'select',
            header: ({ table }) => (
              <Checkbox
                aria-label="Select all candidates on this page"
                checked={table.getIsAllRowsSelected()}
                indeterminate={table.getIsSomeRowsSelected()}
                onChange={table.getToggleAllRowsSelectedHandler()}
              />
            ),
            cell: ({ row }) => (
              <Checkbox
                aria-label={`Select ${row.original.candidate.name}`}
                checked={row.getIsSelected()}
                onChange={row.getToggleSelectedHandler()}
                onClick={(event: MouseEvent) => event.stopPropagation()}
              />
            ),
          } satisfies PagedColumn<ApplicationListItem>,
        ]
      : []),
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <PersonLinkCell to={linkOf(row.original.id)} name={row.original.candidate.name} email={row.original.candidate.email} />
      ),
    },
    {
      id: 'stage',
      header: 'Stage',
      cell: ({ row }) => (
        <Group gap={4}>
          <StageBadge name={row.original.status.name} colour={row.original.status.colour} />
          {row.original.rejected_at ? (
            <Text size="xs" c="red" component="span">
              Rejected
            </Text>
          ) : null}
        </Group>
      ),
    },
    { id: 'rating', header: 'Rating', cell: ({ row }) => <RatingStars rating={row.original.rating} /> },
    { id: 'source', header: 'Source', cell: ({ row }) => CANDIDATE_SOURCE_LABELS[row.original.source] },
    { id: 'tags', header: 'Tags', cell: ({ row }) => <TagList tags={row.original.tags} /> },
    {
      id: 'applied',
      header: 'Applied',
      cell: ({ row }) => <time dateTime={row.original.applied_at}>{shortDate(row.original.applied_at)}</time>,
    },
    {
      id: 'updated',
      header: 'Updated',
      cell: ({ row }) => <time dateTime={row.original.updated_at}>{shortDate(row.original.updated_at)}</time>,
    },
  ];

  return (
    <PagedTable
      rows={rows}
      columns={columns}
      meta={meta}
      label="Candidates"
      busy={busy}
      sortKeys={SORT_KEYS}
      sort={sort}
      nextSort={nextSort}
      onSort={onSort}
      onPage={onPage}
      pageSizes={PAGE_SIZES}
      onPageSize={onPageSize}
      noun={{ one: '1 candidate', many: 'candidates', perPageLabel: 'Candidates per page' }}
      rowTestId="candidate-row"
      onOpen={onOpen}
      selection={{ enabled: selectable, state: selection, onChange: onSelectionChange }}
      headerWidth={(id) => (id === 'select' ? 40 : undefined)}
    />
  );
}
