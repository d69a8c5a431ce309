import { Anchor, Checkbox, Group, Pagination, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type RowSelectionState, type OnChangeFn } from '@tanstack/react-table';
import { CANDIDATE_SOURCE_LABELS, type ApplicationListItem } from '@hireloop/contract/candidates';
import type { PageMeta } from '@hireloop/contract/pagination';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { StageBadge } from '../../../../components/stage-badge.tsx';
import { PAGE_SIZES, type ApplicationSort } from '../url-state.ts';
import { RatingStars, TagList, shortDate } from './bits.tsx';

/** Column id → the server's sort key. */
const SORT_KEYS = { name: 'name', stage: 'stage', rating: 'rating', applied: 'applied_at', updated: 'updated_at' } as const;
type SortableColumn = keyof typeof SORT_KEYS;

function isSortable(id: string): id is SortableColumn {
  return id in SORT_KEYS;
}

/** The sort after clicking a header: ascending first (newest first for dates), then the other way. */
export function nextSort(current: ApplicationSort, column: SortableColumn): ApplicationSort {
  const key = SORT_KEYS[column];
  if (current === key) return `-${key}` as ApplicationSort;
  if (current === `-${key}`) return key;
  return (column === 'applied' || column === 'updated' || column === 'rating' ? `-${key}` : key) as ApplicationSort;
}

function sortDirection(current: ApplicationSort, column: SortableColumn): 'ascending' | 'descending' | 'none' {
  const key = SORT_KEYS[column];
  if (current === key) return 'ascending';
  if (current === `-${key}`) return 'descending';
  return 'none';
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
  const columns: ColumnDef<ApplicationListItem>[] = [
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
          } satisfies ColumnDef<ApplicationListItem>,
        ]
      : []),
    {
      id: 'name',
      header: 'Name',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Anchor component={Link} to={linkOf(row.original.id)} fw={500} onClick={(event: MouseEvent) => event.stopPropagation()}>
            {row.original.candidate.name}
          </Anchor>
          {row.original.candidate.email ? (
            <Text size="xs" c="dimmed">
              {row.original.candidate.email}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'stage',
      header: 'Stage',
      cell: ({ row }) => (
        <Group gap={4}>
          <StageBadge name={row.original.status.name} colour={row.original.status.colour} />
          {row.original.rejected_at ? (
            <Text size="xs" c="red.8" component="span">
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

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    pageCount: meta.last_page,
    enableRowSelection: selectable,
    state: { rowSelection: selection },
    onRowSelectionChange: onSelectionChange,
  });

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Candidates" aria-busy={busy}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  if (!isSortable(id)) {
                    return (
                      <Table.Th key={header.id} scope="col" w={id === 'select' ? 40 : undefined}>
                        {label}
                      </Table.Th>
                    );
                  }
                  const direction = sortDirection(sort, id);
                  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
                  return (
                    <Table.Th key={header.id} scope="col" aria-sort={direction}>
                      <UnstyledButton onClick={() => onSort(nextSort(sort, id))} fw={700} fz="sm">
                        <Group gap={4} wrap="nowrap" component="span">
                          {label}
                          <Icon size={14} aria-hidden />
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-testid="candidate-row"
                aria-selected={selectable ? row.getIsSelected() : undefined}
                onClick={() => onOpen(row.original.id)}
                style={{ cursor: 'pointer' }}
              >
                {row.getVisibleCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {meta.total === 1 ? '1 candidate' : `${meta.total} candidates`}
          {meta.last_page > 1 ? ` · page ${meta.page} of ${meta.last_page}` : ''}
        </Text>
        <Group gap="sm">
          {meta.last_page > 1 ? (
            <Pagination
              total={meta.last_page}
              value={meta.page}
              onChange={onPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          ) : null}
          <Select
            aria-label="Candidates per page"
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
            value={String(meta.per_page)}
            allowDeselect={false}
            onChange={(value) => value && onPageSize(Number(value))}
            w={140}
            size="xs"
          />
        </Group>
      </Group>
    </Stack>
  );
}
