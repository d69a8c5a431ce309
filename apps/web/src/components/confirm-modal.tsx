import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSubmitOnce } from '../lib/submit-once.ts';
import { describeError } from '../lib/toasts.ts';

type Props = {
  /** What is being confirmed; null keeps the modal closed. */
  subject: { title: string; message: string; confirmLabel: string } | null;
  /**
   * The action. The modal closes (through onClose) when it resolves; when it rejects the modal stays
   * open with the server's message. Runs once however often confirm is clicked or Enter pressed.
   */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Title of the alert shown when the action fails, e.g. "The role was not deleted". */
  failedTitle?: string;
  /** The same mutation running from elsewhere: confirm waits for it too. */
  pending?: boolean;
};

/**
 * The confirm button's behaviour, shared by every confirmation: runs the action once (useSubmitOnce),
 * closes when it succeeds, keeps the server's message when it fails, and refuses to close meanwhile.
 */
export function useConfirmAction(onConfirm: () => Promise<unknown>, onClose: () => void, pending: boolean) {
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = useSubmitOnce(async () => {
    setFailure(null);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(describeError(error).message);
      return;
    }
    onClose();
  }, pending);
  const close = () => {
    if (confirm.busy) return;
    setFailure(null);
    onClose();
  };
  return { confirm, failure, close };
}

/**
 * Asks before something that cannot be undone (delete, revoke, leave). While the action is in flight
 * confirm shows a spinner and ignores further clicks and Enter, and Cancel, Escape and the close
 * button do nothing, so the person sees how it ended.
 */
export function ConfirmModal({ subject, onConfirm, onClose, failedTitle = 'That did not work', pending = false }: Props) {
  const { confirm, failure, close } = useConfirmAction(onConfirm, onClose, pending);
  return (
    <Modal
      opened={subject !== null}
      onClose={close}
      title={subject?.title}
      closeOnEscape={!confirm.busy}
      closeOnClickOutside={!confirm.busy}
      closeButtonProps={{ 'aria-label': 'Close', disabled: confirm.busy }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{subject?.message}</Text>
        {failure !== null ? (
          <Alert color="red" variant="light" title={failedTitle} role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={confirm.busy}>
            Cancel
          </Button>
          <Button color="red" data-autofocus onClick={() => void confirm.run()} loading={confirm.busy} disabled={failure !== null}>
            {subject?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
