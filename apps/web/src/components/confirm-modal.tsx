import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useSubmitOnce } from '../lib/submit-once.ts';

type Props = {
  /** What is being confirmed; null keeps the modal closed. */
  subject: { title: string; message: string; confirmLabel: string } | null;
  loading: boolean;
  /** The server's refusal, shown in the modal; the confirm button stays off while it shows. */
  error?: { title: string; message: string } | null;
  /** The action; return its promise so that a double click on confirm runs it once (see useSubmitOnce). */
  onConfirm: () => unknown;
  onClose: () => void;
};

/** Asks before something that cannot be undone (delete, revoke, leave). */
export function ConfirmModal({ subject, loading, error = null, onConfirm, onClose }: Props) {
  const confirm = useSubmitOnce(onConfirm, loading);
  return (
    <Modal opened={subject !== null} onClose={onClose} title={subject?.title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        <Text size="sm">{subject?.message}</Text>
        {error ? (
          <Alert color="red" variant="light" title={error.title} role="alert">
            {error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={confirm.busy}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm.run()} loading={confirm.busy} disabled={error !== null}>
            {subject?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
