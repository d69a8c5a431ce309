import { errorResponse } from '../error-response.ts';
import { recruitmentSettingsResponse, updateRecruitmentSettingsBody } from '../recruitment-settings.ts';
import { defineOperation } from './operation.ts';

const tags = ['recruitment settings'];
const settings = 'organisation/{organisationId}/recruitment-settings';

/** `organisation/{id}/recruitment-settings`: default interview length and candidate data retention. */
export const recruitmentSettingsOperations = {
  get: defineOperation({
    method: 'GET',
    path: settings,
    tags,
    summary: "The organisation's recruitment defaults",
    responses: { 200: recruitmentSettingsResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: settings,
    tags,
    summary: 'Changes the default interview length (15–480 minutes) and/or candidate data retention (1–120 months)',
    body: updateRecruitmentSettingsBody,
    responses: { 200: recruitmentSettingsResponse, 422: errorResponse },
  }),
};
