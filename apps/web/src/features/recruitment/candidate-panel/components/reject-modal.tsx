import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { REJECTION_REASONS, type ApplicationDetail } from '@hireloop/contract/candidates';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastPromise } from '../../../../lib/toasts.ts';
import { useRejectApplication } from '../api.ts';

type Props = { application: ApplicationDetail; opened: boolean; onClose: () => void };

/** Reject with a reason from the list (or "Other: …" in the reviewer's words) and an optional note. */
export function RejectModal({ application, opened, onClose }: Props) {
  const reject = useRejectApplication(application);
  const [reason, setReason] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; other?: string; note?: string }>({});

  function close() {
    setReason(null);
    setOther('');
    setNote('');
    setErrors({});
    onClose();
  }

  async function submit() {
    if (reason === null) return setErrors({ reason: 'Choose a reason.' });
    if (reason === 'Other' && other.trim() === '') return setErrors({ other: 'Say why in a few words.' });
    const body = { reason: reason === 'Other' ? `Other: ${other.trim()}` : reason, note: note.trim() === '' ? null : note.trim() };
    try {
      await toastPromise(reject.mutateAsync(body), { loading: 'Rejecting…', success: `${application.candidate.name} was rejected.` });
      close();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors({ reason: error.errors.reason?.[0], note: error.errors.note?.[0] });
    }
  }
  const rejecting = useSubmitOnce(submit, reject.isPending);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Reject ${application.candidate.name}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <Stack gap="md">
        <Text size="sm">The candidate leaves the pipeline of {application.recruitment.name}. You can restore them later.</Text>
        <Select
          label="Reason"
          placeholder="Choose a reason"
          data={[...REJECTION_REASONS]}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setErrors({});
          }}
          error={errors.reason}
          required
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        {reason === 'Other' ? (
          <TextInput
            label="Other reason"
            value={other}
            onChange={(e) => setOther(e.currentTarget.value)}
            error={errors.other}
            required
            maxLength={290}
          />
        ) : null}
        <Textarea
          label="Note (optional)"
          description="Saved as a note on the candidate."
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          error={errors.note}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={rejecting.busy}>
            Cancel
          </Button>
          <Button color="red.9" onClick={() => void rejecting.run()} loading={rejecting.busy}>
            Reject
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
