import { EmptyState, Stack, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function CandidatesPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Candidates</Title>
      <EmptyState
        icon={<IconUsers size={28} aria-hidden />}
        withIndicatorBackground
        title="No candidates yet"
        description="The candidates of this recruitment will be listed here in a table; opening one shows their profile in a slide-over."
      />
    </Stack>
  );
}
