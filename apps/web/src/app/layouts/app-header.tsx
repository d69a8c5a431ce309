import { Anchor, Burger, Group } from '@mantine/core';
import { PRODUCT_NAME } from '@hireloop/contract/constants';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { OrganisationSwitcher } from '../../features/organisations/components/organisation-switcher.tsx';
import { useAuth, hasTeam } from '../../features/session/auth-store.ts';
import { UserMenu } from './user-menu.tsx';

type AppHeaderProps = { navigationOpened: boolean; onToggleNavigation: () => void };

/**
 * Shared by the main and the settings layouts. On a narrow screen the navigation moves behind the
 * burger, the product name gives way and the organisation name shortens, so the bell and the
 * account menu always stay on screen.
 */
export function AppHeader({ navigationOpened, onToggleNavigation }: AppHeaderProps) {
  const auth = useAuth();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 auto' }}>
        <Burger
          opened={navigationOpened}
          onClick={onToggleNavigation}
          hiddenFrom="sm"
          size="sm"
          aria-label={navigationOpened ? 'Close navigation' : 'Open navigation'}
          aria-controls="app-navigation"
          aria-expanded={navigationOpened}
        />
        <Anchor component={Link} to="/dashboard" fw={800} fz="lg" underline="never" c="var(--mantine-color-text)" visibleFrom="xs">
          {PRODUCT_NAME}
        </Anchor>
        <OrganisationSwitcher />
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
        {hasTeam(auth) ? <NotificationBell /> : null}
        <UserMenu />
      </Group>
    </Group>
  );
}
