import { EmptyState, Stack, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function RecruitmentAnalyticsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Analytics</Title>
      <EmptyState
        icon={<IconChartBar size={28} aria-hidden />}
        withIndicatorBackground
        title="Analytics are coming"
        description="This recruitment’s metrics will be shown here: candidates per stage, conversion between stages and time in each stage."
      />
    </Stack>
  );
}
