import { Box, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { StageCount } from '@hireloop/contract/recruitments';

/** A stage as the bar needs it: recruitment statuses and onboarding stages both fit. */
type BarStatus = { id: string; name: string; colour: string; category: string };

type StageBarProps = {
  counts: StageCount[];
  /** The pipeline, in order; counts of unknown statuses are shown last as "Other". */
  statuses: readonly BarStatus[] | undefined;
  /** What is counted (plural, lower case): "active candidates" unless told otherwise. */
  noun?: { empty: string; perStage: string };
};

const CANDIDATES = { empty: 'No active candidates', perStage: 'Candidates per stage' };

export type StageSegment = { id: string; name: string; colour: string; count: number };

/** Pipeline order, with names and colours; empty stages kept (they are part of the text). */
export function stageSegments(counts: StageCount[], statuses: readonly BarStatus[] | undefined): StageSegment[] {
  const byId = new Map(counts.map((c) => [c.status_id, c.count]));
  const known = (statuses ?? []).filter((s) => s.category !== 'rejected' || byId.has(s.id));
  const segments: StageSegment[] = known.map((s) => ({ id: s.id, name: s.name, colour: s.colour, count: byId.get(s.id) ?? 0 }));
  const knownIds = new Set(known.map((s) => s.id));
  const other = counts.filter((c) => !knownIds.has(c.status_id)).reduce((sum, c) => sum + c.count, 0);
  if (other > 0) segments.push({ id: 'other', name: 'Other', colour: '#868e96', count: other });
  return segments;
}

export function describeStages(segments: StageSegment[]): string {
  return segments.map((s) => `${s.name}: ${s.count}`).join(', ');
}

/** A compact bar of candidates per stage, coloured by the stage's colour, with the numbers as text for assistive tech. */
export function StageBar({ counts, statuses, noun = CANDIDATES }: StageBarProps) {
  const segments = stageSegments(counts, statuses);
  const total = segments.reduce((sum, s) => sum + s.count, 0);
  const text = describeStages(segments);
  return (
    <Box miw={140}>
      <Group
        gap={2}
        wrap="nowrap"
        aria-hidden
        style={{ height: 8, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-default-border)' }}
      >
        {total > 0
          ? segments
              .filter((s) => s.count > 0)
              .map((s) => (
                <Tooltip key={s.id} label={`${s.name}: ${s.count}`} withArrow>
                  <Box style={{ flexGrow: s.count, flexBasis: 0, height: '100%', background: s.colour }} />
                </Tooltip>
              ))
          : null}
      </Group>
      <Text size="xs" c="dimmed" mt={2} aria-hidden>
        {total === 0
          ? noun.empty
          : segments
              .filter((s) => s.count > 0)
              .map((s) => `${s.name} ${s.count}`)
              .join(' · ')}
      </Text>
      <VisuallyHidden>{total === 0 ? noun.empty : `${noun.perStage}: ${text}`}</VisuallyHidden>
    </Box>
  );
}
