/** User-facing texts from docs/product.md §8, and the server's error texts. Defined once. */
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
  /** The database cannot be reached for a moment (restarting, or being restarted by the app). */
  databaseUnavailable: 'The database is unavailable for a moment. Try again shortly.',
  /** NUL and other non-text control characters, anywhere in a request. */
  controlCharacters: 'Must not contain control characters.',
  /** Single-line fields (names, titles): no line breaks or tabs either. */
  singleLine: 'Must be a single line, without line breaks or control characters.',
} as const;

const recruitmentsWord = (n: number) => (n === 1 ? 'recruitment' : 'recruitments');

/**
 * Texts of a plan limit that refuses a change (422). `plan` names what is in force, as
 * "Free plan" or "Team trial".
 */
export const LIMIT_TEXTS = {
  /** Opening or reopening one more recruitment than the plan allows. */
  activeRecruitments: (plan: string, limit: number) =>
    `The ${plan} allows ${limit} active ${recruitmentsWord(limit)}. Close one or upgrade to open another.`,
  /** Changing to a plan the active recruitments do not fit. */
  activeRecruitmentsInUse: (plan: string, limit: number, active: number) =>
    `The ${plan} allows ${limit} active ${recruitmentsWord(limit)}, and ${active} are active (open or on hold). Close recruitments first.`,
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
  'unavailable',
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
  /** The database cannot be reached for a moment. */
  unavailable: 503,
};

/** The error envelope of docs/product.md §8 (its zod schema is in error-response.ts, kept apart so the web's first bundle carries no zod). */
export type ErrorResponse = { message: string; code: string; errors?: Record<string, string[]> };

/** "Amira Haddad", "Amira Haddad and Tom Okafor", "A, B and C". */
const namesOf = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/**
 * The organisation's offer approval setting ("Offers need approval from …"): why the server refuses
 * to submit or change an offer, and why it refuses the setting itself. Each names what is required.
 */
export const OFFER_APPROVAL_TEXTS = {
  /** The role rule: `role` is the role's label, e.g. "Admin". */
  roleRequired: (role: string) =>
    `Offers need approval from a member with the role ${role} or higher, other than the person submitting. Add one to the approvers.`,
  /** The named-people rule: a list of approvers sent without them. */
  peopleRequired: (names: readonly string[]) => `Offers need approval from ${namesOf(names)}; they cannot be removed from the approvers.`,
  /** A named person left the organisation or lost the right to approve offers. */
  peopleUnavailable: (names: readonly string[]) =>
    `Offers need approval from ${namesOf(names)}, who can no longer approve offers here. An admin must change “Offers need approval from” in Organisation Settings.`,
  tooManyApprovers: (max: number) => `With the approvers the organisation requires, an offer would have more than ${max} approvers.`,
  settingRole: 'Choose a role that can approve offers.',
  settingPeopleEmpty: 'Choose at least one person.',
  settingPeopleDuplicate: 'Each person may be chosen only once.',
  settingPeopleTooMany: (max: number) => `Choose at most ${max} people.`,
  settingPersonUnknown: 'Each person must be a member of this organisation who can approve offers.',
} as const;
