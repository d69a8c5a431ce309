import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import { createOnboardingStageBody, onboardingStageResponse, onboardingStagesResponse, updateOnboardingStageBody } from '../onboarding.ts';
import { reorderBody } from '../ordering.ts';
import { listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['onboarding stages'];
const stages = 'organisation/{organisationId}/onboarding-stages';
const stage = `${stages}/{stageId}` as const;

/** `organisation/{id}/onboarding-stages`: the columns of every onboarding — list, create, change, delete, reorder. */
export const onboardingStageOperations = {
  list: defineOperation({
    method: 'GET',
    path: stages,
    tags,
    summary: "The organisation's onboarding stages in order (the defaults are created on first use)",
    query: listQuery,
    responses: { 200: onboardingStagesResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: stages,
    tags,
    summary: 'Adds a stage at the end (colour defaults to #228be6, category to in_progress)',
    body: createOnboardingStageBody,
    responses: { 201: onboardingStageResponse, 409: errorResponse, 422: errorResponse },
  }),
  reorder: defineOperation({
    method: 'PATCH',
    path: `${stages}/reorder`,
    tags,
    summary: 'Moves the stage at position `original` to position `new` (both 1-based); returns the new order',
    body: reorderBody,
    responses: { 200: onboardingStagesResponse, 422: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: stage,
    tags,
    summary: 'Renames, recolours or recategorises a stage',
    body: updateOnboardingStageBody,
    responses: { 200: onboardingStageResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: stage,
    tags,
    summary: 'Deletes a stage; the ones after it move up. A stage holding hires, or the last one, cannot be deleted (422)',
    responses: { 204: z.null(), 404: errorResponse, 422: errorResponse },
  }),
};
