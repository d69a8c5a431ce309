import { candidateImportPreviewResponse, candidateImportResponse } from '../candidates.ts';
import { errorResponse } from '../error-response.ts';
import { defineOperation } from './operation.ts';

const tags = ['candidates'];
const imports = 'organisation/{organisationId}/recruitments/{recruitment}/imports';

/** organisation/{id}/recruitments/{recruitment}/imports (CSV import) and organisation/{id}/imports/{import} (its progress). */
export const candidateImportOperations = {
  start: defineOperation({
    method: 'POST',
    path: imports,
    tags,
    summary:
      'Imports candidates from a CSV file (multipart `file`, UTF-8, at most 20 MB and 50,000 rows) with `mapping` (JSON: field → column). Answers 202 at once; GET /imports/{import} shows the progress and the refused rows',
    consumes: ['multipart/form-data'],
    responses: { 202: candidateImportResponse, 400: errorResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
  }),
  preview: defineOperation({
    method: 'POST',
    path: `${imports}/preview`,
    tags,
    summary:
      'What importing this CSV file (same body as the import) would do, nothing saved: how many rows would be imported, and each unreadable, invalid or duplicate row (and each matched to an existing candidate) with the reason',
    consumes: ['multipart/form-data'],
    responses: { 200: candidateImportPreviewResponse, 400: errorResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
  }),
  get: defineOperation({
    method: 'GET',
    path: 'organisation/{organisationId}/imports/{import}',
    tags,
    summary: 'A CSV import: its status, progress and the rows it refused and why',
    responses: { 200: candidateImportResponse, 404: errorResponse },
  }),
};
