import { Alert, Anchor, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates.ts';

const DAY_MS = 86_400_000;

export function daysLeft(endsAt: Date, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
}

/** Shown while the organisation is on trial, i.e. billing.trail_ends_at is not null (docs/product.md §18). */
export function TrialBanner({ trailEndsAt }: { trailEndsAt: string }) {
  const endsAt = new Date(trailEndsAt);
  const left = daysLeft(endsAt);
  return (
    <Alert color="indigo" variant="light" icon={<IconClock size={20} aria-hidden />} title="You are on a free trial">
      <Text size="sm">
        Your trial ends on {formatDate(endsAt)} ({left === 1 ? '1 day' : `${left} days`} left).{' '}
        {/* Body-coloured: primary-on-tinted-background falls below 4.5:1. */}
        <Anchor component={Link} to="/settings/billing" size="sm" underline="always" fw={600} c="var(--mantine-color-text)">
          Choose a plan
        </Anchor>
      </Text>
    </Alert>
  );
}
