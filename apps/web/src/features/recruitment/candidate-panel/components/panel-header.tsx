import { useId, useState } from 'react';
import { ActionIcon, Alert, Anchor, Badge, Button, ColorSwatch, Group, Menu, Rating, Stack, TagsInput, Text } from '@mantine/core';
import { IconChevronDown, IconDots, IconDownload, IconMail, IconMapPin, IconPhone, IconTrash } from '@tabler/icons-react';
import {
  APPLICATION_RATING_MAX,
  CANDIDATE_SOURCE_LABELS,
  CANDIDATE_TEXTS,
  TAGS_PER_APPLICATION_MAX,
  TAG_MAX,
  type ApplicationDetail,
} from '@hireloop/contract/candidates';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { toastError, toastPromise } from '../../../../lib/toasts.ts';
import { downloadCandidateExport, useMoveApplication, usePanelPermissions, useRestoreApplication, useUpdateApplication } from '../api.ts';
import { useRecruitmentStatuses } from '../../../session/organisation-lists.ts';
import { exactTime } from '../time.tsx';
import { EraseModal } from './erase-modal.tsx';
import { RejectModal } from './reject-modal.tsx';
import { TransferModal } from './transfer-modal.tsx';

type Props = {
  application: ApplicationDetail;
  onErased: () => void;
  onTransferred: (recruitmentId: string) => void;
};

function hostOf(link: string): string {
  try {
    const url = new URL(link);
    return `${url.hostname.replace(/^www\./, '')}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return link;
  }
}

/** Who the candidate is, where they stand, and what can be done to their application. */
export function PanelHeader({ application, onErased, onTransferred }: Props) {
  const can = usePanelPermissions();
  const candidate = application.candidate;
  const erased = candidate.erased_at !== null;
  const rejected = application.rejected_at !== null;
  const closed = application.recruitment.status === 'closed';
  const editable = can.manage && !erased && !closed;
  const statuses = useRecruitmentStatuses();
  const move = useMoveApplication(application);
  const update = useUpdateApplication(application);
  const restore = useRestoreApplication(application);
  const [modal, setModal] = useState<'reject' | 'transfer' | 'erase' | null>(null);
  const [tagError, setTagError] = useState<string | null>(null);
  const ratingLabel = useId();

  const moving = useSubmitOnce(
    (statusId: string, name: string) =>
      toastPromise(move.mutateAsync({ status_id: statusId, version: application.version }), {
        loading: `Moving to ${name}…`,
        success: (result) =>
          (result as { conflict?: boolean } | undefined)?.conflict ? CANDIDATE_TEXTS.concurrentMove : `Moved to ${name}.`,
      }),
    move.isPending,
  );

  const restoring = useSubmitOnce(
    () => toastPromise(restore.mutateAsync(), { loading: 'Restoring…', success: `${candidate.name} is back in the pipeline.` }),
    restore.isPending,
  );

  function rate(value: number) {
    const rating = value === 0 || value === application.rating ? null : value;
    // submit-once: exempt — a value saved as it changes (shown at once, useUpdateApplication): a guard would drop a quick second pick
    toastPromise(update.mutateAsync({ rating }), {
      loading: 'Saving the rating…',
      success: rating === null ? 'Rating cleared.' : `Rated ${rating} of ${APPLICATION_RATING_MAX}.`,
    }).catch(() => undefined);
  }

  function setTags(tags: string[]) {
    const tooLong = tags.find((t) => t.trim().length > TAG_MAX);
    if (tooLong) return setTagError(`A tag may not be longer than ${TAG_MAX} characters.`);
    setTagError(null);
    // submit-once: exempt — a value saved as it changes (shown at once): each sends the whole list; a guard would drop a quick second tag
    toastPromise(update.mutateAsync({ tags }), { loading: 'Saving tags…', success: 'Tags saved.' }).catch((error: unknown) => {
      if (error instanceof ApiError && error.errors) setTagError(Object.values(error.errors)[0]?.[0] ?? error.message);
    });
  }

  function doExport() {
    downloadCandidateExport(candidate.id, candidate.name).catch(toastError);
  }

  return (
    <Stack gap="sm">
      {erased ? (
        <Alert color="gray" variant="light" title="Personal data erased" role="status">
          {CANDIDATE_TEXTS.erased} This application is kept anonymously for the recruitment’s analytics and can no longer be changed.
        </Alert>
      ) : (
        <Group gap="md" wrap="wrap">
          {candidate.email ? (
            <Group gap={4} wrap="nowrap">
              <IconMail size={16} aria-hidden />
              <Anchor href={`mailto:${candidate.email}`} size="sm">
                {candidate.email}
              </Anchor>
            </Group>
          ) : null}
          {candidate.phone ? (
            <Group gap={4} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Anchor href={`tel:${candidate.phone.replace(/[^\d+]/g, '')}`} size="sm">
                {candidate.phone}
              </Anchor>
            </Group>
          ) : null}
          {candidate.location ? (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm">{candidate.location}</Text>
            </Group>
          ) : null}
          {candidate.links.map((link) => (
            <Anchor key={link} href={link} target="_blank" rel="noopener noreferrer" size="sm">
              {hostOf(link)}
            </Anchor>
          ))}
        </Group>
      )}

      <Group gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {application.recruitment.name} · {CANDIDATE_SOURCE_LABELS[application.source]} · applied {exactTime(application.applied_at)}
        </Text>
      </Group>

      <Group gap="md" wrap="wrap" align="center">
        {editable && !rejected ? (
          <Menu position="bottom-start" withinPortal={false}>
            <Menu.Target>
              <Button
                variant="default"
                leftSection={<ColorSwatch color={application.status.colour} size={10} withShadow={false} aria-hidden />}
                rightSection={<IconChevronDown size={14} aria-hidden />}
                aria-label={`Stage: ${application.status.name}. Move to…`}
                loading={moving.busy}
              >
                {application.status.name}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Move to…</Menu.Label>
              {(statuses.data ?? [])
                .filter((s) => s.category !== 'rejected')
                .map((s) => (
                  <Menu.Item key={s.id} disabled={s.id === application.status.id} onClick={() => void moving.run(s.id, s.name)}>
                    {s.name}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        ) : (
          <Badge color={application.status.colour} variant="dot" size="lg">
            {application.status.name}
          </Badge>
        )}
        {rejected ? (
          <Badge color="red.9" variant="filled" size="lg">
            Rejected
          </Badge>
        ) : null}
        <Group gap={6} wrap="nowrap">
          <Text size="sm" id={ratingLabel} component="span">
            Rating
          </Text>
          {editable ? (
            <Rating
              count={APPLICATION_RATING_MAX}
              value={application.rating ?? 0}
              onChange={rate}
              allowClear
              getSymbolLabel={(value) => (value === 1 ? '1 star' : `${value} stars`)}
              role="radiogroup"
              aria-labelledby={ratingLabel}
            />
          ) : (
            <Rating
              count={APPLICATION_RATING_MAX}
              value={application.rating ?? 0}
              readOnly
              role="img"
              aria-label={application.rating ? `${application.rating} of ${APPLICATION_RATING_MAX} stars` : 'Not rated'}
            />
          )}
        </Group>
      </Group>

      {rejected ? (
        <Alert color="red" variant="light" title="Rejected" role="status">
          {application.rejection_reason ?? 'No reason given.'}
          {application.rejected_by ? ` — by ${application.rejected_by.name}` : ''}
          {application.rejected_at ? `, ${exactTime(application.rejected_at)}` : ''}
        </Alert>
      ) : null}

      {editable ? (
        <TagsInput
          label="Tags"
          placeholder="Add a tag and press Enter"
          value={application.tags}
          onChange={setTags}
          maxTags={TAGS_PER_APPLICATION_MAX}
          error={tagError}
          clearable
          comboboxProps={{ withinPortal: false }}
        />
      ) : application.tags.length > 0 ? (
        <Group gap={4}>
          <Text size="sm">Tags:</Text>
          {application.tags.map((tag) => (
            <Badge key={tag} variant="outline" size="sm">
              {tag}
            </Badge>
          ))}
        </Group>
      ) : null}

      {!erased && (editable || can.export || can.erase) ? (
        <Group gap="xs">
          {editable && !rejected ? (
            <Button variant="default" color="red" onClick={() => setModal('reject')}>
              Reject…
            </Button>
          ) : null}
          {editable && rejected ? (
            <Button variant="default" onClick={() => void restoring.run()} loading={restoring.busy}>
              Restore
            </Button>
          ) : null}
          {editable ? (
            <Button variant="default" onClick={() => setModal('transfer')}>
              Move to another recruitment
            </Button>
          ) : null}
          {can.export || can.erase ? (
            <Menu position="bottom-end" withinPortal={false}>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More actions">
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {can.export ? (
                  <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} onClick={doExport}>
                    Export data (JSON)
                  </Menu.Item>
                ) : null}
                {can.erase ? (
                  <Menu.Item color="red.9" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => setModal('erase')}>
                    Erase personal data
                  </Menu.Item>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      ) : null}

      <RejectModal application={application} opened={modal === 'reject'} onClose={() => setModal(null)} />
      <TransferModal
        application={application}
        opened={modal === 'transfer'}
        onClose={() => setModal(null)}
        onTransferred={(id) => {
          setModal(null);
          onTransferred(id);
        }}
      />
      <EraseModal
        application={application}
        opened={modal === 'erase'}
        onClose={() => setModal(null)}
        onErased={() => {
          setModal(null);
          onErased();
        }}
      />
    </Stack>
  );
}
