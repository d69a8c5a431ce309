import { ActionIcon, Alert, EmptyState, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toastSuccess } from '../lib/toasts.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { SortableList, type SortableItem } from './sortable-list.tsx';

type OrderedItem = SortableItem & { position: number };

type Props<T extends OrderedItem> = {
  /** The organisation's items in order. */
  query: UseQueryResult<T[]>;
  /** The list's accessible name, e.g. "Experience levels". */
  label: string;
  loading: { height: number };
  /** Title of the alert when the list cannot be loaded. */
  loadErrorTitle: string;
  empty: { icon: ReactNode; title: string; description: string };
  canManage: boolean;
  /** Zero-based: the item at `from` goes to `to` (the caller moves it at once and tells the server). */
  onMove: (from: number, to: number) => void;
  /** "Rename" or "Edit": the action's tooltip and, with the item's name, its label. */
  editVerb: string;
  /** The inline form that replaces the row while the item is edited. */
  renderEditor: (item: T, onDone: () => void) => ReactNode;
  /** Extra cells of a row, before and after the name (a stage's colour and category). */
  renderBeforeName?: (item: T) => ReactNode;
  renderAfterName?: (item: T) => ReactNode;
  /** What the delete confirmation says about this item. */
  confirmDelete: (item: T) => { title: string; message: string; confirmLabel: string };
  remove: {
    isPending: boolean;
    mutateAsync: (id: string) => Promise<unknown>;
  };
};

/**
 * An organisation's ordered settings (experience levels, pipeline stages): loading, error and
 * empty states, drag to reorder, one row at a time edited inline, delete after a confirmation.
 */
export function SortableSettingsList<T extends OrderedItem>(props: Props<T>) {
  const { query, canManage, remove } = props;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  let content: ReactNode;
  if (query.isPending) content = <Skeleton height={props.loading.height} radius="md" />;
  else if (query.isError)
    content = (
      <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} title={props.loadErrorTitle}>
        {query.error.message}
      </Alert>
    );
  else if (query.data.length === 0)
    content = (
      <EmptyState icon={props.empty.icon} withIndicatorBackground title={props.empty.title} description={props.empty.description} />
    );
  else
    content = (
      <SortableList
        items={query.data}
        label={props.label}
        sortable={canManage && editingId === null}
        onMove={props.onMove}
        renderRow={(item, handle) => (
          <Group gap="sm" wrap="nowrap" mih={36}>
            {handle}
            <Text c="dimmed" size="sm" w={24} ta="right" aria-hidden>
              {item.position}.
            </Text>
            {editingId === item.id ? (
              props.renderEditor(item, () => setEditingId(null))
            ) : (
              <>
                {props.renderBeforeName?.(item)}
                <Text fw={500} style={{ flex: 1 }}>
                  {item.name}
                </Text>
                {props.renderAfterName?.(item)}
                {canManage ? (
                  <Group gap={4}>
                    <Tooltip label={props.editVerb}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`${props.editVerb} ${item.name}`}
                        onClick={() => setEditingId(item.id)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${item.name}`} onClick={() => setDeleting(item)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ) : null}
              </>
            )}
          </Group>
        )}
      />
    );

  return (
    <>
      {content}
      <ConfirmModal
        subject={deleting ? props.confirmDelete(deleting) : null}
        pending={remove.isPending}
        failedTitle="Not deleted"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toastSuccess(`${deleting.name} deleted.`);
        }}
      />
    </>
  );
}
