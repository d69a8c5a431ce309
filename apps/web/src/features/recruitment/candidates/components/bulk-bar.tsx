import { Button, Group, Modal, Paper, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconDownload, IconTag, IconX } from '@tabler/icons-react';
import { REJECTION_REASONS, TAG_MAX, type BulkApplicationsBody } from '@hireloop/contract/candidates';
import type { RecruitmentStatus } from '@hireloop/contract/recruitment-statuses';
import { useState } from 'react';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastPromise } from '../../../../lib/toasts.ts';
import { downloadExport, useBulkApplications } from '../api.ts';
import { useOrganisationId } from '../../../session/auth-store.ts';

type Action = 'move' | 'reject' | 'tag';

type Props = {
  recruitmentId: string;
  ids: string[];
  statuses: readonly RecruitmentStatus[];
  canManage: boolean;
  canExport: boolean;
  onDone: () => void;
};

const plural = (n: number) => (n === 1 ? '1 candidate' : `${n} candidates`);

/** Actions on the selected rows: each asks first, shows loading → success, then clears the selection. */
export function BulkBar({ recruitmentId, ids, statuses, canManage, canExport, onDone }: Props) {
  const organisationId = useOrganisationId();
  const bulk = useBulkApplications(recruitmentId);
  const [action, setAction] = useState<Action | null>(null);
  const [statusId, setStatusId] = useState<string | null>(null);
  const [reason, setReason] = useState<string | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const count = ids.length;

  const close = () => {
    setAction(null);
    setStatusId(null);
    setReason(null);
    setOtherReason('');
    setTags([]);
  };

  const finalReason = reason === 'Other' ? (otherReason.trim() === '' ? null : `Other: ${otherReason.trim()}`) : reason;
  const body: BulkApplicationsBody | null =
    action === 'move' && statusId
      ? { action: 'move', ids, status_id: statusId }
      : action === 'reject' && finalReason
        ? { action: 'reject', ids, reason: finalReason }
        : action === 'tag' && tags.length > 0
          ? { action: 'tag', ids, tags }
          : null;

  const confirming = useSubmitOnce(async () => {
    if (!body) return;
    const done = { move: 'Moved', reject: 'Rejected', tag: 'Tagged' }[body.action as Action];
    try {
      await toastPromise(bulk.mutateAsync(body), {
        loading: `Updating ${plural(count)}…`,
        success: (result) => `${done} ${plural(result.updated)}.`,
      });
      close();
      onDone();
    } catch {
      // The toast said why; the dialog stays open to try again.
    }
  }, bulk.isPending);

  // A download, not a change, but a double click would still fetch the file twice. A failure is in the toast.
  const exporting = useSubmitOnce(async () => {
    await toastPromise(downloadExport(organisationId, recruitmentId, { ids }), {
      loading: `Exporting ${plural(count)}…`,
      success: `Exported ${plural(count)}.`,
    });
    onDone();
  });

  const title = action === 'move' ? `Move ${plural(count)}` : action === 'reject' ? `Reject ${plural(count)}` : `Tag ${plural(count)}`;

  return (
    <>
      <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-blue-light)" role="region" aria-label="Bulk actions">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500} aria-live="polite">
            {count} selected
          </Text>
          <Group gap="xs">
            {canManage ? (
              <>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconArrowRight size={14} aria-hidden />}
                  onClick={() => setAction('move')}
                >
                  Move to stage…
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  color="red"
                  leftSection={<IconX size={14} aria-hidden />}
                  onClick={() => setAction('reject')}
                >
                  Reject…
                </Button>
                <Button size="xs" variant="default" leftSection={<IconTag size={14} aria-hidden />} onClick={() => setAction('tag')}>
                  Tag…
                </Button>
              </>
            ) : null}
            {canExport ? (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                loading={exporting.busy}
                onClick={() => void exporting.run()}
              >
                Export CSV
              </Button>
            ) : null}
            <Button size="xs" variant="subtle" onClick={onDone}>
              Clear selection
            </Button>
          </Group>
        </Group>
      </Paper>
      <Modal opened={action !== null} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
        <Stack gap="md">
          {action === 'move' ? (
            <Select
              label="New stage"
              placeholder="Choose a stage"
              data={statuses.map((s) => ({ value: s.id, label: s.name }))}
              value={statusId}
              onChange={setStatusId}
              data-autofocus
            />
          ) : null}
          {action === 'reject' ? (
            <>
              <Text size="sm">
                The {plural(count)} leave the pipeline with this reason; they can be restored one by one from their profile.
              </Text>
              <Select
                label="Reason"
                placeholder="Choose a reason"
                data={[...REJECTION_REASONS]}
                value={reason}
                onChange={setReason}
                data-autofocus
              />
              {reason === 'Other' ? (
                <TextInput
                  label="Other reason"
                  value={otherReason}
                  onChange={(e) => setOtherReason(e.currentTarget.value)}
                  maxLength={280}
                />
              ) : null}
            </>
          ) : null}
          {action === 'tag' ? (
            <TagsInput
              label="Tags to add"
              description="Press Enter after each tag."
              value={tags}
              onChange={(next) => setTags(next.map((t) => t.trim()).filter((t) => t !== '' && t.length <= TAG_MAX))}
              data-autofocus
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={confirming.busy}>
              Cancel
            </Button>
            <Button
              color={action === 'reject' ? 'red' : undefined}
              disabled={!body}
              loading={confirming.busy}
              onClick={() => void confirming.run()}
            >
              {action === 'move' ? 'Move' : action === 'reject' ? `Reject ${plural(count)}` : 'Add tags'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
