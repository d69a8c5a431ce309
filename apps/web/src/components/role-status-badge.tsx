import { Badge } from '@mantine/core';
import type { RoleStatus } from '@hireloop/contract/roles';
import { STATUS_COLOURS, STATUS_LABELS } from '../role-form.ts';

export function RoleStatusBadge({ status }: { status: RoleStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="filled">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
