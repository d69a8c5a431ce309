import {
  INTERVIEW_DAYS_BACK_MAX,
  INTERVIEW_MINUTES,
  INTERVIEW_TEXTS,
  INTERVIEWERS_MAX,
  KIT_ITEM_MAX,
  type Interview,
  type InterviewType,
  type RescheduleInterviewBody,
  type ScheduleInterviewBody,
} from '@hireloop/contract/interviews';
import { isoToZoned, todayIn, zonedToIso } from './zoned-time.ts';

export type ScheduleValues = {
  application_id: string;
  type_id: string;
  /** `YYYY-MM-DD` on the organiser's wall clock. */
  day: string | null;
  /** `HH:mm` on the organiser's wall clock. */
  time: string;
  duration: number | string;
  timezone: string;
  location: string;
  video_url: string;
  interviewer_ids: string[];
  questions: string[];
  criteria: string[];
};

export type ScheduleErrors = Partial<Record<keyof ScheduleValues, string>>;

export const DEFAULT_DURATION = 45;

export function emptySchedule(options: { applicationId?: string; timezone: string; duration?: number }): ScheduleValues {
  return {
    application_id: options.applicationId ?? '',
    type_id: '',
    day: null,
    time: '10:00',
    duration: options.duration ?? DEFAULT_DURATION,
    timezone: options.timezone,
    location: '',
    video_url: '',
    interviewer_ids: [],
    questions: [],
    criteria: [],
  };
}

/** The form as it stands for an existing interview (reschedule). */
export function valuesOf(interview: Interview): ScheduleValues {
  const { day, time } = isoToZoned(interview.starts_at, interview.timezone);
  return {
    application_id: interview.application_id,
    type_id: interview.type?.id ?? '',
    day,
    time,
    duration: interview.duration_minutes,
    timezone: interview.timezone,
    location: interview.location ?? '',
    video_url: interview.video_url ?? '',
    interviewer_ids: interview.interviewers.map((i) => i.id),
    questions: interview.questions,
    criteria: interview.criteria,
  };
}

/** Choosing a type copies its kit into the form (then editable). */
export function withType(values: ScheduleValues, type: InterviewType | undefined): ScheduleValues {
  if (!type) return { ...values, type_id: '' };
  return { ...values, type_id: type.id, questions: [...type.questions], criteria: [...type.criteria] };
}

/** Start and end as instants, or null while the date, time, zone or length are not usable. */
export function timesOf(values: ScheduleValues): { starts_at: string; ends_at: string } | null {
  if (!values.day) return null;
  const starts = zonedToIso(values.day, values.time, values.timezone);
  const minutes = Number(values.duration);
  if (starts === null || values.duration === '' || !Number.isInteger(minutes) || minutes <= 0) return null;
  return { starts_at: starts, ends_at: new Date(Date.parse(starts) + minutes * 60_000).toISOString() };
}

const VIDEO_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/** `day + days` as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The form's errors. A planned interview starts in the future; one logged as having taken place
 * (`tookPlace`) started in the past, at most INTERVIEW_DAYS_BACK_MAX days ago.
 */
export function validateSchedule(
  values: ScheduleValues,
  options: { now?: Date; requireType?: boolean; tookPlace?: boolean } = {},
): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const now = options.now ?? new Date();
  const today = todayIn(values.timezone, now);
  if (values.application_id === '') errors.application_id = 'Choose the candidate.';
  if ((options.requireType ?? true) && values.type_id === '') errors.type_id = INTERVIEW_TEXTS.typeUnknown;
  if (!values.day) errors.day = 'Choose a date.';
  else if (options.tookPlace) {
    if (values.day > today) errors.day = INTERVIEW_TEXTS.loggedInFuture;
    else if (values.day < addDays(today, -INTERVIEW_DAYS_BACK_MAX)) errors.day = INTERVIEW_TEXTS.tooFarBack;
  } else if (values.day < today) errors.day = INTERVIEW_TEXTS.inPast;
  if (!/^\d{1,2}:\d{2}$/.test(values.time)) errors.time = 'Enter a time.';
  const minutes = Number(values.duration);
  if (values.duration === '' || !Number.isInteger(minutes) || minutes < INTERVIEW_MINUTES.min || minutes > INTERVIEW_MINUTES.max)
    errors.duration = INTERVIEW_TEXTS.durationRange;
  const times = timesOf(values);
  if (!errors.day && !errors.time && times) {
    if (options.tookPlace && Date.parse(times.starts_at) > now.getTime()) errors.time = INTERVIEW_TEXTS.loggedInFuture;
    if (!options.tookPlace && Date.parse(times.starts_at) <= now.getTime()) errors.time = INTERVIEW_TEXTS.inPast;
  }
  if (values.location.trim() === '' && values.video_url.trim() === '') errors.location = INTERVIEW_TEXTS.locationRequired;
  if (values.video_url.trim() !== '' && !VIDEO_URL.test(values.video_url.trim())) errors.video_url = INTERVIEW_TEXTS.videoUrlInvalid;
  if (values.interviewer_ids.length === 0) errors.interviewer_ids = INTERVIEW_TEXTS.interviewersRequired;
  else if (values.interviewer_ids.length > INTERVIEWERS_MAX) errors.interviewer_ids = INTERVIEW_TEXTS.interviewersTooMany;
  if (values.questions.some((q) => q.trim() === '')) errors.questions = 'Fill in or remove the empty question.';
  else if (values.questions.some((q) => q.length > KIT_ITEM_MAX))
    errors.questions = `A question may not be longer than ${KIT_ITEM_MAX} characters.`;
  if (values.criteria.some((c) => c.trim() === '')) errors.criteria = 'Fill in or remove the empty criterion.';
  else if (values.criteria.some((c) => c.length > KIT_ITEM_MAX))
    errors.criteria = `A criterion may not be longer than ${KIT_ITEM_MAX} characters.`;
  return errors;
}

/**
 * The errors left once `field` is edited: its own goes, and so does “Give a location or a video
 * link.” when either of that pair changes (it is one check of both, shown on Location).
 */
export function errorsAfterEdit(errors: ScheduleErrors, field: keyof ScheduleValues): ScheduleErrors {
  const next: ScheduleErrors = { ...errors, [field]: undefined };
  if (field === 'location' || field === 'video_url') {
    for (const pair of ['location', 'video_url'] as const) {
      if (next[pair] === INTERVIEW_TEXTS.locationRequired) next[pair] = undefined;
    }
  }
  return next;
}

function place(values: ScheduleValues) {
  return { location: values.location.trim() || null, video_url: values.video_url.trim() || null };
}

/** The body to schedule the interview, or (`tookPlace`) to log one that already happened. */
export function toScheduleBody(values: ScheduleValues, options: { tookPlace?: boolean } = {}): ScheduleInterviewBody {
  const times = timesOf(values);
  if (!times) throw new Error('The form is not valid.');
  return {
    ...(options.tookPlace ? { took_place: true } : {}),
    type_id: values.type_id,
    starts_at: times.starts_at,
    duration_minutes: Number(values.duration),
    timezone: values.timezone,
    ...place(values),
    interviewer_ids: values.interviewer_ids,
    questions: values.questions.map((q) => q.trim()),
    criteria: values.criteria.map((c) => c.trim()),
  };
}

export function toRescheduleBody(values: ScheduleValues): RescheduleInterviewBody {
  const { type_id: _type, ...body } = toScheduleBody(values);
  return body;
}

/** Server field names → form fields, for a 422. */
export const SERVER_FIELDS: Record<string, keyof ScheduleValues> = {
  type_id: 'type_id',
  starts_at: 'time',
  ends_at: 'duration',
  duration_minutes: 'duration',
  timezone: 'timezone',
  location: 'location',
  video_url: 'video_url',
  interviewer_ids: 'interviewer_ids',
  questions: 'questions',
  criteria: 'criteria',
};
