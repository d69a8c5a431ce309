import { EmptyState, Stack, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function TeamsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Teams</Title>
      <EmptyState
        icon={<IconUsersGroup size={28} aria-hidden />}
        withIndicatorBackground
        title="No teams yet"
        description="The teams and clients you hire for will be listed here, each with its open job roles and hiring team."
      />
    </Stack>
  );
}
