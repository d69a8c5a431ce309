import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useAuth } from '../../session/auth-store.ts';
import { useSessionActions } from '../../session/session-actions.ts';
import { roleLabel } from '../../session/role-label.ts';

export const CREATE_ORGANISATION_PATH = '/get-started?new=1';

/** Lists the user's organisations, marks the current one, switches on click (PUT auth/current-organisation). */
export function OrganisationSwitcher() {
  const { organisations, currentOrganisation } = useAuth();
  const { switchOrganisation } = useSessionActions();
  const navigate = useNavigate();

  if (!currentOrganisation) {
    return (
      <Button component={Link} to={CREATE_ORGANISATION_PATH} variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
        Create organisation
      </Button>
    );
  }

  async function choose(id: string, name: string) {
    if (id === currentOrganisation?.id) return;
    try {
      await switchOrganisation(id);
      // Whatever page was open belonged to the previous organisation.
      await navigate('/dashboard');
      toastSuccess(`Switched to ${name}`);
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Menu position="bottom-start" width={280} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          rightSection={<IconChevronDown size={16} aria-hidden />}
          aria-label={`Organisation: ${currentOrganisation.name}. Switch organisation`}
          maw={260}
          miw={0}
          // The name shortens (with an ellipsis) before the header runs out of room.
          styles={{ inner: { minWidth: 0 }, label: { minWidth: 0, overflow: 'hidden' } }}
        >
          <Text span truncate fw={600} size="sm">
            {currentOrganisation.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your organisations</Menu.Label>
        {organisations.map((organisation) => {
          const current = organisation.id === currentOrganisation.id;
          return (
            <Menu.Item
              key={organisation.id}
              onClick={() => void choose(organisation.id, organisation.name)}
              leftSection={current ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
              rightSection={
                <Text size="xs" c="dimmed">
                  {roleLabel(organisation.role)}
                </Text>
              }
              aria-current={current ? 'true' : undefined}
            >
              {organisation.name}
              {current ? <VisuallyHidden> (current)</VisuallyHidden> : null}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item component={Link} to={CREATE_ORGANISATION_PATH} leftSection={<IconPlus size={16} aria-hidden />}>
          Create organisation
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
