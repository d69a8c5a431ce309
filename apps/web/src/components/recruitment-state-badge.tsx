import { Badge } from '@mantine/core';
import { RECRUITMENT_STATE_LABELS, type RecruitmentState } from '@hireloop/contract/recruitments';

const COLOURS: Record<RecruitmentState, string> = { open: 'teal', on_hold: 'yellow', closed: 'gray' };

/** Open, on hold or closed: a coloured dot beside body-coloured text, which keeps 4.5:1 on any row background. */
export function RecruitmentStateBadge({ state }: { state: RecruitmentState }) {
  return (
    <Badge variant="dot" color={COLOURS[state]} style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
      {RECRUITMENT_STATE_LABELS[state]}
    </Badge>
  );
}
