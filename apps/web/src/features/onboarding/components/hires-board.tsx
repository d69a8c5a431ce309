import { Anchor, Avatar, Group, Paper, Stack, Text } from '@mantine/core';
import { ONBOARDING_TEXTS, type HireCard } from '@hireloop/contract/onboarding';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { StageBoard, moveFeedback } from '../../../components/stage-board.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useMoveHire, type HireBoard } from '../api.ts';
import { OverdueBadge } from './hires-table.tsx';
import { initials } from '@hireloop/contract/initials';

type Props = {
  onboardingId: string;
  board: HireBoard;
  canManage: boolean;
  linkOf: (hireId: string) => string;
  onOpen: (hireId: string) => void;
  onConflict: () => void;
};

/** The hires of a role by onboarding stage; cards move by drag and drop (pointer or keyboard), optimistically. */
export function HiresBoard({ onboardingId, board, canManage, linkOf, onOpen, onConflict }: Props) {
  const move = useMoveHire(onboardingId);
  return (
    <StageBoard<HireCard>
      board={board}
      canManage={canManage}
      label="Onboarding board"
      noun={{ one: 'hire', many: 'hires' }}
      cardEstimate={96}
      renderCard={(card, handle) => <HireCardBody card={card} linkOf={linkOf} handle={handle} />}
      onOpen={onOpen}
      onMove={(moved) => {
        const { card, statusId, beforeId } = moved;
        // submit-once: exempt — a drop, not a click: the card moves at once and each drop is its own move (versioned)
        move.mutate(
          { hireId: card.id, stageId: statusId, beforeId, version: card.version },
          moveFeedback(moved, ONBOARDING_TEXTS.concurrentMove, onConflict),
        );
      }}
    />
  );
}

function HireCardBody({ card, linkOf, handle }: { card: HireCard; linkOf: (id: string) => string; handle: ReactNode }) {
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
          <Text size="xs" c="dimmed">
            {card.start_date ? `Starts ${formatDay(card.start_date)}` : 'No start date'}
          </Text>
          <Text size="xs" aria-label={`${card.tasks_done} of ${card.tasks_total} tasks done`}>
            {card.tasks_done}/{card.tasks_total} tasks
          </Text>
        </Group>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          {card.buddy ? (
            <Group gap={4} wrap="nowrap">
              <Avatar size={18} color="dark" variant="filled" aria-hidden>
                {initials(card.buddy.name)}
              </Avatar>
              <Text size="xs" lineClamp={1}>
                Buddy: {card.buddy.name}
              </Text>
            </Group>
          ) : (
            <span />
          )}
          <OverdueBadge count={card.overdue} />
        </Group>
      </Stack>
    </Paper>
  );
}
