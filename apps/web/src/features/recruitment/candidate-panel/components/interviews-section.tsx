import { Button, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Interview } from '@hireloop/contract/interviews';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/dates.ts';
import { useApplicationInterviews, useInterviewPermissions } from '../../interviews/api.ts';
import { InterviewDetailModal } from '../../interviews/components/interview-detail-modal.tsx';
import { InterviewerAvatars, InterviewStatusBadge, myScorecardState, LoadError } from '../../interviews/components/interview-bits.tsx';
import { ScheduleInterviewModal } from '../../interviews/components/schedule-interview-modal.tsx';
import { summaryText } from '../../interviews/components/scorecards-panel.tsx';
import { useApplication } from '../api.ts';

/** The slide-over's interviews: this application's interviews with their scorecard summary, and "Schedule interview". */
export function InterviewsSection({ applicationId, recruitmentId }: { applicationId: string; recruitmentId: string }) {
  const interviews = useApplicationInterviews(applicationId);
  const application = useApplication(applicationId);
  const can = useInterviewPermissions();
  const [scheduling, setScheduling] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = interviews.data?.find((i) => i.id === openId) ?? null;
  const name = application.data?.candidate.name ?? 'this candidate';
  const schedulable = application.data ? application.data.rejected_at === null && application.data.candidate.erased_at === null : false;

  return (
    <Stack gap="sm">
      {can.manage && schedulable ? (
        <Group>
          <Button size="xs" leftSection={<IconCalendarPlus size={14} aria-hidden />} onClick={() => setScheduling(true)}>
            Schedule interview
          </Button>
        </Group>
      ) : null}
      {interviews.isPending ? (
        <Loader size="sm" aria-label="Loading interviews" />
      ) : interviews.isError ? (
        <LoadError title="The interviews could not be loaded" error={interviews.error} />
      ) : interviews.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No interviews with {name} yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Interviews">
          {interviews.data.map((i) => (
            <InterviewCard key={i.id} interview={i} onOpen={() => setOpenId(i.id)} />
          ))}
        </Stack>
      )}
      {scheduling && application.data ? (
        <ScheduleInterviewModal
          recruitmentId={recruitmentId}
          application={{ id: applicationId, name: application.data.candidate.name }}
          onClose={() => setScheduling(false)}
        />
      ) : null}
      {open ? <InterviewDetailModal interview={open} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}

function InterviewCard({ interview, onOpen }: { interview: Interview; onOpen: () => void }) {
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <UnstyledButton onClick={onOpen} fw={600} c="blue" td="underline">
            {interview.title}
          </UnstyledButton>
          <Text size="sm">
            <time dateTime={interview.starts_at}>{formatDateTime(interview.starts_at)}</time> · {interview.duration_minutes} min
          </Text>
          <Text size="xs" c="dimmed">
            {summaryText(interview.scorecards)} · Yours: {myScorecardState(interview).toLowerCase()}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <InterviewStatusBadge status={interview.status} />
          <InterviewerAvatars interviewers={interview.interviewers} />
        </Stack>
      </Group>
    </Paper>
  );
}
