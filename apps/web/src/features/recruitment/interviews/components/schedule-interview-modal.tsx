import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import {
  INTERVIEW_DAYS_AHEAD_MAX,
  INTERVIEW_DAYS_BACK_MAX,
  INTERVIEW_MINUTES,
  type Interview,
  type InterviewConflict,
} from '@hireloop/contract/interviews';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DatePickerField } from '../../../../components/date-picker-field.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDateTime, formatTime } from '../../../../lib/dates.ts';
import { useSubmitOnce } from '../../../../lib/submit-once.ts';
import { describeError, toastSuccess } from '../../../../lib/toasts.ts';
import { fetchConflicts, useInterviewPermissions, useRecruitmentCandidates, useRescheduleInterview, useScheduleInterview } from '../api.ts';
import { useInterviewTypes, useMembers, useRecruitmentSettings } from '../../../session/organisation-lists.ts';
import {
  addDays,
  emptySchedule,
  errorsAfterEdit,
  SERVER_FIELDS,
  timesOf,
  toRescheduleBody,
  toScheduleBody,
  validateSchedule,
  valuesOf,
  withType,
  type ScheduleErrors,
  type ScheduleValues,
} from '../schedule-model.ts';
import { browserTimeZone, todayIn } from '../zoned-time.ts';
import { KitListEditor } from './kit-list-editor.tsx';
import { NoInterviewTypes } from './no-interview-types.tsx';
import { timeZoneChoices } from '../../../../lib/time-zones.ts';

type Props = {
  recruitmentId: string;
  /** Fixed candidate (from the slide-over); otherwise chosen from the recruitment's applications. */
  application?: { id: string; name: string };
  /** Rescheduling this interview instead of scheduling a new one. */
  interview?: Interview;
  onClose: () => void;
  /** Called with the saved interview. */
  onSaved?: (interview: Interview) => void;
};

/** Planning an interview, or recording one that already took place (no invitations; scorecards open at once). */
type Mode = 'schedule' | 'log';

/**
 * The form to schedule (or reschedule) an interview; warns of the interviewers' overlapping
 * interviews before saving. A new interview may instead be logged as one that already took place.
 */
export function ScheduleInterviewModal({ recruitmentId, application, interview, onClose, onSaved }: Props) {
  const rescheduling = interview !== undefined;
  const [mode, setMode] = useState<Mode>('schedule');
  const logging = !rescheduling && mode === 'log';
  const types = useInterviewTypes();
  const { manageTypes } = useInterviewPermissions();
  const noTypes = !rescheduling && types.isSuccess && types.data.length === 0;
  const users = useMembers();
  const candidates = useRecruitmentCandidates(recruitmentId, !application && !rescheduling);
  const defaultMinutes = useRecruitmentSettings(!rescheduling).data?.default_interview_minutes;
  const schedule = useScheduleInterview();
  const reschedule = useRescheduleInterview();

  const [values, setValues] = useState<ScheduleValues>(() =>
    interview ? valuesOf(interview) : emptySchedule({ applicationId: application?.id, timezone: browserTimeZone() }),
  );
  const [errors, setErrors] = useState<ScheduleErrors>({});
  const [durationTouched, setDurationTouched] = useState(rescheduling);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  /** The conflicts found for `seenKey`; saving that same slot again goes ahead. */
  const [conflicts, setConflicts] = useState<{ key: string; items: InterviewConflict[] } | null>(null);

  // The organisation's default length, until the user picks their own: applied once it arrives
  // (state adjusted while rendering, as React advises for values derived from a prop).
  const [defaultApplied, setDefaultApplied] = useState<number | undefined>(undefined);
  if (!durationTouched && defaultMinutes !== undefined && defaultApplied !== defaultMinutes) {
    setDefaultApplied(defaultMinutes);
    setValues((v) => ({ ...v, duration: defaultMinutes }));
  }

  const set = <K extends keyof ScheduleValues>(field: K, value: ScheduleValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => errorsAfterEdit(e, field));
    setFailure(null);
  };

  const times = timesOf(values);
  const slotKey = times ? JSON.stringify([values.interviewer_ids, times.starts_at, times.ends_at]) : '';
  const confirming = conflicts !== null && conflicts.items.length > 0 && conflicts.key === slotKey;
  const today = todayIn(values.timezone);
  const zones = useMemo(() => timeZoneChoices(values.timezone), [values.timezone]);
  const pending = schedule.isPending || reschedule.isPending || checking;

  const submit = async () => {
    const found = validateSchedule(values, { requireType: !rescheduling, tookPlace: logging });
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      return;
    }
    const slot = timesOf(values);
    if (!slot) return;
    // A past interview is a record: whoever else was busy then no longer matters.
    if (!confirming && !logging) {
      setChecking(true);
      try {
        // Asked afresh at every submit (nothing to cache: the calendars may have changed meanwhile).
        const items = await fetchConflicts(values.interviewer_ids, slot.starts_at, slot.ends_at, interview?.id);
        setConflicts({ key: slotKey, items });
        if (items.length > 0) return;
      } catch (error) {
        setFailure(describeError(error).message);
        return;
      } finally {
        setChecking(false);
      }
    }
    try {
      const saved = interview
        ? await reschedule.mutateAsync({ id: interview.id, body: toRescheduleBody(values) })
        : await schedule.mutateAsync({ applicationId: values.application_id, body: toScheduleBody(values, { tookPlace: logging }) });
      toastSuccess(
        interview
          ? 'Interview rescheduled; updated invitations are on their way.'
          : logging
            ? 'Interview logged; the interviewers can fill in their scorecards now.'
            : 'Interview scheduled; invitations are on their way.',
      );
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.errors) {
        const mapped: ScheduleErrors = {};
        for (const [field, messages] of Object.entries(error.errors)) {
          const target = SERVER_FIELDS[field] ?? (field === 'application' ? 'application_id' : undefined);
          if (target) mapped[target] = messages[0];
        }
        if (Object.keys(mapped).length > 0) setErrors(mapped);
        else setFailure(error.message);
      } else {
        setFailure(describeError(error).message);
      }
    }
  };

  const saving = useSubmitOnce(submit, pending);

  const userName = (id: string) => users.data?.find((u) => u.id === id)?.name ?? 'A colleague';

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={
        rescheduling
          ? `Reschedule: ${interview.title} with ${interview.candidate.name}`
          : logging
            ? 'Log a past interview'
            : 'Schedule an interview'
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void saving.run();
        }}
      >
        <Stack gap="sm">
          {rescheduling ? null : (
            <Stack gap={4}>
              <SegmentedControl
                aria-label="Interview"
                fullWidth
                data={[
                  { value: 'schedule', label: 'Schedule upcoming' },
                  { value: 'log', label: 'Log a past interview' },
                ]}
                value={mode}
                onChange={(v) => {
                  setMode(v as Mode);
                  setErrors((e) => ({ ...e, day: undefined, time: undefined }));
                  setConflicts(null);
                  setFailure(null);
                }}
              />
              {logging ? (
                <Text size="sm" c="dimmed">
                  A record of an interview that already took place: no invitations are sent, and the interviewers can fill in their
                  scorecards straight away.
                </Text>
              ) : null}
            </Stack>
          )}
          {rescheduling ? null : application ? (
            <Text size="sm">
              Candidate: <strong>{application.name}</strong>
            </Text>
          ) : (
            <Select
              label="Candidate"
              placeholder={candidates.isPending ? 'Loading candidates…' : 'Search candidates'}
              data={(candidates.data ?? []).map((a) => ({ value: a.id, label: a.candidate.name }))}
              searchable
              withAsterisk
              nothingFoundMessage="No candidate matches"
              comboboxProps={{ keepMounted: false }}
              value={values.application_id || null}
              onChange={(v) => set('application_id', v ?? '')}
              error={errors.application_id}
            />
          )}
          {rescheduling ? null : (
            <Select
              label="Interview type"
              description="Fills in the interview kit, which you can then change."
              placeholder={types.isPending ? 'Loading types…' : noTypes ? 'No interview types yet' : 'Choose a type'}
              disabled={noTypes}
              data={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              withAsterisk
              comboboxProps={{ keepMounted: false }}
              value={values.type_id || null}
              onChange={(v) => {
                setValues((current) =>
                  withType(
                    current,
                    types.data?.find((t) => t.id === v),
                  ),
                );
                setErrors((e) => ({ ...e, type_id: undefined, questions: undefined, criteria: undefined }));
              }}
              error={errors.type_id}
            />
          )}
          {noTypes ? <NoInterviewTypes canManage={manageTypes} /> : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DatePickerField
              label="Date"
              withAsterisk
              minDate={logging ? addDays(today, -INTERVIEW_DAYS_BACK_MAX) : today}
              maxDate={logging ? today : addDays(today, INTERVIEW_DAYS_AHEAD_MAX)}
              value={values.day}
              onChange={(v) => set('day', v)}
              error={errors.day}
              popoverProps={{ withinPortal: true }}
            />
            <TimeInput
              label="Start time"
              withAsterisk
              value={values.time}
              onChange={(e) => set('time', e.currentTarget.value)}
              error={errors.time}
            />
            <NumberInput
              label="Duration (minutes)"
              min={INTERVIEW_MINUTES.min}
              max={INTERVIEW_MINUTES.max}
              step={15}
              allowDecimal={false}
              value={values.duration}
              onChange={(v) => {
                setDurationTouched(true);
                set('duration', v);
              }}
              error={errors.duration}
            />
          </SimpleGrid>
          <Select
            label="Timezone"
            description={logging ? 'The timezone of the date and time above.' : "The organiser's timezone; the invitation carries it."}
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No such timezone"
            comboboxProps={{ keepMounted: false }}
            withScrollArea={false}
            maxDropdownHeight={280}
            value={values.timezone}
            onChange={(v) => v && set('timezone', v)}
            error={errors.timezone}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Location"
              description="A room or an address; or give a video link."
              value={values.location}
              onChange={(e) => set('location', e.currentTarget.value)}
              error={errors.location}
            />
            <TextInput
              label="Video link"
              type="url"
              placeholder="https://meet.example.com/…"
              value={values.video_url}
              onChange={(e) => set('video_url', e.currentTarget.value)}
              error={errors.video_url}
            />
          </SimpleGrid>
          <MultiSelect
            label="Interviewers"
            placeholder={values.interviewer_ids.length === 0 ? (users.isPending ? 'Loading colleagues…' : 'Search colleagues') : undefined}
            data={(users.data ?? []).map((u) => ({ value: u.id, label: u.name }))}
            searchable
            withAsterisk
            nothingFoundMessage="No colleague matches"
            comboboxProps={{ keepMounted: false }}
            value={values.interviewer_ids}
            onChange={(v) => set('interviewer_ids', v)}
            error={errors.interviewer_ids}
          />
          <KitListEditor
            label="Questions"
            itemLabel="Question"
            items={values.questions}
            onChange={(v) => set('questions', v)}
            error={errors.questions}
          />
          <KitListEditor
            label="Criteria to rate (1–4)"
            itemLabel="Criterion"
            items={values.criteria}
            onChange={(v) => set('criteria', v)}
            error={errors.criteria}
          />
          {confirming ? (
            <Alert
              color="yellow"
              variant="light"
              c="var(--mantine-color-text)"
              styles={{ title: { color: 'inherit' } }}
              icon={<IconAlertTriangle size={20} aria-hidden />}
              title="Interviewers are busy then"
              role="alert"
            >
              <Text size="sm">These interviews overlap the chosen time. You can still schedule it.</Text>
              <List size="sm" mt={4}>
                {conflicts.items.map((c) => (
                  <List.Item key={`${c.user.id}-${c.interview.id}`}>
                    {c.user.name || userName(c.user.id)}: {c.interview.title} with {c.interview.candidate_name} (
                    {c.interview.recruitment.name}), {formatDateTime(c.interview.starts_at)}–{formatTime(c.interview.ends_at)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          {failure ? (
            <Alert
              color="red"
              variant="light"
              c="red"
              styles={{ title: { color: 'inherit' } }}
              role="alert"
              title={rescheduling ? 'Not rescheduled' : logging ? 'Not logged' : 'Not scheduled'}
            >
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving.busy}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.busy}>
              {confirming
                ? rescheduling
                  ? 'Reschedule anyway'
                  : 'Schedule anyway'
                : rescheduling
                  ? 'Reschedule'
                  : logging
                    ? 'Log interview'
                    : 'Schedule interview'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
