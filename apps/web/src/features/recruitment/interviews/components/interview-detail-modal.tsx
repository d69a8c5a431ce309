import { Anchor, Button, Divider, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import type { Interview } from '@hireloop/contract/interviews';
import { useState } from 'react';
import { ConfirmModal } from '../../../../components/confirm-modal.tsx';
import { formatDateTime, formatTime } from '../../../../lib/dates.ts';
import { toastSuccess } from '../../../../lib/toasts.ts';
import { useCancelInterview, useInterview } from '../api.ts';
import { InterviewStatusBadge } from './interview-bits.tsx';
import { ScheduleInterviewModal } from './schedule-interview-modal.tsx';
import { ScorecardsPanel } from './scorecards-panel.tsx';

/** One interview: when, where, who, the kit, the scorecards; reschedule and cancel for those who manage interviews. */
export function InterviewDetailModal({ interview: initial, onClose }: { interview: Interview; onClose: () => void }) {
  const query = useInterview(initial);
  const interview = query.data ?? initial;
  const cancel = useCancelInterview();
  const [rescheduling, setRescheduling] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);

  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <>
      <Modal
        opened={!rescheduling && !confirmCancel}
        onClose={onClose}
        size="lg"
        title={`${interview.title} with ${interview.candidate.name}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Group gap="xs">
            <InterviewStatusBadge status={interview.status} />
            <Text size="sm">
              {formatDateTime(interview.starts_at)}–{formatTime(interview.ends_at)} ({interview.duration_minutes} min)
            </Text>
          </Group>
          {interview.timezone !== viewerZone ? (
            <Text size="sm" c="dimmed">
              Organiser's timezone: {interview.timezone}
            </Text>
          ) : null}
          <Stack gap={2}>
            {interview.location ? <Text size="sm">Location: {interview.location}</Text> : null}
            {interview.video_url ? (
              <Text size="sm">
                Video:{' '}
                <Anchor href={interview.video_url} target="_blank" rel="noreferrer" size="sm">
                  {interview.video_url}
                </Anchor>
              </Text>
            ) : null}
            <Text size="sm">Interviewers: {interview.interviewers.map((i) => i.name).join(', ')}</Text>
            {interview.organiser ? <Text size="sm">Organised by {interview.organiser.name}</Text> : null}
          </Stack>
          {interview.questions.length > 0 ? (
            <div>
              <Title order={3} size="h5" mb={4}>
                Questions
              </Title>
              <List size="sm">
                {interview.questions.map((q, i) => (
                  <List.Item key={i}>{q}</List.Item>
                ))}
              </List>
            </div>
          ) : null}
          {/* The server says what the caller may do with this interview (packages/contract/src/policies/interviews.ts). */}
          {interview.policies.update || interview.policies.cancel ? (
            <Group>
              {interview.policies.update ? (
                <Button variant="default" onClick={() => setRescheduling(true)}>
                  Reschedule
                </Button>
              ) : null}
              {interview.policies.cancel ? (
                <Button variant="default" color="red" onClick={() => setConfirmCancel(true)}>
                  Cancel interview
                </Button>
              ) : null}
            </Group>
          ) : null}
          <Divider />
          <Title order={3} size="h5">
            Scorecards
          </Title>
          <ScorecardsPanel interview={interview} />
        </Stack>
      </Modal>
      {rescheduling ? (
        <ScheduleInterviewModal recruitmentId={interview.recruitment.id} interview={interview} onClose={() => setRescheduling(false)} />
      ) : null}
      <ConfirmModal
        subject={
          confirmCancel
            ? {
                title: 'Cancel this interview?',
                message: `${interview.title} with ${interview.candidate.name} on ${formatDateTime(interview.starts_at)} is cancelled, and everyone invited gets a cancellation.`,
                confirmLabel: 'Cancel interview',
              }
            : null
        }
        pending={cancel.isPending}
        failedTitle="Not cancelled"
        onClose={() => setConfirmCancel(false)}
        onConfirm={async () => {
          await cancel.mutateAsync({ id: interview.id });
          toastSuccess('Interview cancelled.');
        }}
      />
    </>
  );
}
