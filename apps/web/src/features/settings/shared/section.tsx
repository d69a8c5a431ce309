import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeError } from '../../../lib/toasts.ts';

type SectionProps = { id: string; title: string; description?: ReactNode; children: ReactNode; tone?: 'danger' };

/** One titled card of a settings page; its heading names the region. */
export function Section({ id, title, description, children, tone }: SectionProps) {
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      component="section"
      aria-labelledby={id}
      style={tone === 'danger' ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** While a section's data loads. */
export function SectionSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={34} radius="sm" />
      ))}
    </Stack>
  );
}

/** A section whose data could not be loaded, with a way to try again. */
export function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} title="Could not load this">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{describeError(error).message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
