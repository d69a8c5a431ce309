import { Alert, Avatar, Badge, Tooltip } from '@mantine/core';
import { INTERVIEW_STATUS_LABELS, type Interview, type Interviewer, type InterviewStatus } from '@hireloop/contract/interviews';
import { describeError } from '../../../../lib/toasts.ts';
import { initials } from '@hireloop/contract/initials';

const STATUS_COLOURS: Record<InterviewStatus, string> = { scheduled: 'blue', completed: 'teal', cancelled: 'gray' };

export function InterviewStatusBadge({ status }: { status: InterviewStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" c="var(--mantine-color-text)">
      {INTERVIEW_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The interviewers as a group of avatars; the names are in the accessible label. */
export function InterviewerAvatars({ interviewers }: { interviewers: Interviewer[] }) {
  const names = interviewers.map((i) => i.name).join(', ');
  return (
    <Avatar.Group spacing="xs" role="img" aria-label={names || 'No interviewers'}>
      {interviewers.slice(0, 4).map((i) => (
        <Tooltip key={i.id} label={`${i.name}${i.scorecard_submitted ? ' · scorecard in' : ''}`} withArrow>
          <Avatar src={i.avatar_url} alt="" size="sm" radius="xl" color="indigo" aria-hidden>
            {initials(i.name)}
          </Avatar>
        </Tooltip>
      ))}
      {interviewers.length > 4 ? (
        <Avatar size="sm" radius="xl" color="indigo" aria-hidden>
          +{interviewers.length - 4}
        </Avatar>
      ) : null}
    </Avatar.Group>
  );
}

/** The signed-in user's scorecard for an interview, in words. */
export function myScorecardState(interview: Interview, now: Date = new Date()): string {
  if (!interview.is_interviewer) return 'Not on it';
  if (interview.my_scorecard_submitted) return 'Submitted';
  if (interview.status === 'cancelled') return '—';
  if (Date.parse(interview.starts_at) > now.getTime()) return 'Due after the interview';
  return 'Owed';
}

/** Something on this screen could not be loaded: the error's own message, in a red alert that keeps 4.5:1 contrast. */
export function LoadError({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" variant="light" c="red" styles={{ title: { color: 'inherit' } }} role="alert" title={title}>
      {describeError(error).message}
    </Alert>
  );
}
