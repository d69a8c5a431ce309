import { EmptyState, Stack, Title } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function JobsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Job roles</Title>
      <EmptyState
        icon={<IconBriefcase size={28} aria-hidden />}
        withIndicatorBackground
        title="Job roles are coming"
        description="Every job role of your organisation will be listed here, with its team, experience level, location and status."
      />
    </Stack>
  );
}
