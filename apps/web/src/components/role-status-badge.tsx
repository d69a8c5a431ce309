import { Badge } from '@mantine/core';
import { ROLE_STATUS_LABELS, type RoleStatus } from '@hireloop/contract/roles';

/** Filled and dark enough for white text at WCAG AA. */
const STATUS_COLOURS: Record<RoleStatus, string> = { draft: 'gray.7', open: 'teal.9', closed: 'red.9' };

export function RoleStatusBadge({ status }: { status: RoleStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="filled">
      {ROLE_STATUS_LABELS[status]}
    </Badge>
  );
}
