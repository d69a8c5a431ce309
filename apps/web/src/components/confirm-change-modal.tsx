import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type Props = {
  opened: boolean;
  title: string;
  lines: string[];
  confirmLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Every billing change is confirmed first: it changes what the organisation pays. */
export function ConfirmChangeModal({ opened, title, lines, confirmLabel, loading, onConfirm, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
