import { useState } from 'react';
import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ApplicationDetail } from '@hireloop/contract/candidates';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastPromise } from '../../../../lib/toasts.ts';
import { useEraseCandidate } from '../api.ts';

type Props = { application: ApplicationDetail; opened: boolean; onClose: () => void; onErased: () => void };

/** GDPR erasure, confirmed by typing the person's name: it cannot be undone. */
export function EraseModal({ application, opened, onClose, onErased }: Props) {
  const erase = useEraseCandidate(application);
  const [typed, setTyped] = useState('');
  const name = application.candidate.name;
  const confirmed = typed.trim().toLowerCase() === name.trim().toLowerCase();

  function close() {
    setTyped('');
    onClose();
  }

  async function submit() {
    if (!confirmed) return;
    try {
      await toastPromise(erase.mutateAsync(), { loading: 'Erasing personal data…', success: `${name}’s personal data was erased.` });
      setTyped('');
      onErased();
    } catch {
      // The toast says why; the modal stays open.
    }
  }
  const erasing = useSubmitOnce(submit, erase.isPending);

  return (
    <Modal opened={opened} onClose={close} title="Erase personal data" closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        <Alert color="red" variant="light" title="This cannot be undone">
          <Text size="sm">Erasing {name} (a GDPR erasure request) removes, in every recruitment:</Text>
          <List size="sm" mt={4}>
            <List.Item>their name, contact details, links and consent record,</List.Item>
            <List.Item>their résumé and other files,</List.Item>
            <List.Item>the notes written about them.</List.Item>
          </List>
          <Text size="sm" mt={4}>
            Their applications stay, anonymous, so the recruitment analytics still add up.
          </Text>
        </Alert>
        <TextInput
          label={`Type “${name}” to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={erasing.busy}>
            Cancel
          </Button>
          <Button color="red.9" onClick={() => void erasing.run()} loading={erasing.busy} disabled={!confirmed}>
            Erase personal data
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
