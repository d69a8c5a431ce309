import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  /** What is being confirmed; null keeps the modal closed. */
  subject: { title: string; message: string; confirmLabel: string } | null;
  loading: boolean;
  /** The server's refusal, shown in the modal; the confirm button stays off while it shows. */
  error?: { title: string; message: string } | null;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something that cannot be undone (delete, revoke, leave). */
export function ConfirmModal({ subject, loading, error = null, onConfirm, onClose }: Props) {
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
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} disabled={error !== null}>
            {subject?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
