import { EmptyState, Stack, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function TeamPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Team</Title>
      <EmptyState
        icon={<IconUsersGroup size={28} aria-hidden />}
        withIndicatorBackground
        title="Team details are coming"
        description="This team’s job roles, hiring team and recent recruitment activity will be shown here."
      />
    </Stack>
  );
}
