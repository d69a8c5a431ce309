import { z } from 'zod';
import type { ErrorResponse } from './errors.ts';

/** The error envelope of docs/product.md §8, for response schemas and the OpenAPI document. */
export const errorResponse: z.ZodType<ErrorResponse> = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
