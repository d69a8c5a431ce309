import { EmptyState } from '@mantine/core';
import { IconBuildingOff } from '@tabler/icons-react';

/** Settings pages are reachable without an organisation; these sections then have nothing to show. */
export function NoOrganisation() {
  return (
    <EmptyState
      icon={<IconBuildingOff size={28} aria-hidden />}
      withIndicatorBackground
      title="No organisation selected"
      description="Create or join an organisation to set up its recruitment settings."
    />
  );
}
