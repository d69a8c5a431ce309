import { EmptyState, Stack, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function WebsiteDashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Website</Title>
      <EmptyState
        icon={<IconWorld size={28} aria-hidden />}
        withIndicatorBackground
        title="Your careers website is coming"
        description="Your careers site, its published job roles and the applications it brings in will be managed here, as part of the Website product."
      />
    </Stack>
  );
}
