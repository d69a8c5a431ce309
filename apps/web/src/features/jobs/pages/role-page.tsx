import { EmptyState, Stack, Title } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function RolePage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Role</Title>
      <EmptyState
        icon={<IconBriefcase size={28} aria-hidden />}
        withIndicatorBackground
        title="Role details are coming"
        description="This job role’s description, salary range, publishing status and recruitments will be shown here."
      />
    </Stack>
  );
}
