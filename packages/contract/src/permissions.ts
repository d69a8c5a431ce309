import type { ApiKeyAccess, ApiKeyResource, ApiKeyScope } from './api-keys.ts';
import type { MemberRole } from './constants.ts';

/**
 * THE permission matrix: which member role may do what, and whether an API key may do it
 * (with which scope). The server enforces it on every organisation-scoped route (each declares
 * one permission), the web hides what the user may not do (GET /auth returns each
 * organisation's permissions), and docs/permissions.md is generated from it.
 */
export type PermissionRule = {
  description: string;
  roles: readonly MemberRole[];
  /** API keys of the organisation may use it with this access to `resource`; null: sessions only (settings). */
  apiKey: ApiKeyAccess | null;
  /** The resource whose scope a key needs (a route may name another: applications' routes use candidates' permissions). */
  resource?: ApiKeyResource;
};

const everyone = ['owner', 'admin', 'recruiter', 'hiring_manager', 'interviewer'] as const;
const admins = ['owner', 'admin'] as const;

export const PERMISSIONS = {
  'organisation.view': { description: 'See the organisation and its settings', roles: everyone, apiKey: null },
  'organisation.update': { description: 'Change name, slug, logo, website, timezone', roles: admins, apiKey: null },
  'organisation.delete': { description: 'Delete the organisation and all its data', roles: ['owner'], apiKey: null },
  'audit.view': { description: 'Read the audit log', roles: admins, apiKey: null },
  'members.view': { description: 'List members', roles: everyone, apiKey: 'read', resource: 'organisation' },
  'members.manage': { description: 'Invite, re-send, revoke, change roles, remove members', roles: admins, apiKey: null },
  'billing.view': { description: 'See the plan and trial', roles: everyone, apiKey: null },
  'billing.manage': { description: 'Change plan, subscribe to products', roles: ['owner'], apiKey: null },
  'api_keys.manage': { description: 'Create, list and revoke API keys', roles: admins, apiKey: null },
  'recruitment_settings.view': {
    description: 'Read experience levels, recruitment statuses and defaults',
    roles: everyone,
    apiKey: 'read',
    resource: 'organisation',
  },
  'recruitment_settings.manage': {
    description: 'Change experience levels, recruitment statuses and defaults',
    roles: admins,
    apiKey: null,
  },
  'teams.view': {
    description: 'List teams and clients with their hiring teams',
    roles: everyone,
    apiKey: 'read',
    resource: 'organisation',
  },
  'teams.manage': {
    description: 'Create, change and delete teams and clients',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: 'write',
    resource: 'organisation',
  },
  'roles.view': { description: 'List job roles', roles: everyone, apiKey: 'read', resource: 'organisation' },
  'roles.manage': {
    description: 'Create and change job roles',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: 'write',
    resource: 'organisation',
  },
  'recruitments.view': {
    description: 'List recruitments and read their analytics',
    roles: everyone,
    apiKey: 'read',
    resource: 'recruitments',
  },
  'recruitments.manage': {
    description: 'Start, change, hold, close and delete recruitments and their hiring teams',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: 'write',
    resource: 'recruitments',
  },
  'candidates.view': {
    description: 'See candidates, their applications, files, notes and timeline',
    roles: everyone,
    apiKey: 'read',
    resource: 'candidates',
  },
  'candidates.manage': {
    description: 'Add, edit, move, rate, tag, reject, transfer and merge candidates; upload their files',
    roles: ['owner', 'admin', 'recruiter', 'hiring_manager'],
    apiKey: 'write',
    resource: 'candidates',
  },
  'candidates.note': { description: 'Write notes on candidates and mention colleagues', roles: everyone, apiKey: null },
  'candidates.import': {
    description: 'Import candidates from a CSV file',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: 'write',
    resource: 'candidates',
  },
  'candidates.export': {
    description: "Export candidates as CSV and a person's data as JSON",
    roles: ['owner', 'admin', 'recruiter', 'hiring_manager'],
    apiKey: 'read',
    resource: 'candidates',
  },
  'candidates.erase': { description: "Erase a candidate's personal data (GDPR)", roles: admins, apiKey: null },
  'dashboard.view': { description: 'See your own dashboard', roles: everyone, apiKey: null },
  'offers.view': {
    description: 'See offers, their approvals and letters',
    roles: ['owner', 'admin', 'recruiter', 'hiring_manager'],
    apiKey: 'read',
    resource: 'offers',
  },
  'offers.approve': {
    description: 'Approve or reject an offer — only its listed approvers, in order',
    roles: ['owner', 'admin', 'recruiter', 'hiring_manager'],
    apiKey: null,
  },
  'offers.manage': {
    description: 'Create, change, submit, send and withdraw offers; edit the offer letter template',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: 'write',
    resource: 'offers',
  },
  'interviews.view': {
    description: 'See interviews, interview types and scorecard summaries (an interviewer only the interviews they are on)',
    roles: everyone,
    apiKey: 'read',
    resource: 'interviews',
  },
  'interviews.manage': {
    description: 'Schedule, reschedule, cancel and complete interviews',
    roles: ['owner', 'admin', 'recruiter', 'hiring_manager'],
    apiKey: 'write',
    resource: 'interviews',
  },
  'interview_types.manage': {
    description: 'Create, change, reorder and delete interview types and their kits',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: null,
  },
  'scorecards.submit': { description: 'Submit a scorecard for an interview you are an interviewer of', roles: everyone, apiKey: null },
  'website.view': {
    description: "See the careers site's settings, published roles and figures; read the jobs feed",
    roles: ['owner', 'admin', 'recruiter', 'hiring_manager'],
    apiKey: 'read',
    resource: 'website',
  },
  'website.manage': {
    description: 'Change the careers site (headline, intro, colour, logo), publish roles and edit their application questions',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: null,
  },
  'onboarding.view': {
    description: 'See onboardings, hires, their checklists and documents',
    roles: everyone,
    apiKey: 'read',
    resource: 'onboarding',
  },
  'onboarding.manage': {
    description: 'Add hires, move them between stages, edit their checklists, documents, start date and buddy; send the new-hire link',
    roles: ['owner', 'admin', 'recruiter', 'hiring_manager'],
    apiKey: 'write',
    resource: 'onboarding',
  },
  'onboarding.tasks': {
    description: 'Tick off onboarding tasks — any task with onboarding.manage, otherwise only the tasks you own',
    roles: everyone,
    apiKey: null,
  },
  'onboarding_settings.manage': {
    description: 'Change onboarding stages and checklist templates',
    roles: ['owner', 'admin', 'recruiter'],
    apiKey: null,
  },
} as const satisfies Record<string, PermissionRule>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function can(role: MemberRole, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly MemberRole[]).includes(role);
}

export function permissionsOf(role: MemberRole): Permission[] {
  return PERMISSION_NAMES.filter((p) => can(role, p));
}

/** The scope an API key needs for the permission (on a route of `resource`, when it names one); null: keys may not. */
export function keyScopeFor(permission: Permission, resource?: ApiKeyResource): ApiKeyScope | null {
  const rule: PermissionRule = PERMISSIONS[permission];
  const on = resource ?? rule.resource;
  return rule.apiKey && on ? `${on}:${rule.apiKey}` : null;
}

/** Whether an API key with these scopes may use the permission (on a route of `resource`); write implies read. */
export function keyCan(scopes: readonly string[], permission: Permission, resource?: ApiKeyResource): boolean {
  const needed = keyScopeFor(permission, resource);
  if (!needed) return false;
  return scopes.includes(needed) || (needed.endsWith(':read') && scopes.includes(needed.replace(/:read$/, ':write')));
}
