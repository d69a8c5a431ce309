/**
 * Who owns which table (docs/architecture.md §6): only files inside the owner, a folder or a file
 * under apps/server/src, insert, update or delete its rows; other features change them through the
 * owner's service. Reads across tables are not ownership. A new table gets its owner here; the check
 * is db/table-owners.test.ts (run with the unit tests).
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  users: 'features/auth',
  sessions: 'features/auth',
  auth_flows: 'features/auth',
  local_identities: 'features/auth',
  organisations: 'features/organisations',
  memberships: 'features/members',
  invitations: 'features/invitations',
  api_keys: 'features/api-keys',
  audit_log: 'features/audit',
  teams: 'features/teams',
  team_members: 'features/teams',
  job_roles: 'features/roles',
  experience_levels: 'features/experience-levels',
  recruitment_statuses: 'features/recruitment-statuses',
  recruitments: 'features/recruitments',
  recruitment_members: 'features/recruitments',
  candidates: 'features/candidates',
  applications: 'features/applications',
  application_stage_changes: 'features/applications',
  // Written only by the triggers on applications (migration 0025).
  recruitment_stage_counts: 'features/applications',
  // Written only by the triggers on applications and application_stage_changes (migration 0028).
  recruitment_day_figures: 'features/applications',
  candidate_notes: 'features/candidates',
  candidate_files: 'features/candidates',
  activities: 'features/activities',
  candidate_imports: 'features/candidate-imports',
  interview_types: 'features/interview-types',
  interviews: 'features/interviews',
  interview_interviewers: 'features/interviews',
  scorecards: 'features/interviews',
  offers: 'features/offers',
  offer_approvals: 'features/offers',
  offer_letter_templates: 'features/offer-letters',
  careers_sites: 'features/website',
  career_questions: 'features/website',
  career_applications: 'features/careers',
  // Written only by the trigger on career_applications (migration 0030).
  careers_application_days: 'features/careers',
  careers_page_views: 'features/careers',
  onboarding_stages: 'features/onboarding-stages',
  onboarding_templates: 'features/onboarding-templates',
  onboardings: 'features/onboardings',
  hires: 'features/onboardings',
  hire_tasks: 'features/onboardings',
  hire_documents: 'features/onboardings',
  notifications: 'features/notifications',
  outbox: 'features/outbox',
  dev_mailbox: 'features/mail',
  stored_files: 'features/files',
  // Claimed by jobs/periodic.ts; its one statement is db/job-runs.ts (docs/architecture.md §7).
  job_runs: 'db/job-runs.ts',
};

/**
 * Files that may write any table: the demo organisation (docs/architecture.md §5) is seeded in bulk,
 * beneath the features' rules, on a fresh database only.
 */
export const WRITES_ANY_TABLE: readonly string[] = [
  'db/demo-seed.ts',
  'db/demo-hiring.ts',
  'db/demo-interviews.ts',
  'db/demo-offers.ts',
  'db/demo-onboarding.ts',
  'db/demo-roles.ts',
  'db/demo-website.ts',
];

/**
 * Writes by a file outside the table's owner that are known and being moved to the owner
 * (docs/architecture.md §6, "known problem"). This list only shrinks: the check fails for a foreign
 * write not listed here and for an entry that is no longer needed.
 */
export const KNOWN_FOREIGN_WRITES: ReadonlyArray<{ file: string; table: string }> = [];
