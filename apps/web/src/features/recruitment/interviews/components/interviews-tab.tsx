import {
  Button,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  INTERVIEW_STATUS_LABELS,
  INTERVIEW_STATUSES,
  type Interview,
  type InterviewStatus,
  type InterviewWhenFilter,
} from '@hireloop/contract/interviews';
import { IconCalendarEvent, IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../../lib/dates.ts';
import { useCurrentUserId, useInterviewById, useInterviewPermissions, useRecruitmentInterviews, type InterviewFilters } from '../api.ts';
import { useMembers } from '../../../session/organisation-lists.ts';
import { InterviewDetailModal } from './interview-detail-modal.tsx';
import { InterviewerAvatars, InterviewStatusBadge, myScorecardState, LoadError } from './interview-bits.tsx';
import { ScheduleInterviewModal } from './schedule-interview-modal.tsx';

const WHEN_OPTIONS: { value: InterviewWhenFilter; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'all', label: 'All' },
];

/** The interviews tab: the recruitment's interviews, filtered by when, interviewer and status. */
export function InterviewsTab({ recruitmentId }: { recruitmentId: string }) {
  const [filters, setFilters] = useState<InterviewFilters>({ when: 'upcoming', interviewer: null, status: null, page: 1 });
  const interviews = useRecruitmentInterviews(recruitmentId, filters);
  const users = useMembers();
  const me = useCurrentUserId();
  const can = useInterviewPermissions();
  const [scheduling, setScheduling] = useState(false);
  // The open interview is in the URL (`?interview=`), so the dashboard and e-mails can link to it.
  const [params, setParams] = useSearchParams();
  const openId = params.get('interview');
  const setOpenId = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('interview', id);
        else next.delete('interview');
        return next;
      },
      { replace: id === null },
    );
  const update = (patch: Partial<InterviewFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  const listed = interviews.data?.data.find((i) => i.id === openId);
  const linked = useInterviewById(openId, interviews.data !== undefined && listed === undefined);
  const open = listed ?? linked.data ?? null;
  const filtered = filters.interviewer !== null || filters.status !== null;

  const userOptions = [
    ...(me ? [{ value: me, label: 'Me' }] : []),
    ...(users.data ?? []).filter((u) => u.id !== me).map((u) => ({ value: u.id, label: u.name })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="When"
            data={WHEN_OPTIONS}
            value={filters.when}
            onChange={(v) => update({ when: v as InterviewWhenFilter })}
          />
          <Select
            label="Interviewer"
            placeholder="Anyone"
            data={userOptions}
            searchable
            clearable
            nothingFoundMessage="No colleague matches"
            comboboxProps={{ keepMounted: false }}
            value={filters.interviewer}
            onChange={(v) => update({ interviewer: v })}
            w={220}
          />
          <Select
            label="Status"
            placeholder="Any status"
            data={INTERVIEW_STATUSES.map((s) => ({ value: s, label: INTERVIEW_STATUS_LABELS[s] }))}
            clearable
            comboboxProps={{ keepMounted: false }}
            value={filters.status}
            onChange={(v) => update({ status: (v as InterviewStatus | null) ?? null })}
            w={180}
          />
        </Group>
        {can.manage ? (
          <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setScheduling(true)}>
            Schedule interview
          </Button>
        ) : null}
      </Group>

      {linked.isError ? <LoadError title="This interview could not be opened" error={linked.error} /> : null}
      {interviews.isError ? (
        <LoadError title="The interviews could not be loaded" error={interviews.error} />
      ) : !interviews.data ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading interviews">
          <Skeleton height={34} />
          <Skeleton height={34} />
          <Skeleton height={34} />
        </Stack>
      ) : interviews.data.data.length === 0 ? (
        <EmptyState
          icon={<IconCalendarEvent size={28} aria-hidden />}
          withIndicatorBackground
          title={filtered ? 'No interview matches' : filters.when === 'past' ? 'No past interviews' : 'No upcoming interviews'}
          description={
            filtered
              ? 'Change or clear the filters to see more.'
              : 'Interviews scheduled for this recruitment are listed here with their interviewers and feedback.'
          }
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table aria-label="Interviews" verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Candidate</Table.Th>
                  <Table.Th scope="col">Type</Table.Th>
                  <Table.Th scope="col">Interviewers</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">My scorecard</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {interviews.data.data.map((i) => (
                  <InterviewRow key={i.id} interview={i} onOpen={() => setOpenId(i.id)} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {interviews.data.meta.last_page > 1 ? (
            <Pagination
              total={interviews.data.meta.last_page}
              value={filters.page}
              onChange={(page) => setFilters((f) => ({ ...f, page }))}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          ) : null}
        </>
      )}

      {scheduling ? (
        <ScheduleInterviewModal
          recruitmentId={recruitmentId}
          onClose={() => setScheduling(false)}
          onSaved={(saved) => {
            // A logged past interview: show it among the past ones, opened, so its scorecards can be filled in.
            if (saved.status !== 'completed') return;
            update({ when: 'past' });
            setOpenId(saved.id);
          }}
        />
      ) : null}
      {open ? <InterviewDetailModal interview={open} onClose={() => setOpenId(null)} /> : null}
    </Stack>
  );
}

function InterviewRow({ interview, onOpen }: { interview: Interview; onOpen: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <UnstyledButton onClick={onOpen} c="light-dark(var(--mantine-color-blue-8), var(--mantine-color-blue-3))" fw={500} td="underline">
          <time dateTime={interview.starts_at}>{formatDateTime(interview.starts_at)}</time>
        </UnstyledButton>
      </Table.Td>
      <Table.Td>{interview.candidate.name}</Table.Td>
      <Table.Td>{interview.title}</Table.Td>
      <Table.Td>
        <InterviewerAvatars interviewers={interview.interviewers} />
      </Table.Td>
      <Table.Td>
        <InterviewStatusBadge status={interview.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{myScorecardState(interview)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
