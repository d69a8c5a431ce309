import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

type StatCardProps = {
  label: string;
  value: string | number | undefined;
  loading: boolean;
  failed: boolean;
  link?: { to: string; label: string };
};

/** One number (members, roles, plan, hiring counts), with where to go next. */
export function StatCard({ label, value, loading, failed, link }: StatCardProps) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {loading ? (
          <Skeleton height={34} width={60} aria-hidden />
        ) : (
          <Text fz={28} fw={700} lh={1.2}>
            {failed || value === undefined ? '—' : value}
          </Text>
        )}
        {failed ? (
          <Text size="xs" c="dimmed">
            Could not be loaded.
          </Text>
        ) : null}
        {link ? (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
