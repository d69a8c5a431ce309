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
import { ActionIcon, Anchor, Badge, Box, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { CANDIDATE_TEXTS, type BoardCard } from '@hireloop/contract/candidates';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toastError, toastSuccess } from '../../../../lib/toasts.ts';
import { useMoveApplication } from '../api.ts';
import { daysInStage, dropPlacement, type Board, type BoardColumn } from '../board-model.ts';
import { RatingStars, TagList } from './bits.tsx';

/** A card's estimated height (px) for the virtualiser; real heights are measured as cards render. */
const CARD_ESTIMATE = 104;
/** Cards rendered above and below the visible window of a column. */
const OVERSCAN = 4;
const COLUMN_PREFIX = 'column:';

const INSTRUCTIONS =
  'To move a candidate, press space or enter on its move handle, use the arrow keys to choose another place or column, then press space or enter to drop it, or escape to cancel.';

type Props = {
  recruitmentId: string;
  board: Board;
  canManage: boolean;
  linkOf: (applicationId: string) => string;
  onOpen: (applicationId: string) => void;
  onConflict: () => void;
};

/** The pipeline as columns; cards move by drag and drop (pointer or keyboard), optimistically. */
export function CandidatesBoard({ recruitmentId, board: liveBoard, canManage, linkOf, onOpen, onConflict }: Props) {
  const move = useMoveApplication(recruitmentId);
  const [active, setActive] = useState<BoardCard | null>(null);
  // While a card is held, the columns stay as they were when it was picked up: a background refresh
  // (colleagues' moves) must not re-render the lists under a drag in progress. It shows after the drop.
  const [frozen, setFrozen] = useState<Props['board'] | null>(null);
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
  const nameOf = (id: UniqueIdentifier) => cardById(id)?.card.name ?? 'The candidate';
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${nameOf(a.id)}.`,
    onDragOver: ({ active: a, over }) => (over ? `${nameOf(a.id)} is over ${describe(over.id)}.` : undefined),
    onDragEnd: ({ active: a, over }) => (over ? `${nameOf(a.id)} was dropped on ${describe(over.id)}.` : `${nameOf(a.id)} was dropped.`),
    onDragCancel: ({ active: a }) => `Moving ${nameOf(a.id)} was cancelled.`,
  };

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
    const placement = dropPlacement(
      board,
      found.card.id,
      overId.startsWith(COLUMN_PREFIX)
        ? { type: 'column', statusId: overId.slice(COLUMN_PREFIX.length) }
        : { type: 'card', cardId: overId },
    );
    if (!placement) return;
    const target = board.columns.find((c) => c.status.id === placement.statusId);
    move.mutate(
      { applicationId: found.card.id, statusId: placement.statusId, beforeId: placement.beforeId, version: found.card.version },
      {
        onSuccess: (result) => {
          if (result.conflict) {
            toastError(CANDIDATE_TEXTS.concurrentMove);
            onConflict();
          } else if (target && target.status.id !== found.column.status.id) {
            toastSuccess(`${found.card.name} moved to ${target.status.name}.`);
          }
        },
        onError: (error) => toastError(error),
      },
    );
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
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="sm" pb="sm" role="list" aria-label="Pipeline board">
          {board.columns.map((column) => (
            <BoardColumnView key={column.status.id} column={column} canManage={canManage} linkOf={linkOf} onOpen={onOpen} />
          ))}
        </Group>
      </ScrollArea>
      <DragOverlay>{active ? <CardBody card={active} linkOf={linkOf} handle={null} /> : null}</DragOverlay>
    </DndContext>
  );
}

function BoardColumnView({
  column,
  canManage,
  linkOf,
  onOpen,
}: {
  column: BoardColumn;
  canManage: boolean;
  linkOf: (id: string) => string;
  onOpen: (id: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { setNodeRef, isOver } = useDroppable({ id: `${COLUMN_PREFIX}${column.status.id}`, disabled: !canManage });
  const virtualizer = useVirtualizer({
    count: column.cards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    overscan: OVERSCAN,
    // Before layout (and in tests) assume a typical column height rather than none.
    initialRect: { width: 280, height: 720 },
    getItemKey: (index) => column.cards[index]?.id ?? index,
    // A card not laid out (yet) measures 0; counting it as 0 would pull every card into view.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || CARD_ESTIMATE,
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
        <Badge size="sm" variant="default" aria-label={`${column.cards.length} candidates`}>
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
                    <SortableCard card={card} canManage={canManage} linkOf={linkOf} onOpen={onOpen} />
                  </li>
                );
              })}
            </ol>
          </div>
        </div>
      </SortableContext>
      {column.cards.length === 0 ? (
        <Text size="xs" c="dimmed" ta="center" mt={-60} mb="md">
          No candidates
        </Text>
      ) : null}
    </Paper>
  );
}

function SortableCard({
  card,
  canManage,
  linkOf,
  onOpen,
}: {
  card: BoardCard;
  canManage: boolean;
  linkOf: (id: string) => string;
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
      <CardBody card={card} linkOf={linkOf} handle={handle} />
    </div>
  );
}

function CardBody({ card, linkOf, handle }: { card: BoardCard; linkOf: (id: string) => string; handle: ReactNode }) {
  const days = daysInStage(card.stage_entered_at);
  return (
    <Paper withBorder radius="sm" p="xs" shadow="xs" style={{ cursor: 'pointer' }}>
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Anchor
            component={Link}
            to={linkOf(card.id)}
            fw={500}
            size="sm"
            lineClamp={1}
            onClick={(event: MouseEvent) => event.stopPropagation()}
          >
            {card.name}
          </Anchor>
          {handle}
        </Group>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <RatingStars rating={card.rating} />
          <Text size="xs" c="dimmed">
            {days === 1 ? '1 day in stage' : `${days} days in stage`}
          </Text>
        </Group>
        <TagList tags={card.tags} max={3} />
      </Stack>
    </Paper>
  );
}
