import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Box, Group, Paper, ScrollArea, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  boardDropPlacement,
  keyboardOver,
  keyboardStart,
  keyboardStep,
  pointerDropPlacement,
  type BoardKeyboardTarget,
  type StageBoardColumn,
  type StageBoardData,
} from '../lib/stage-board-model.ts';
import { toastError, toastSuccess } from '../lib/toasts.ts';

/** Cards rendered above and below the visible window of a column. */
const OVERSCAN = 4;
const COLUMN_PREFIX = 'column:';

export type BoardCardBase = { id: string; name: string };

/**
 * The pointer drops on a column, never on a card: the column under the pointer, else the one the
 * dragged card overlaps most (the pointer in the gap between two columns). Where in the column
 * it lands follows the pointer (pointerDropPlacement), not which card's corner is nearest — a
 * card dropped on the left of a column lands in that column, not the one before it.
 */
const columnUnderPointer: CollisionDetection = (args) => {
  const columns = { ...args, droppableContainers: args.droppableContainers.filter((c) => String(c.id).startsWith(COLUMN_PREFIX)) };
  const under = pointerWithin(columns);
  return under.length > 0 ? under : rectIntersection(columns);
};

/** The y of the pointer (or touch) when a drag ends: where it started plus how far it moved. */
function pointerYOf(event: Event | null, deltaY: number): number | null {
  if (!event) return null;
  if ('clientY' in event && typeof event.clientY === 'number') return event.clientY + deltaY;
  const touch = (event as TouchEvent).touches?.[0] ?? (event as TouchEvent).changedTouches?.[0];
  return touch ? touch.clientY + deltaY : null;
}

/** The middles (y) of a column's cards as laid out now, top to bottom. */
function cardMiddlesIn(statusId: string): Array<{ id: string; middle: number }> {
  const column = document.querySelector(`[data-board-status="${window.CSS.escape(statusId)}"]`);
  if (!column) return [];
  return Array.from(column.querySelectorAll<HTMLElement>('[data-card-id]')).map((element) => {
    const rect = element.getBoundingClientRect();
    return { id: element.dataset.cardId ?? '', middle: rect.top + rect.height / 2 };
  });
}

type DropTarget = { type: 'column'; statusId: string } | { type: 'card'; cardId: string };
const ARROWS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'] as const;
const isArrow = (key: string): key is (typeof ARROWS)[number] => (ARROWS as readonly string[]).includes(key);

/**
 * The keyboard path of the board, for the cards: which card is lifted, which column it would go
 * to, the handle's keys, and which card's handle takes the focus back after a drop.
 */
type BoardKeyboard = {
  liftedId: string | null;
  targetStatusId: string | null;
  focus: { cardId: string; statusId: string } | null;
  onKeyDown: (cardId: string, event: KeyboardEvent<HTMLElement>) => void;
  onBlur: (cardId: string) => void;
  onFocused: () => void;
};

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

/**
 * Columns per stage; cards move by drag and drop (pointer or keyboard), virtualised per column.
 * The pointer path is dnd-kit's; the keyboard path works from the column order, not from where
 * things are on screen (columns are virtualised, so geometry would pick the wrong target).
 */
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
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  // A card lifted with the keyboard (space or enter on its handle) and where it would go.
  const [lifted, setLifted] = useState<{ cardId: string; target: BoardKeyboardTarget } | null>(null);
  const liftedRef = useRef(lifted);
  useLayoutEffect(() => {
    liftedRef.current = lifted;
  });
  const [announcement, setAnnouncement] = useState('');
  // Where the pointer was let go, in the viewport, caught before dnd-kit's own pointerup handling:
  // the drop goes to the column under it as the columns stand at that moment. dnd-kit's `over`
  // comes from its last collision check, which a busy page may not have run for the last moves.
  const releaseRef = useRef<{ x: number; y: number } | null>(null);
  const columnsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!active) return;
    releaseRef.current = null;
    const onRelease = (event: PointerEvent) => {
      releaseRef.current = { x: event.clientX, y: event.clientY };
    };
    window.addEventListener('pointerup', onRelease, { capture: true });
    return () => window.removeEventListener('pointerup', onRelease, { capture: true });
  }, [active]);
  const [focus, setFocus] = useState<BoardKeyboard['focus']>(null);

  const cardById = (id: UniqueIdentifier) => {
    for (const column of board.columns) {
      const card = column.cards.find((c) => c.id === id);
      if (card) return { card, column };
    }
    return null;
  };
  const describeTarget = (over: DropTarget) =>
    over.type === 'column' ? describe(`${COLUMN_PREFIX}${over.statusId}`) : describe(over.cardId);
  const describe = (id: UniqueIdentifier | undefined) => {
    if (id === undefined) return 'nowhere';
    const text = String(id);
    if (text.startsWith(COLUMN_PREFIX))
      return `the end of ${board.columns.find((c) => c.status.id === text.slice(COLUMN_PREFIX.length))?.status.name ?? 'a column'}`;
    const found = cardById(id);
    return found ? `${found.card.name} in ${found.column.status.name}` : 'a card';
  };
  const nameOf = (id: UniqueIdentifier) => cardById(id)?.card.name ?? `The ${noun.one}`;
  /** The column a pointer drop lands in: the one under the release point, else dnd-kit's. */
  const droppedOnColumn = (over: { id: UniqueIdentifier } | null): string | null => {
    const release = releaseRef.current;
    if (release) {
      for (const element of columnsRef.current?.querySelectorAll<HTMLElement>('[data-status-id]') ?? []) {
        const r = element.getBoundingClientRect();
        if (release.x >= r.left && release.x <= r.right && release.y >= r.top && release.y <= r.bottom)
          return element.dataset.statusId ?? null;
      }
    }
    const overId = over ? String(over.id) : '';
    return overId.startsWith(COLUMN_PREFIX) ? overId.slice(COLUMN_PREFIX.length) : null;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up ${nameOf(a.id)}.`,
    onDragOver: ({ active: a, over }) => (over ? `${nameOf(a.id)} is over ${describe(over.id)}.` : undefined),
    onDragEnd: ({ active: a, over }) => {
      const statusId = droppedOnColumn(over);
      return statusId ? `${nameOf(a.id)} was dropped on ${describe(`${COLUMN_PREFIX}${statusId}`)}.` : `${nameOf(a.id)} was dropped.`;
    },
    onDragCancel: ({ active: a }) => `Moving ${nameOf(a.id)} was cancelled.`,
  };
  const instructions = `To move a ${noun.one}, press space or enter on its move handle, use the left and right arrow keys to choose another column (its end) and the up and down arrow keys to choose a place in the column, then press space or enter to drop it, or escape to cancel.`;

  /** The drop of a card on a column or a card — the same for the pointer and the keyboard. */
  const dropOn = (cardId: string, over: DropTarget) => {
    const found = cardById(cardId);
    if (!found) return false;
    const placement = boardDropPlacement(board, found.card.id, over);
    if (!placement) return false;
    const target = board.columns.find((c) => c.status.id === placement.statusId);
    if (!target) return false;
    onMove({ card: found.card, from: found.column, to: target, statusId: placement.statusId, beforeId: placement.beforeId });
    return true;
  };

  const handleDragStart = ({ active: a }: DragStartEvent) => {
    if (liftedRef.current) cancelLift();
    setFocus(null);
    setFrozen(liveBoard);
    setActive(cardById(a.id)?.card ?? null);
  };

  const handleDragEnd = ({ active: a, over, activatorEvent, delta }: DragEndEvent) => {
    setActive(null);
    setFrozen(null);
    const statusId = droppedOnColumn(over);
    if (!statusId) return;
    const found = cardById(a.id);
    const target = board.columns.find((c) => c.status.id === statusId);
    const pointerY = releaseRef.current?.y ?? pointerYOf(activatorEvent, delta.y);
    if (!found || !target) return;
    const placement =
      pointerY === null
        ? boardDropPlacement(board, found.card.id, { type: 'column', statusId })
        : pointerDropPlacement(board, found.card.id, statusId, pointerY, cardMiddlesIn(statusId));
    if (!placement) return;
    onMove({ card: found.card, from: found.column, to: target, statusId: placement.statusId, beforeId: placement.beforeId });
  };

  const announceTarget = (cardId: string, target: BoardKeyboardTarget) => {
    const over = keyboardOver(board, cardId, target);
    setAnnouncement(over ? `${nameOf(cardId)} is over ${describeTarget(over)}.` : `${nameOf(cardId)} is back in its place.`);
  };
  const cancelLift = () => {
    const current = liftedRef.current;
    if (!current) return;
    liftedRef.current = null;
    setLifted(null);
    setFrozen(null);
    setAnnouncement(`Moving ${nameOf(current.cardId)} was cancelled.`);
  };
  const keyboard: BoardKeyboard = {
    liftedId: lifted?.cardId ?? null,
    targetStatusId: lifted?.target.statusId ?? null,
    focus,
    onKeyDown: (cardId, event) => {
      const current = liftedRef.current;
      const { key } = event;
      if (!current) {
        if (key !== ' ' && key !== 'Enter') return;
        event.preventDefault();
        const start = keyboardStart(liveBoard, cardId);
        if (!start) return;
        const next = { cardId, target: start };
        liftedRef.current = next;
        setFocus(null);
        setFrozen(liveBoard);
        setLifted(next);
        setAnnouncement(`Picked up ${nameOf(cardId)}.`);
        return;
      }
      if (current.cardId !== cardId) return;
      if (key === 'Escape') {
        event.preventDefault();
        cancelLift();
      } else if (key === ' ' || key === 'Enter') {
        event.preventDefault();
        const over = keyboardOver(board, cardId, current.target);
        liftedRef.current = null;
        setLifted(null);
        setFrozen(null);
        setAnnouncement(over ? `${nameOf(cardId)} was dropped on ${describeTarget(over)}.` : `${nameOf(cardId)} was dropped.`);
        if (over && dropOn(cardId, over)) {
          const statusId = over.type === 'column' ? over.statusId : cardById(over.cardId)?.column.status.id;
          if (statusId) setFocus({ cardId, statusId });
        }
      } else if (isArrow(key)) {
        event.preventDefault();
        const next = { cardId, target: keyboardStep(board, cardId, current.target, key) };
        liftedRef.current = next;
        setLifted(next);
        announceTarget(cardId, next.target);
      }
    },
    onBlur: (cardId) => {
      if (liftedRef.current?.cardId === cardId) cancelLift();
    },
    onFocused: () => setFocus(null),
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={columnUnderPointer}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setActive(null);
        setFrozen(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <ScrollArea type="auto" offsetScrollbars>
        {/* Every column is as tall as the tallest: a card dropped anywhere down a column lands in it. */}
        <Group ref={columnsRef} align="stretch" wrap="nowrap" gap="sm" pb="sm" role="list" aria-label={label}>
          {board.columns.map((column) => (
            <BoardColumnView
              key={column.status.id}
              column={column}
              canManage={canManage}
              noun={noun}
              cardEstimate={cardEstimate}
              renderCard={renderCard}
              onOpen={onOpen}
              keyboard={keyboard}
            />
          ))}
        </Group>
      </ScrollArea>
      <DragOverlay>{active ? renderCard(active, null) : null}</DragOverlay>
      <VisuallyHidden role="status" aria-live="assertive" aria-atomic="true" data-testid="board-announcement">
        {announcement}
      </VisuallyHidden>
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
  keyboard,
}: {
  column: StageBoardColumn<C>;
  canManage: boolean;
  noun: { one: string; many: string };
  cardEstimate: number;
  renderCard: (card: C, handle: ReactNode) => ReactNode;
  onOpen: (id: string) => void;
  keyboard: BoardKeyboard;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnRef = useRef<HTMLDivElement>(null);
  const isKeyboardTarget = keyboard.targetStatusId === column.status.id;
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
  const focusId = keyboard.focus?.statusId === column.status.id ? keyboard.focus.cardId : null;
  const focusIndex = focusId === null ? -1 : column.cards.findIndex((c) => c.id === focusId);
  const focusRendered = items.some((item) => item.index === focusIndex);

  // The column a lifted card would go to comes into view.
  useEffect(() => {
    if (isKeyboardTarget) columnRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [isKeyboardTarget]);
  // A card dropped with the keyboard keeps the focus: its column scrolls to it if it is out of view.
  useEffect(() => {
    if (focusIndex !== -1 && !focusRendered) virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
  }, [focusIndex, focusRendered, virtualizer]);

  return (
    <Paper
      ref={(node: HTMLDivElement | null) => {
        columnRef.current = node;
        setNodeRef(node);
      }}
      data-board-status={column.status.id}
      role="listitem"
      withBorder
      radius="md"
      p="xs"
      w={280}
      miw={280}
      bg={isOver || isKeyboardTarget ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-default-hover)'}
      aria-labelledby={headingId}
      data-testid="board-column"
      data-status-id={column.status.id}
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
          <div style={{ height: virtualizer.getTotalSize(), minHeight: 80, position: 'relative' }}>
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
                    <SortableCard
                      card={card}
                      canManage={canManage}
                      renderCard={renderCard}
                      onOpen={onOpen}
                      keyboard={keyboard}
                      wantsFocus={focusId === card.id}
                    />
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
  keyboard,
  wantsFocus,
}: {
  card: C;
  canManage: boolean;
  renderCard: (card: C, handle: ReactNode) => ReactNode;
  onOpen: (id: string) => void;
  keyboard: BoardKeyboard;
  wantsFocus: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    disabled: !canManage,
  });
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const lifted = keyboard.liftedId === card.id;
  const { onFocused } = keyboard;
  useEffect(() => {
    if (!wantsFocus || !handleRef.current) return;
    handleRef.current.focus();
    onFocused();
  }, [wantsFocus, onFocused]);
  const handle = canManage ? (
    <ActionIcon
      ref={(node: HTMLButtonElement | null) => {
        handleRef.current = node;
        setActivatorNodeRef(node);
      }}
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={`Move ${card.name}`}
      style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
      {...attributes}
      aria-pressed={isDragging || lifted}
      {...listeners}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => keyboard.onKeyDown(card.id, event)}
      // Space activates a button on key up: the lift or drop must not also open the card.
      onKeyUp={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === ' ') event.preventDefault();
      }}
      onBlur={() => keyboard.onBlur(card.id)}
    >
      <IconGripVertical size={16} aria-hidden />
    </ActionIcon>
  ) : null;
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging || lifted ? 0.4 : 1 }}
      onClick={() => onOpen(card.id)}
      data-card-id={card.id}
      data-testid="board-card"
    >
      {renderCard(card, handle)}
    </div>
  );
}
