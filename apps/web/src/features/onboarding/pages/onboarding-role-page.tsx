import { EmptyState, Stack, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function OnboardingRolePage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Onboarding</Title>
      <EmptyState
        icon={<IconRocket size={28} aria-hidden />}
        withIndicatorBackground
        title="Onboarding details are coming"
        description="The hires for this role and their onboarding stages and tasks will be shown here."
      />
    </Stack>
  );
}
