/** Business constants from docs/product.md §9 and the foundation issue. Defined once, used by server and web. */

export const PRODUCT_NAME = 'Hireloop';
export const API_VERSION = 'v1';
export const API_BASE_PATH = `/api/${API_VERSION}`;

/** The start-up loader stays visible at least this long (docs/product.md §4, §9). */
export const LOADER_MIN_DISPLAY_MS = 600;
/** Toasts close on their own after this long, top-right (docs/product.md §4, §9). */
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_POSITION = 'top-right' as const;

/** Multi-step form drafts (docs/product.md §9). Key: `${DRAFT_KEY_PREFIX}:${user}.${organisation}.${key ?? ''}:${group}`. */
export const DRAFT_KEY_PREFIX = 'onboarding-draft';
export const DRAFT_SAVE_DEBOUNCE_MS = 200;
export const DRAFT_TTL_MS = 3_600_000;

/** Smooth scroll to a hash anchor leaves this much room for the sticky header (docs/product.md §4). */
export const SCROLL_HASH_OFFSET_PX = 80;

/** A new organisation's trial (`trail_ends_at`, spelled so by docs/product.md §18). */
export const TRIAL_DAYS = 14;

/** Membership roles, most powerful first. */
export const MEMBER_ROLES = ['owner', 'admin', 'recruiter', 'hiring_manager', 'interviewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
/** How a member role reads in the app and in mail. */
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  recruiter: 'Recruiter',
  hiring_manager: 'Hiring manager',
  interviewer: 'Interviewer',
};

/** Sessions: idle and absolute expiry. */
export const SESSION_IDLE_MS = 7 * 24 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3_600_000;
export const SESSION_COOKIE = 'hireloop_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** Paging defaults for every list endpoint. */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/** Date picker (docs/product.md §9): mm/dd/yy, week starts Sunday (0). */
export const DATE_PICKER_FORMAT = 'MM/DD/YY';
export const FIRST_DAY_OF_WEEK = 0;
/** Two-digit years resolve within this many years ahead of today (docs/product.md §9). */
export const TWO_DIGIT_YEAR_WINDOW = 20;
