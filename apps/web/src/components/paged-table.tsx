import { Anchor, Group, Pagination, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { PageMeta } from '@hireloop/contract/pagination';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';

/**
 * The sort after clicking a header for `key`: the other way if it is already sorted by it,
 * else ascending (descending where `descendingFirst`, e.g. for dates).
 */
export function toggleSort<S extends string>(current: S, key: string, descendingFirst = false): S {
  if (current === key) return `-${key}` as S;
  if (current === `-${key}`) return key as S;
  return (descendingFirst ? `-${key}` : key) as S;
}

function sortDirection(current: string, key: string): 'ascending' | 'descending' | 'none' {
  if (current === key) return 'ascending';
  if (current === `-${key}`) return 'descending';
  return 'none';
}

/** A person's name linking to their panel (the row's own click is not repeated), with the e-mail below. */
export function PersonLinkCell({ to, name, email }: { to: string; name: string; email: string | null | undefined }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={to} fw={500} onClick={(event: MouseEvent) => event.stopPropagation()}>
        {name}
      </Anchor>
      {email ? (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * What a paged table does in the browser: only row selection. Paging and sorting are the server's
 * (the headers and the pager call back), so those features are not loaded.
 */
const features = tableFeatures({ rowSelectionFeature });

/** A column of a PagedTable. */
export type PagedColumn<T extends { id: string }> = ColumnDef<typeof features, T>;
export type { OnChangeFn, RowSelectionState };

type Props<T extends { id: string }, S extends string> = {
  rows: T[];
  columns: PagedColumn<T>[];
  meta: PageMeta;
  /** The table's accessible name, e.g. "Hires". */
  label: string;
  busy: boolean;
  /** Sortable column id → the server's sort key. */
  sortKeys: Record<string, string>;
  sort: S;
  /** The sort after clicking the header of a sortable column. */
  nextSort: (current: S, column: string) => S;
  onSort: (sort: S) => void;
  onPage: (page: number) => void;
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
  /** How the count is written: "1 hire" / "3 hires", and the page size select's name. */
  noun: { one: string; many: string; perPageLabel: string };
  rowTestId: string;
  onOpen: (id: string) => void;
  /** Row selection for bulk actions (the selection column is the caller's). */
  selection?: { enabled: boolean; state: RowSelectionState; onChange: OnChangeFn<RowSelectionState> };
  /** A fixed width for some non-sortable header, e.g. the selection column. */
  headerWidth?: (columnId: string) => number | undefined;
};

/** A server-paged, server-sorted table: sortable headers, clickable rows, the count, pages and page size. */
export function PagedTable<T extends { id: string }, S extends string>(props: Props<T, S>) {
  const { meta, sort, selection } = props;
  const table = useTable({
    features,
    data: props.rows,
    columns: props.columns,
    getRowId: (row) => row.id,
    ...(selection
      ? { enableRowSelection: selection.enabled, state: { rowSelection: selection.state }, onRowSelectionChange: selection.onChange }
      : {}),
  });

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="xs" highlightOnHover aria-label={props.label} aria-busy={props.busy}>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const key = props.sortKeys[id];
                  if (key === undefined) {
                    return (
                      <Table.Th key={header.id} scope="col" w={props.headerWidth?.(id)}>
                        {label}
                      </Table.Th>
                    );
                  }
                  const direction = sortDirection(sort, key);
                  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconArrowsSort;
                  return (
                    <Table.Th key={header.id} scope="col" aria-sort={direction}>
                      <UnstyledButton onClick={() => props.onSort(props.nextSort(sort, id))} fw={700} fz="sm">
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
                data-testid={props.rowTestId}
                aria-selected={selection?.enabled ? row.getIsSelected() : undefined}
                onClick={() => props.onOpen(row.original.id)}
                style={{ cursor: 'pointer' }}
              >
                {row.getAllCells().map((cell) => (
                  <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {meta.total === 1 ? props.noun.one : `${meta.total} ${props.noun.many}`}
          {meta.last_page > 1 ? ` · page ${meta.page} of ${meta.last_page}` : ''}
        </Text>
        <Group gap="sm">
          {meta.last_page > 1 ? (
            <Pagination
              total={meta.last_page}
              value={meta.page}
              onChange={props.onPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          ) : null}
          <Select
            aria-label={props.noun.perPageLabel}
            data={props.pageSizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
            value={String(meta.per_page)}
            allowDeselect={false}
            onChange={(value) => value && props.onPageSize(Number(value))}
            w={140}
            size="xs"
          />
        </Group>
      </Group>
    </Stack>
  );
}
