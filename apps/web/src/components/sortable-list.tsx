import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Paper, Stack } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortableItem = { id: string; name: string };

type Props<T extends SortableItem> = {
  items: readonly T[];
  /** The list's accessible name, e.g. "Experience levels". */
  label: string;
  /** Without it the list is shown in order with no drag handles. */
  sortable: boolean;
  /** Zero-based: the item at `from` goes to `to`. */
  onMove: (from: number, to: number) => void;
  /** One row; `handle` is the drag handle (null when not sortable). */
  renderRow: (item: T, handle: ReactNode) => ReactNode;
};

const INSTRUCTIONS =
  'To move an item, press space or enter on its move handle, use the up and down arrow keys to choose its new place, then press space or enter to drop it, or escape to cancel.';

/**
 * An ordered list the user rearranges by dragging a row's handle (mouse, touch) or with the
 * keyboard (space, arrows, space), with spoken announcements for screen readers.
 */
export function SortableList<T extends SortableItem>({ items, label, sortable, onMove, renderRow }: Props<T>) {
  const sensors = useSensors(
    // A small distance first, so a click on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map((item) => item.id);
  const nameOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.name ?? 'The item';
  const place = (id: UniqueIdentifier) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} was moved to ${place(over.id)}.` : `${nameOf(active.id)} was dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from !== -1 && to !== -1) onMove(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack component="ol" aria-label={label} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <SortableRow key={item.id} item={item} sortable={sortable} renderRow={renderRow} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow<T extends SortableItem>({
  item,
  sortable,
  renderRow,
}: {
  item: T;
  sortable: boolean;
  renderRow: (item: T, handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    disabled: !sortable,
  });
  const handle = sortable ? (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      aria-label={`Move ${item.name}`}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  ) : null;
  return (
    <li
      ref={setNodeRef}
      data-testid="sortable-row"
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
    >
      <Paper withBorder p="xs" radius="md" shadow={isDragging ? 'md' : undefined}>
        {renderRow(item, handle)}
      </Paper>
    </li>
  );
}
