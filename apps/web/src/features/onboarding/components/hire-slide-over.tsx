import { Anchor, Button, CopyButton, Divider, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { ONBOARDING_TEXTS, type HireDetail, type OnboardingStage } from '@hireloop/contract/onboarding';
import { IconCheck, IconCopy, IconExternalLink, IconMailForward, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ActionButton } from '../../../components/action-button.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { SlideOver } from '../../../components/slide-over.tsx';
import { DatePickerField } from '../../../components/date-picker-field.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useSubmitOnce } from '../../../lib/submit-once.ts';
import { toastError, toastSuccess } from '../../../lib/toasts.ts';
import { useHire, useHireApplication, useHireMutations, useOnboardingPermissions, useUserOptions } from '../api.ts';
import { Checklist } from './checklist.tsx';
import { DocumentsPanel } from './documents-panel.tsx';

type Props = {
  hireId: string;
  /** The organisation's onboarding stages, in order (for "Stage"). */
  stages: OnboardingStage[];
  onClose: () => void;
  /** After a move from here that met someone else's: the page refreshes its board. */
  onConflict: () => void;
};

/** Where the hire's candidate lives: their application in its recruitment, when there is one. */
function useCandidateLink(hire: HireDetail | undefined): string | null {
  const applicationId = hire?.application_id ?? null;
  const application = useHireApplication(applicationId);
  if (!applicationId || !application.data) return null;
  return `/recruitment/${encodeURIComponent(application.data.recruitment_id)}/candidates?application=${encodeURIComponent(applicationId)}`;
}

function NewHireLink({ hire }: { hire: HireDetail }) {
  const can = useOnboardingPermissions();
  const { newHireLink } = useHireMutations(hire.id);
  const [url, setUrl] = useState<string | null>(null);
  if (!can.manage) return null;
  return (
    <Stack gap="xs" component="section" aria-label="New-hire page">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          {hire.new_hire_link_sent_at
            ? `New-hire link last sent ${formatDateTime(hire.new_hire_link_sent_at)}.`
            : 'The new hire has not been sent a link to their page yet.'}
        </Text>
        <ActionButton
          variant="default"
          leftSection={<IconMailForward size={16} aria-hidden />}
          pending={newHireLink.isPending}
          action={async () => {
            const result = await newHireLink.mutateAsync(undefined);
            setUrl(result.url);
            toastSuccess(`New-hire link sent to ${hire.candidate.email ?? hire.candidate.name}.`);
          }}
        >
          Send new-hire link
        </ActionButton>
      </Group>
      {url ? (
        <Paper withBorder p="xs" radius="md">
          <Group gap="xs" wrap="nowrap">
            <TextInput value={url} readOnly aria-label="New-hire link" style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the link'}>
                  <Button
                    variant="default"
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            Any earlier link no longer works.
          </Text>
        </Paper>
      ) : null}
    </Stack>
  );
}

function HireFacts({ hire, stages, onConflict }: { hire: HireDetail; stages: OnboardingStage[]; onConflict: () => void }) {
  const can = useOnboardingPermissions();
  const users = useUserOptions();
  const { update, move } = useHireMutations(hire.id);
  // One change at a time: the fields are off while a change is saved, so a quick second pick waits.
  const saving = useSubmitOnce(async (body: Parameters<typeof update.mutateAsync>[0], done: string) => {
    try {
      await update.mutateAsync(body);
      toastSuccess(done);
    } catch (error) {
      toastError(error);
    }
  }, update.isPending);
  const save = (body: Parameters<typeof update.mutateAsync>[0], done: string) => void saving.run(body, done);
  const moving = useSubmitOnce(async (stageId: string) => {
    const name = stages.find((s) => s.id === stageId)?.name ?? 'the stage';
    try {
      const result = await move.mutateAsync({ stageId, version: hire.version });
      if (result.conflict) {
        toastError(ONBOARDING_TEXTS.concurrentMove);
        onConflict();
      } else toastSuccess(`${hire.candidate.name} moved to ${name}.`);
    } catch (error) {
      toastError(error);
    }
  }, move.isPending);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Stage"
        data={stages.map((s) => ({ value: s.id, label: s.name }))}
        value={hire.stage.id}
        allowDeselect={false}
        disabled={!can.manage || moving.busy}
        onChange={(stageId) => {
          if (!stageId || stageId === hire.stage.id) return;
          void moving.run(stageId);
        }}
      />
      <DatePickerField
        label="Start date"
        value={hire.start_date}
        clearable
        disabled={!can.manage || saving.busy}
        onChange={(day) => {
          if (day !== hire.start_date) save({ start_date: day }, 'Start date saved; the due dates follow it.');
        }}
      />
      <Select
        label="Manager"
        data={users}
        searchable
        clearable
        value={hire.manager?.id ?? null}
        disabled={!can.manage || saving.busy}
        onChange={(id) => {
          if (id !== (hire.manager?.id ?? null)) save({ manager_id: id }, 'Manager saved.');
        }}
      />
      <Select
        label="Buddy"
        data={users}
        searchable
        clearable
        value={hire.buddy?.id ?? null}
        disabled={!can.manage || saving.busy}
        onChange={(id) => {
          if (id !== (hire.buddy?.id ?? null)) save({ buddy_id: id }, 'Buddy saved.');
        }}
      />
    </SimpleGrid>
  );
}

/** A hire of the role: stage, start date, manager and buddy, the checklist, documents, and the new-hire link. */
export function HireSlideOver({ hireId, stages, onClose, onConflict }: Props) {
  const hire = useHire(hireId);
  const can = useOnboardingPermissions();
  const { remove } = useHireMutations(hireId);
  const [removing, setRemoving] = useState(false);
  const data = hire.data;
  const candidateLink = useCandidateLink(data);

  return (
    <SlideOver
      query={hire}
      titleOf={(h) => h.candidate.name}
      fallbackTitle="Hire"
      size="min(48rem, 100%)"
      loadingLabel="Loading the hire"
      notFound={{ title: ONBOARDING_TEXTS.hireNotFound, text: 'They may have been removed from onboarding.' }}
      failedTitle="The hire could not be loaded"
      onClose={onClose}
      after={
        <ConfirmModal
          subject={
            removing && data
              ? {
                  title: `Remove ${data.candidate.name} from onboarding?`,
                  message: 'Their checklist, documents and new-hire link are deleted. The candidate stays.',
                  confirmLabel: 'Remove',
                }
              : null
          }
          pending={remove.isPending}
          failedTitle="The hire was not removed"
          onClose={() => setRemoving(false)}
          onConfirm={async () => {
            await remove.mutateAsync(undefined);
            toastSuccess(`${data?.candidate.name ?? 'The hire'} removed from onboarding.`);
            onClose();
          }}
        />
      }
    >
      {(data) => (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Text size="sm">
                {data.role.name}
                {data.template ? ` · template ${data.template.name}` : ''}
              </Text>
              {data.candidate.email ? (
                <Text size="sm" c="dimmed">
                  {data.candidate.email}
                </Text>
              ) : null}
            </Stack>
            <Group gap="xs">
              {candidateLink ? (
                <Anchor component={Link} to={candidateLink} size="sm">
                  <Group gap={4} component="span">
                    <IconExternalLink size={14} aria-hidden />
                    Open the candidate
                  </Group>
                </Anchor>
              ) : null}
              {can.manage ? (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setRemoving(true)}
                >
                  Remove from onboarding
                </Button>
              ) : null}
            </Group>
          </Group>
          <HireFacts hire={data} stages={stages} onConflict={onConflict} />
          <NewHireLink hire={data} />
          <Divider />
          <Checklist hire={data} />
          <Divider />
          <DocumentsPanel hire={data} />
        </>
      )}
    </SlideOver>
  );
}
