import { errorResponse } from '../error-response.ts';
import {
  applicationInterviewsResponse,
  cancelInterviewBody,
  conflictsQuery,
  conflictsResponse,
  interviewListQuery,
  interviewResponse,
  interviewsResponse,
  rescheduleInterviewBody,
  scheduleInterviewBody,
  scorecardBody,
  scorecardResponse,
  scorecardsResponse,
} from '../interviews.ts';
import { defineOperation } from './operation.ts';

const tags = ['interviews'];
const interview = 'organisation/{organisationId}/interviews/{interview}';

/** docs/product.md §14: interviews of applications, their invitations (.ics), and scorecards. */
export const interviewOperations = {
  listForRecruitment: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/recruitments/{recruitment}/interviews',
    tags,
    summary:
      "A recruitment's interviews, paged: filter[when] upcoming (default) | past | all, filter[status], filter[interviewer] (user id or `me`), filter[application]; an interviewer sees only the interviews they are on",
    query: interviewListQuery,
    responses: { 200: interviewsResponse, 404: errorResponse, 422: errorResponse },
  }),
  listForApplication: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/applications/{application}/interviews',
    tags,
    summary: "An application's interviews by start time (an interviewer sees only the ones they are on)",
    responses: { 200: applicationInterviewsResponse, 404: errorResponse },
  }),
  schedule: defineOperation({
    method: 'POST',
    path: 'organisation/{organisationId}/applications/{application}/interviews',
    tags,
    summary:
      'Schedules an interview; each interviewer and the candidate get an e-mail with an .ics invitation (METHOD:REQUEST); interviewers are notified. With took_place: true, logs a past interview instead (no invitations; completed; scorecards open at once)',
    body: scheduleInterviewBody,
    responses: { 201: interviewResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  conflicts: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/interviews/conflicts',
    tags,
    summary: "The given users' scheduled interviews overlapping starts_at–ends_at (exclude: an interview being rescheduled)",
    query: conflictsQuery,
    responses: { 200: conflictsResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: interview,
    tags,
    summary: 'One interview (404 for an interviewer who is not on it)',
    responses: { 200: interviewResponse, 404: errorResponse },
  }),
  reschedule: defineOperation({
    method: 'PATCH',
    path: interview,
    tags,
    summary:
      'Reschedules or changes a scheduled interview; a change of time, place or interviewers re-sends the invitation (same UID, SEQUENCE+1) and METHOD:CANCEL to removed interviewers',
    body: rescheduleInterviewBody,
    responses: { 200: interviewResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  cancel: defineOperation({
    method: 'POST',
    path: `${interview}/cancel`,
    tags,
    summary: 'Cancels an interview; everyone invited gets METHOD:CANCEL',
    body: cancelInterviewBody,
    responses: { 200: interviewResponse, 404: errorResponse, 409: errorResponse },
  }),
  complete: defineOperation({
    method: 'POST',
    path: `${interview}/complete`,
    tags,
    summary: 'Marks an interview that has started as completed',
    responses: { 200: interviewResponse, 404: errorResponse, 409: errorResponse },
  }),
  submitScorecard: defineOperation({
    method: 'POST',
    path: `${interview}/scorecard`,
    tags,
    summary: "Submits the caller's scorecard (interviewers of it only, once): a 1–4 rating per kit criterion, a recommendation, notes",
    body: scorecardBody,
    responses: { 201: scorecardResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  scorecards: defineOperation({
    method: 'GET',
    path: `${interview}/scorecards`,
    tags,
    summary: "An interview's scorecards; an interviewer of it sees the others' only after submitting their own",
    responses: { 200: scorecardsResponse, 404: errorResponse },
  }),
};
