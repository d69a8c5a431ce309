import { Alert, Text } from '@mantine/core';
import { salaryRangeWarning, type OfferRole, type SalaryRangeCheck } from '@hireloop/contract/offers';
import { IconAlertTriangle } from '@tabler/icons-react';

/** What follows the warning, by where it is shown. */
const AFTER = {
  form: 'You can still save the offer; its approvers will see this warning too.',
  offer: 'It can still be approved and sent; its approvers see this warning too.',
  approver: 'Check it before you approve.',
} as const;

const readable = { title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } };

/**
 * How the salary compares with the job role's range: a warning when it is below or above it (the
 * offer can still be approved and sent), a note when the offer is in another currency or period.
 * Nothing when it is within the range or the role states none.
 */
export function SalaryRangeNote({
  check,
  role,
  context,
}: {
  check: SalaryRangeCheck | null;
  role: OfferRole;
  /** The form being filled in, a saved offer, or a saved offer awaiting the viewer's approval. */
  context: keyof typeof AFTER;
}) {
  const text = salaryRangeWarning(check, role);
  if (!text) return null;
  if (check === 'not_comparable') {
    return (
      <Text size="sm" c="dimmed" data-testid="salary-range-note">
        {text}
      </Text>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      styles={readable}
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="Outside the role's salary range"
      data-testid="salary-range-warning"
    >
      {text} {AFTER[context]}
    </Alert>
  );
}
