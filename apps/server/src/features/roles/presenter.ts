import type { JobRole } from '@hireloop/contract/roles';
import type { RoleWithRefs } from './repository.ts';

export function presentRole(r: RoleWithRefs): JobRole {
  return {
    id: r.id,
    name: r.name,
    team: r.teamId && r.teamName !== null ? { id: r.teamId, name: r.teamName } : null,
    level: r.experienceLevelId && r.levelName !== null ? { id: r.experienceLevelId, name: r.levelName } : null,
    location_type: r.locationType as JobRole['location_type'],
    location: r.location,
    employment_type: r.employmentType as JobRole['employment_type'],
    salary_min: r.salaryMin,
    salary_max: r.salaryMax,
    salary_currency: r.salaryCurrency,
    salary_period: r.salaryPeriod as JobRole['salary_period'],
    description_html: r.descriptionHtml,
    status: r.status as JobRole['status'],
    published: r.published,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}
