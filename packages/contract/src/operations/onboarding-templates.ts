import { z } from 'zod';
import { errorResponse } from '../error-response.ts';
import {
  onboardingTemplateBody,
  onboardingTemplateResponse,
  onboardingTemplatesResponse,
  updateOnboardingTemplateBody,
} from '../onboarding.ts';
import { listQuery } from '../pagination.ts';
import { defineOperation } from './operation.ts';

const tags = ['onboarding templates'];
const templates = 'organisation/{organisationId}/onboarding-templates';
const template = `${templates}/{templateId}` as const;

/** `organisation/{id}/onboarding-templates`: checklists (tasks and documents) copied onto each hire. */
export const onboardingTemplateOperations = {
  list: defineOperation({
    method: 'GET',
    path: templates,
    tags,
    summary: 'The checklist templates, by name',
    query: listQuery,
    responses: { 200: onboardingTemplatesResponse },
  }),
  create: defineOperation({
    method: 'POST',
    path: templates,
    tags,
    summary: 'Creates a template: name, first-day information, tasks (owner and days relative to the start date) and documents',
    body: onboardingTemplateBody,
    responses: { 201: onboardingTemplateResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: template,
    tags,
    summary: 'One template',
    responses: { 200: onboardingTemplateResponse, 404: errorResponse },
  }),
  update: defineOperation({
    method: 'PATCH',
    path: template,
    tags,
    summary: 'Changes a template; sent task and document lists replace the old ones (hires keep their copies)',
    body: updateOnboardingTemplateBody,
    responses: { 200: onboardingTemplateResponse, 404: errorResponse, 422: errorResponse },
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: template,
    tags,
    summary: 'Deletes a template (hires keep their checklists)',
    responses: { 204: z.null(), 404: errorResponse },
  }),
};
