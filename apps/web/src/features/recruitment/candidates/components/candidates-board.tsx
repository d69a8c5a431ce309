import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { CANDIDATE_TEXTS, type BoardCard } from '@hireloop/contract/candidates';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { StageBoard, moveFeedback } from '../../../../components/stage-board.tsx';
import { useMoveApplication } from '../api.ts';
import { daysInStage, type Board } from '../board-model.ts';
import { RatingStars, TagList } from './bits.tsx';

type Props = {
  recruitmentId: string;
  board: Board;
  canManage: boolean;
  linkOf: (applicationId: string) => string;
  onOpen: (applicationId: string) => void;
  onConflict: () => void;
};

/** The pipeline as columns; cards move by drag and drop (pointer or keyboard), optimistically. */
export function CandidatesBoard({ recruitmentId, board, canManage, linkOf, onOpen, onConflict }: Props) {
  const move = useMoveApplication(recruitmentId);
  return (
    <StageBoard<BoardCard>
      board={board}
      canManage={canManage}
      label="Pipeline board"
      noun={{ one: 'candidate', many: 'candidates' }}
      renderCard={(card, handle) => <CardBody card={card} linkOf={linkOf} handle={handle} />}
      onOpen={onOpen}
      onMove={(moved) => {
        const { card, statusId, beforeId } = moved;
        // submit-once: exempt — a drop, not a click: the card moves at once and each drop is its own move (versioned)
        move.mutate(
          { applicationId: card.id, statusId, beforeId, version: card.version },
          moveFeedback(moved, CANDIDATE_TEXTS.concurrentMove, onConflict),
        );
      }}
    />
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
