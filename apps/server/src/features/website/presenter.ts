import { API_BASE_PATH } from '@hireloop/contract/constants';
import type { EmploymentType, LocationType, RoleStatus, SalaryPeriod } from '@hireloop/contract/roles';
import {
  careersApplyFormPath,
  careersPath,
  careersRolePath,
  type Website,
  type WebsiteJob,
  type WebsiteProductState,
  type WebsiteRole,
} from '@hireloop/contract/website';
import { effectivePlan } from '../billing/plans.ts';
import { notLiveReason, type CareersSiteSettings, type RoleOnSite, type WebsiteOrganisation } from './repository.ts';

/** The careers site's logo for members (per request authorised); `v` changes with each upload. */
export const websiteLogoUrl = (organisationId: string, fileId: string) =>
  `${API_BASE_PATH}/organisation/${organisationId}/website/logo?v=${fileId}`;

/** Not subscribed, subscribed during the organisation's trial, or subscribed on a chosen plan. */
export function productStateOf(org: WebsiteOrganisation, now: Date = new Date()): { state: WebsiteProductState; trailEndsAt: Date | null } {
  const plan = effectivePlan(org, now);
  if (!org.subscribed) return { state: 'not_subscribed', trailEndsAt: plan.trailEndsAt };
  return plan.plan === 'trial' ? { state: 'trial', trailEndsAt: plan.trailEndsAt } : { state: 'active', trailEndsAt: null };
}

export function presentWebsiteRole(role: RoleOnSite, subscribed: boolean): WebsiteRole {
  const reason = notLiveReason(role, subscribed);
  return {
    id: role.id,
    name: role.name,
    team: role.teamId && role.teamName !== null ? { id: role.teamId, name: role.teamName } : null,
    status: role.status as RoleStatus,
    published: role.published,
    location: role.location,
    location_type: role.locationType as LocationType,
    employment_type: role.employmentType as EmploymentType,
    questions: role.questions,
    open_recruitment: role.openRecruitmentId ? { id: role.openRecruitmentId, name: role.openRecruitmentName ?? '' } : null,
    live: reason === null,
    not_live_reason: reason,
  };
}

export function presentWebsite(
  org: WebsiteOrganisation,
  site: CareersSiteSettings,
  roles: RoleOnSite[],
  appUrl: string,
  now: Date = new Date(),
): Website {
  const { state, trailEndsAt } = productStateOf(org, now);
  return {
    product_state: state,
    trail_ends_at: trailEndsAt ? trailEndsAt.toISOString() : null,
    url: `${appUrl}${careersPath(org.slug)}`,
    slug: org.slug,
    headline: site.headline,
    intro: site.intro,
    brand_colour: site.brandColour,
    logo_url: site.logoFileId ? websiteLogoUrl(org.id, site.logoFileId) : null,
    roles: roles.map((r) => presentWebsiteRole(r, org.subscribed)),
  };
}

export function presentJob(role: RoleOnSite, slug: string, appUrl: string): WebsiteJob {
  const hasSalary = role.salaryMin !== null || role.salaryMax !== null;
  return {
    id: role.id,
    title: role.name,
    team: role.teamId && role.teamName !== null ? { id: role.teamId, name: role.teamName } : null,
    location: role.location,
    location_type: role.locationType as LocationType,
    employment_type: role.employmentType as EmploymentType,
    salary: hasSalary
      ? { min: role.salaryMin, max: role.salaryMax, currency: role.salaryCurrency, period: role.salaryPeriod as SalaryPeriod }
      : null,
    description_html: role.descriptionHtml,
    url: `${appUrl}${careersRolePath(slug, role.id)}`,
    apply_url: `${appUrl}${careersApplyFormPath(slug, role.id)}`,
    published: true,
  };
}

/** What the audit log keeps of the site's settings. */
export const auditSite = (s: { headline: string; intro: string; brandColour: string }) => ({
  headline: s.headline,
  intro: s.intro,
  brand_colour: s.brandColour,
});

/** applications / visits, 0 when there were no visits; rounded to 4 places. */
export const conversionOf = (applications: number, visits: number) =>
  visits === 0 ? 0 : Math.round((applications / visits) * 10_000) / 10_000;
