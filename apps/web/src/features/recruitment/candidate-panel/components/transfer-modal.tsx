import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { ApplicationDetail } from '@hireloop/contract/candidates';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastPromise } from '../../../../lib/toasts.ts';
import { useOpenRecruitments, useTransferApplication } from '../api.ts';

type Props = {
  application: ApplicationDetail;
  opened: boolean;
  onClose: () => void;
  /** Where the application went, so the page can follow it. */
  onTransferred: (recruitmentId: string) => void;
};

/** Moves the application to another open recruitment (its first stage). */
export function TransferModal({ application, opened, onClose, onTransferred }: Props) {
  const recruitments = useOpenRecruitments(opened);
  const transfer = useTransferApplication(application);
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = (recruitments.data ?? []).filter((r) => r.id !== application.recruitment_id).map((r) => ({ value: r.id, label: r.name }));

  function close() {
    setTarget(null);
    setError(null);
    onClose();
  }

  async function submit() {
    if (target === null) return setError('Choose a recruitment.');
    const name = options.find((o) => o.value === target)?.label ?? 'the recruitment';
    try {
      await toastPromise(transfer.mutateAsync(target), { loading: 'Moving…', success: `${application.candidate.name} moved to ${name}.` });
      setTarget(null);
      onTransferred(target);
    } catch (e) {
      setError(e instanceof ApiError ? (e.errors?.recruitment_id?.[0] ?? e.message) : null);
    }
  }
  const moving = useSubmitOnce(submit, transfer.isPending);

  return (
    <Modal opened={opened} onClose={close} title="Move to another recruitment" closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <Stack gap="md">
        <Text size="sm">
          The candidate leaves {application.recruitment.name} and starts in the first stage of the recruitment you choose.
        </Text>
        <Select
          label="Recruitment"
          placeholder={recruitments.isPending ? 'Loading…' : 'Choose an open recruitment'}
          data={options}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError(null);
          }}
          nothingFoundMessage="No other open recruitment"
          searchable
          error={error}
          comboboxProps={{ withinPortal: false }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={moving.busy}>
            Cancel
          </Button>
          <Button onClick={() => void moving.run()} loading={moving.busy}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
