import { careersRolePath } from '@hireloop/contract/website';
import type { CareersRole, CareersSite } from '../model.ts';
import { logoPath } from './layout.ts';

/** schema.org employmentType values. */
const EMPLOYMENT_TYPES: Record<string, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
};
const UNIT_TEXT: Record<string, string> = { year: 'YEAR', month: 'MONTH', hour: 'HOUR' };

/**
 * JSON inside `<script type="application/ld+json">`: `<`, `>` and `&` written as \u escapes (no
 * `</script>` or `<!--` can close or confuse the element), and the two line separators JSON allows
 * but JavaScript parsers once did not.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The role as a schema.org JobPosting (what search engines read for job listings). */
export function jobPosting(site: CareersSite, role: CareersRole): Record<string, unknown> {
  const logo = logoPath(site);
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: role.name,
    description: role.descriptionHtml.trim() || `<p>${role.name} at ${site.organisation.name}.</p>`,
    datePosted: role.postedAt.toISOString().slice(0, 10),
    employmentType: EMPLOYMENT_TYPES[role.employmentType] ?? 'OTHER',
    identifier: { '@type': 'PropertyValue', name: site.organisation.name, value: role.id },
    url: `${site.appUrl}${careersRolePath(site.organisation.slug, role.id)}`,
    directApply: true,
    hiringOrganization: {
      '@type': 'Organization',
      name: site.organisation.name,
      ...(site.organisation.website ? { sameAs: site.organisation.website } : {}),
      ...(logo ? { logo: `${site.appUrl}${logo}` } : {}),
    },
  };
  if (role.locationType === 'remote') {
    posting.jobLocationType = 'TELECOMMUTE';
    if (role.location) posting.applicantLocationRequirements = { '@type': 'AdministrativeArea', name: role.location };
  } else if (role.location) {
    posting.jobLocation = { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: role.location } };
  }
  const s = role.salary;
  if (s && s.currency && (s.min !== null || s.max !== null)) {
    const unitText = UNIT_TEXT[s.period] ?? 'YEAR';
    const value =
      s.min !== null && s.max !== null && s.min !== s.max
        ? { '@type': 'QuantitativeValue', minValue: s.min, maxValue: s.max, unitText }
        : { '@type': 'QuantitativeValue', value: s.min ?? s.max, unitText };
    posting.baseSalary = { '@type': 'MonetaryAmount', currency: s.currency, value };
  }
  return posting;
}

export const jobPostingScript = (site: CareersSite, role: CareersRole) =>
  `<script type="application/ld+json">${scriptJson(jobPosting(site, role))}</script>`;
