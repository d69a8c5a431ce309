/**
 * The one query-key factory for what more than one feature reads: the start-up data and the
 * organisation's shared lists (features share only through features/session, docs/architecture.md §9).
 * Each resource has exactly one key here; a screen that needs it uses the hook in
 * organisation-lists.ts or queries.ts, and every mutation that changes it invalidates this key.
 *
 * Keys carry the organisation (or user) id, so a switch never shows the previous organisation's
 * data. Lists that a feature pages or filters itself sit under their resource's key (e.g. the
 * members page under `users`), so invalidating the resource refreshes every view of it.
 */
export const queryKeys = {
  /** Start-up: the first page of members, with the total (docs/product.md §4). */
  users: (organisationId: string) => ['organisation', organisationId, 'users'] as const,
  /** Every member, for selects, mentions and approvers. */
  members: (organisationId: string) => ['organisation', organisationId, 'users', 'all'] as const,
  /** Start-up: the first page of job roles, with the total. */
  roles: (organisationId: string) => ['organisation', organisationId, 'roles'] as const,
  /** Every job role, for selects and filters. */
  roleOptions: (organisationId: string) => ['organisation', organisationId, 'roles', 'all'] as const,
  teams: (organisationId: string) => ['organisation', organisationId, 'teams'] as const,
  /** Every team, for selects and filters. */
  teamOptions: (organisationId: string) => ['organisation', organisationId, 'teams', 'all'] as const,
  billing: (organisationId: string) => ['organisation', organisationId, 'billing'] as const,
  experienceLevels: (organisationId: string) => ['organisation', organisationId, 'experience-levels'] as const,
  recruitmentStatuses: (organisationId: string) => ['organisation', organisationId, 'recruitment-statuses'] as const,
  interviewTypes: (organisationId: string) => ['organisation', organisationId, 'interview-types'] as const,
  recruitmentSettings: (organisationId: string) => ['organisation', organisationId, 'recruitment-settings'] as const,
  notifications: (userId: string) => ['user', userId, 'notifications'] as const,
};
