import { Anchor, Badge, Group, Pagination, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import type { HireListItem, HireSort } from '@hireloop/contract/onboarding';
import type { PageMeta } from '@hireloop/contract/pagination';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { StageBadge } from '../../../components/stage-badge.tsx';
import { shortDay } from '../../../lib/hire-documents.ts';

export const HIRE_PAGE_SIZES = [25, 50, 100] as const;

/** Column id → the server's sort key. */
const SORT_KEYS = { name: 'name', stage: 'stage', start: 'start_date' } as const;
type SortableColumn = keyof typeof SORT_KEYS;
const isSortable = (id: string): id is SortableColumn => id in SORT_KEYS;

/** The sort after clicking a header: ascending first, then the other way. */
export function nextHireSort(current: HireSort, column: SortableColumn): HireSort {
  const key = SORT_KEYS[column];
  return (current === key ? `-${key}` : key) as HireSort;
}

function direction(current: HireSort, column: SortableColumn): 'ascending' | 'descending' | 'none' {
  const key = SORT_KEYS[column];
  if (current === key) return 'ascending';
  if (current === `-${key}`) return 'descending';
  return 'none';
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
  const columns: ColumnDef<HireListItem>[] = [
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
    { id: 'stage', header: 'Stage', cell: ({ row }) => <StageBadge name={row.original.stage.name} colour={row.original.stage.colour} /> },
    {
      id: 'start',
      header: 'Start date',
      cell: ({ row }) =>
        row.original.start_date ? <time dateTime={row.original.start_date}>{shortDay(row.original.start_date)}</time> : '—',
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

  const table = useReactTable({
    data: rows,
    columns,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    pageCount: meta.last_page,
  });

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Hires" aria-busy={busy}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  if (!isSortable(id)) {
                    return (
                      <Table.Th key={header.id} scope="col">
                        {label}
                      </Table.Th>
                    );
                  }
                  const dir = direction(sort, id);
                  const Icon = dir === 'ascending' ? IconArrowUp : dir === 'descending' ? IconArrowDown : IconArrowsSort;
                  return (
                    <Table.Th key={header.id} scope="col" aria-sort={dir}>
                      <UnstyledButton onClick={() => onSort(nextHireSort(sort, id))} fw={700} fz="sm">
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
              <Table.Tr key={row.id} data-testid="hire-row" onClick={() => onOpen(row.original.id)} style={{ cursor: 'pointer' }}>
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
          {meta.total === 1 ? '1 hire' : `${meta.total} hires`}
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
            aria-label="Hires per page"
            data={HIRE_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
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
