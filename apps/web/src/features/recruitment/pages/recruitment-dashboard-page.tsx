import { EmptyState, Stack, Title } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function RecruitmentDashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Recruitment</Title>
      <EmptyState
        icon={<IconUserSearch size={28} aria-hidden />}
        withIndicatorBackground
        title="No recruitments yet"
        description="Your hiring campaigns will be listed here with their pipelines, candidate counts and time to hire."
      />
    </Stack>
  );
}
