import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type ReactNode } from 'react';
import { boardDropPlacement, type StageBoardColumn, type StageBoardData } from '../lib/stage-board-model.ts';
import { toastError, toastSuccess } from '../lib/toasts.ts';

/** Cards rendered above and below the visible window of a column. */
const OVERSCAN = 4;
const COLUMN_PREFIX = 'column:';

export type BoardCardBase = { id: string; name: string };

/** A drop that changes something: the card, where it was, and where it goes. */
export type StageBoardMove<C extends BoardCardBase> = {
  card: C;
  from: StageBoardColumn<C>;
  to: StageBoardColumn<C>;
  statusId: string;
  beforeId: string | null;
};

/**
 * The callbacks of a card's move on the server: a conflict (someone moved it first) says so and
 * reloads the board; a move to another stage is confirmed; a failure is shown.
 */
export function moveFeedback<C extends BoardCardBase>({ card, from, to }: StageBoardMove<C>, conflictText: string, onConflict: () => void) {
  return {
    onSuccess: (result: { conflict: boolean }) => {
      if (result.conflict) {
        toastError(conflictText);
        onConflict();
      } else if (to.status.id !== from.status.id) {
        toastSuccess(`${card.name} moved to ${to.status.name}.`);
      }
    },
    onError: (error: unknown) => toastError(error),
  };
}

export type StageBoardProps<C extends BoardCardBase> = {
  board: StageBoardData<C>;
  canManage: boolean;
  /** The board's accessible name, e.g. "Pipeline board". */
  label: string;
  /** What a card is, for counts and instructions: `{ one: 'candidate', many: 'candidates' }`. */
  noun: { one: string; many: string };
  /** A card's estimated height (px) for the virtualiser; real heights are measured as cards render. */
  cardEstimate?: number;
  /** One card's look; `handle` is its move handle (null when it cannot move, or in the drag overlay). */
  renderCard: (card: C, handle: ReactNode) => ReactNode;
  onOpen: (cardId: string) => void;
  onMove: (move: StageBoardMove<C>) => void;
};

/** Columns per stage; cards move by drag and drop (pointer or keyboard), virtualised per column. */
export function StageBoard<C extends BoardCardBase>({
  board: liveBoard,
  canManage,
  label,
  noun,
  cardEstimate = 104,
  renderCard,
  onOpen,
  onMove,
}: StageBoardProps<C>) {
  const [active, setActive] = useState<C | null>(null);
  // While a card is held, the columns stay as they were when it was picked up: a background refresh
  // (colleagues' moves) must not re-render the lists under a drag in progress. It shows after the drop.
  const [frozen, setFrozen] = useState<StageBoardData<C> | null>(null);
  const board = frozen ?? liveBoard;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const cardById = (id: UniqueIdentifier) => {
    for (const column of board.columns) {
      const card = column.cards.find((c) => c.id === id);
      if (card) return { card, column };
    }
    return null;
  };
  const describe = (id: UniqueIdentifier | undefined) => {
    if (id === undefined) return 'nowhere';
    const text = String(id);
    if (text.startsWith(COLUMN_PREFIX))
      return `the end of ${board.columns.find((c) => c.status.id === text.slice(COLUMN_PREFIX.length))?.status.name ?? 'a column'}`;
    const found = cardById(id);
    return found ? `${found.card.name} in ${found.column.status.name}` : 'a card';
  };
  const nameOf = (id: UniqueIdentifier) => cardById(id)?.card.name ?? `The ${noun.one}`;
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${nameOf(a.id)}.`,
    onDragOver: ({ active: a, over }) => (over ? `${nameOf(a.id)} is over ${describe(over.id)}.` : undefined),
    onDragEnd: ({ active: a, over }) => (over ? `${nameOf(a.id)} was dropped on ${describe(over.id)}.` : `${nameOf(a.id)} was dropped.`),
    onDragCancel: ({ active: a }) => `Moving ${nameOf(a.id)} was cancelled.`,
  };
  const instructions = `To move a ${noun.one}, press space or enter on its move handle, use the arrow keys to choose another place or column, then press space or enter to drop it, or escape to cancel.`;

  const handleDragStart = ({ active: a }: DragStartEvent) => {
    setFrozen(liveBoard);
    setActive(cardById(a.id)?.card ?? null);
  };

  const handleDragEnd = ({ active: a, over }: DragEndEvent) => {
    setActive(null);
    setFrozen(null);
    if (!over) return;
    const found = cardById(a.id);
    if (!found) return;
    const overId = String(over.id);
    const placement = boardDropPlacement(
      board,
      found.card.id,
      overId.startsWith(COLUMN_PREFIX)
        ? { type: 'column', statusId: overId.slice(COLUMN_PREFIX.length) }
        : { type: 'card', cardId: overId },
    );
    if (!placement) return;
    const target = board.columns.find((c) => c.status.id === placement.statusId);
    if (!target) return;
    onMove({ card: found.card, from: found.column, to: target, statusId: placement.statusId, beforeId: placement.beforeId });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setActive(null);
        setFrozen(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm" role="list" aria-label={label}>
          {board.columns.map((column) => (
            <BoardColumnView
              key={column.status.id}
              column={column}
              canManage={canManage}
              noun={noun}
              cardEstimate={cardEstimate}
              renderCard={renderCard}
              onOpen={onOpen}
            />
          ))}
        </Group>
      </ScrollArea>
      <DragOverlay>{active ? renderCard(active, null) : null}</DragOverlay>
    </DndContext>
  );
}

function BoardColumnView<C extends BoardCardBase>({
  column,
  canManage,
  noun,
  cardEstimate,
  renderCard,
  onOpen,
}: {
  column: StageBoardColumn<C>;
  canManage: boolean;
  noun: { one: string; many: string };
  cardEstimate: number;
  renderCard: (card: C, handle: ReactNode) => ReactNode;
  onOpen: (id: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUMN_PREFIX}${column.status.id}`, disabled: !canManage });
  const virtualizer = useVirtualizer({
    count: column.cards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => cardEstimate,
    overscan: OVERSCAN,
    // Before layout (and in tests) assume a typical column height rather than none.
    initialRect: { width: 280, height: 720 },
    getItemKey: (index) => column.cards[index]?.id ?? index,
    // A card not laid out (yet) measures 0; counting it as 0 would pull every card into view.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || cardEstimate,
  });
  const headingId = `board-column-${column.status.id}`;
  const items = virtualizer.getVirtualItems();

  return (
    <Paper
      role="listitem"
      withBorder
      radius="md"
      p="xs"
      w={280}
      miw={280}
      bg={isOver ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
      aria-labelledby={headingId}
      data-testid="board-column"
    >
      <Group gap={6} mb="xs" wrap="nowrap">
        <Box w={10} h={10} style={{ borderRadius: 5, background: column.status.colour, flex: 'none' }} aria-hidden />
        <Title order={2} fz="sm" id={headingId} style={{ flex: 1 }}>
          {column.status.name}
        </Title>
        <Badge size="sm" variant="default" aria-label={`${column.cards.length} ${column.cards.length === 1 ? noun.one : noun.many}`}>
          {column.cards.length}
        </Badge>
      </Group>
      <SortableContext
        id={column.status.id}
        items={column.cards.map((c) => c.id)}
        strategy={verticalListSortingStrategy}
        disabled={!canManage}
      >
        <div ref={scrollRef} style={{ maxHeight: '70vh', minHeight: 80, overflowY: 'auto' }} data-testid="board-column-scroll">
          <div ref={setNodeRef} style={{ height: virtualizer.getTotalSize(), minHeight: 80, position: 'relative' }}>
            <ol aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item) => {
                const card = column.cards[item.index];
                if (!card) return null;
                return (
                  <li
                    key={card.id}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)`, paddingBottom: 8 }}
                  >
                    <SortableCard card={card} canManage={canManage} renderCard={renderCard} onOpen={onOpen} />
                  </li>
                );
              })}
            </ol>
          </div>
        </div>
      </SortableContext>
      {column.cards.length === 0 ? (
        <Text size="xs" c="dimmed" ta="center" mt={-60} mb="md">
          No {noun.many}
        </Text>
      ) : null}
    </Paper>
  );
}

function SortableCard<C extends BoardCardBase>({
  card,
  canManage,
  renderCard,
  onOpen,
}: {
  card: C;
  canManage: boolean;
  renderCard: (card: C, handle: ReactNode) => ReactNode;
  onOpen: (id: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    disabled: !canManage,
  });
  const handle = canManage ? (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`Move ${card.name}`}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  ) : null;
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      onClick={() => onOpen(card.id)}
      data-testid="board-card"
    >
      {renderCard(card, handle)}
    </div>
  );
}
