/**
 * The one query-key factory for what more than one feature (or a shared component) reads or
 * refreshes: the start-up data, the organisation's shared lists and the hiring data the
 * recruitment, candidate, interview, offer, onboarding and dashboard screens refresh for one
 * another. It is here in lib/ so components/ may use it too (docs/architecture.md §9). Each
 * resource has exactly one key; the shared lists' one hook each is in
 * features/session/organisation-lists.ts, and every mutation that changes a resource invalidates
 * its key. A feature's own key objects only name or extend these.
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

  // ── hiring (prefix-matched on invalidation) ──
  /** The signed-in user's dashboard. */
  dashboard: (organisationId: string) => ['dashboard', organisationId] as const,
  /** Every list of recruitments (the recruitment list, a role's or a team's, "Move to another recruitment"). */
  recruitments: (organisationId: string) => ['recruitments', organisationId] as const,
  recruitmentList: (organisationId: string, params: unknown) => ['recruitments', organisationId, params] as const,
  recruitment: (organisationId: string, recruitmentId: string) => ['recruitment', organisationId, recruitmentId] as const,
  analytics: (organisationId: string, recruitmentId: string) => ['analytics', organisationId, recruitmentId] as const,
  /** Every list of a recruitment's applications (the table's pages, the offer form's select). */
  applications: (organisationId: string, recruitmentId: string) => ['applications', organisationId, recruitmentId] as const,
  application: (organisationId: string, applicationId: string) => ['application', organisationId, applicationId] as const,
  board: (organisationId: string, recruitmentId: string) => ['board', organisationId, recruitmentId] as const,
  candidateNotes: (organisationId: string, candidateId: string) => ['candidate-notes', organisationId, candidateId] as const,
  /** Every candidate's timeline; `candidateActivities(o, id)` is one candidate's. */
  allCandidateActivities: (organisationId: string) => ['candidate-activities', organisationId] as const,
  candidateActivities: (organisationId: string, candidateId: string) => ['candidate-activities', organisationId, candidateId] as const,
  interviews: (organisationId: string) => ['interviews', organisationId] as const,
  offers: (organisationId: string) => ['offers', organisationId] as const,
};

/**
 * Every cached view that shows the pipeline's stages by name, colour or order: boards, application
 * lists and details (the candidate slide-over), recruitment lists, details and figures, and the
 * dashboard, as prefixes of the keys above. A change to the pipeline refreshes them all.
 */
export function pipelineViewKeys(organisationId: string): ReadonlyArray<readonly string[]> {
  return ['board', 'applications', 'application', 'recruitments', 'recruitment', 'analytics', 'dashboard'].map((resource) => [
    resource,
    organisationId,
  ]);
}
