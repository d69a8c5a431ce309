import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconBuildingSkyscraper, IconLogout, IconSettings } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../../features/session/auth-store.ts';
import { useSessionActions } from '../../features/session/session-actions.ts';
import { initials } from '@hireloop/contract/initials';

/** The signed-in user: name, avatar, settings and Log out. */
export function UserMenu() {
  const { user } = useAuth();
  const { logout } = useSessionActions();
  const navigate = useNavigate();
  if (!user) return null;

  async function logOut() {
    await logout();
    await navigate('/login', { replace: true });
  }

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.name}`} style={{ borderRadius: '50%' }}>
          <Avatar src={user.avatar_url} alt="" radius="xl" color="indigo">
            {initials(user.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          {user.email ? (
            <Text size="xs" truncate>
              {user.email}
            </Text>
          ) : null}
        </Menu.Label>
        <Menu.Item component={Link} to="/settings/me" leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/my-organisations" leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}>
          My organisations
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item onClick={() => void logOut()} leftSection={<IconLogout size={16} aria-hidden />}>
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
