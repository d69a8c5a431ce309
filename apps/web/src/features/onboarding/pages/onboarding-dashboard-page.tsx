import { EmptyState, Stack, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';

/** Empty until the issue that owns this screen: says what will be here, shows no invented data. */
export function OnboardingDashboardPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Onboarding</Title>
      <EmptyState
        icon={<IconRocket size={28} aria-hidden />}
        withIndicatorBackground
        title="No onboardings yet"
        description="New hires and their onboarding checklists will be tracked here, as part of the Onboarding product."
      />
    </Stack>
  );
}
