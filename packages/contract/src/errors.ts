/** User-facing texts from SPEC §8, and the server's error texts. Defined once. */
export const ERROR_TEXTS = {
  noBusinessSet: 'No business set',
  login: 'Login',
  invalidIsoDate: 'Non ISO 8601 compliant date',
  generic: 'Something went wrong, please try again shortly',
  invalidSelectedDate: 'The selected date is invalid.',
  unauthenticated: 'You are not signed in.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  csrfMismatch: 'CSRF token mismatch. Reload the page and try again.',
  validation: 'The given data was invalid.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Internal server error.',
  /** NUL and other non-text control characters, anywhere in a request. */
  controlCharacters: 'Must not contain control characters.',
  /** Single-line fields (names, titles): no line breaks or tabs either. */
  singleLine: 'Must be a single line, without line breaks or control characters.',
} as const;

/** Machine-readable error codes; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'gone',
  'csrf_mismatch',
  'payload_too_large',
  'validation_failed',
  'rate_limited',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** Existed but is no longer usable (an expired or used invitation link). */
  gone: 410,
  csrf_mismatch: 419,
  payload_too_large: 413,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
};

/** The error envelope of DESIGN §4 (its zod schema is in error-response.ts, kept apart so the web's first bundle carries no zod). */
export type ErrorResponse = { message: string; code: string; errors?: Record<string, string[]> };
