import { Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A public link page (no account) while it loads. */
export function PublicPageLoading({ label }: { label: string }) {
  return (
    <Group justify="center" mt="xl">
      <Loader aria-label={label} />
    </Group>
  );
}

/** A public link page that cannot show its content: unknown, expired, failed… (`state` is for tests and styles). */
export function PublicLinkProblem({ state, icon, title, text }: { state: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Card>
      <Stack gap="md" align="flex-start" data-state={state}>
        {icon}
        <Title order={1}>{title}</Title>
        <Text>{text}</Text>
      </Stack>
    </Card>
  );
}

/** A long text kept as written (line breaks shown), on its own card: an offer letter, first-day information. */
export function PublicTextBlock({ text, testId }: { text: string; testId: string }) {
  return (
    <Paper withBorder p="lg" radius="md" bg="var(--mantine-color-body)">
      <Text style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
        {text}
      </Text>
    </Paper>
  );
}
