import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  /** What is being confirmed; null keeps the modal closed. */
  subject: { title: string; message: string; confirmLabel: string } | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something that cannot be undone (delete, revoke). */
export function ConfirmModal({ subject, loading, onConfirm, onClose }: Props) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={subject?.title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        <Text size="sm">{subject?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {subject?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
