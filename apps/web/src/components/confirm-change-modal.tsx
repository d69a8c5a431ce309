import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useConfirmAction } from './confirm-modal.tsx';

type Props = {
  opened: boolean;
  title: string;
  lines: string[];
  confirmLabel: string;
  /** The change; the modal closes when it resolves and shows the server's message when it rejects. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The same mutation running from elsewhere: confirm waits for it too. */
  pending?: boolean;
};

/** Every billing change is confirmed first: it changes what the organisation pays. Confirm runs it once. */
export function ConfirmChangeModal({ opened, title, lines, confirmLabel, onConfirm, onClose, pending = false }: Props) {
  const { confirm, failure, close } = useConfirmAction(onConfirm, onClose, pending);
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeOnEscape={!confirm.busy}
      closeOnClickOutside={!confirm.busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: confirm.busy }}
    >
      <Stack gap="md">
        {lines.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
        {failure !== null ? (
          <Alert color="red" variant="light" title="Nothing was changed" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={confirm.busy}>
            Cancel
          </Button>
          <Button data-autofocus onClick={() => void confirm.run()} loading={confirm.busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
