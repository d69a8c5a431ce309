import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { authStore } from '../../session/auth-store.ts';
import { useSessionActions } from '../../session/session-actions.ts';
import { Section } from '../shared/section.tsx';
import { useDeleteOrganisation } from './api.ts';

/** Owner only: delete the organisation and all its data, after typing its name. */
export function DangerZone({ organisationName }: { organisationName: string }) {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteOrganisation();
  const { refresh } = useSessionActions();
  const navigate = useNavigate();

  async function confirm() {
    setError(null);
    try {
      await remove.mutateAsync(typed);
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.errors?.confirm_name?.[0] : undefined;
      if (message) setError(message);
      else toastError(caught);
      return;
    }
    toastSuccess(`${organisationName} and all its data are deleted.`);
    try {
      await refresh();
    } catch {
      // Deleted either way; a full load starts the session over.
      window.location.assign('/settings/my-organisations');
      return;
    }
    await navigate(authStore.getState().organisations.length > 0 ? '/settings/my-organisations' : '/get-started', { replace: true });
  }

  // Enter and the button share one run; it lasts until the session is read again and the page left.
  const deleting = useSubmitOnce(confirm, remove.isPending);

  function close() {
    if (deleting.busy) return;
    setOpened(false);
    setTyped('');
    setError(null);
  }

  return (
    <Section id="organisation-danger" title="Danger zone" tone="danger">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <div>
          <Text fw={600}>Delete this organisation</Text>
          <Text size="sm" c="dimmed" maw={560}>
            Removes the organisation and everything in it for every member: recruitments, candidates, settings, API keys and its audit log.
            This cannot be undone.
          </Text>
        </div>
        <Button color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setOpened(true)}>
          Delete organisation
        </Button>
      </Group>
      <Modal opened={opened} onClose={close} title={`Delete ${organisationName}?`} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void deleting.run();
          }}
          noValidate
        >
          <Stack gap="md">
            <Text size="sm">Everything in {organisationName} is deleted for all its members at once. This cannot be undone.</Text>
            <TextInput
              label={`Type ${organisationName} to confirm`}
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close} disabled={deleting.busy}>
                Cancel
              </Button>
              <Button type="submit" color="red.8" loading={deleting.busy} disabled={typed !== organisationName}>
                Delete organisation
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}
