import { careersPath, careersRolePath } from '@hireloop/contract/website';
import type { CareersRole, CareersSite } from '../model.ts';
import { e, EMPLOYMENT_LABELS, excerpt, page, paragraphs, roleFacts, siteUrl } from './layout.ts';

export type ListingFilters = { location: string; type: string };

const REMOTE = 'Remote';

/** The filter choices of a site: its roles' locations (and Remote when any role is) and employment types. */
export function filterOptions(site: CareersSite) {
  const locations = new Map<string, string>();
  for (const r of site.roles) {
    if (r.location) locations.set(r.location.toLowerCase(), r.location);
    if (r.locationType === 'remote') locations.set(REMOTE.toLowerCase(), REMOTE);
  }
  const types = Object.keys(EMPLOYMENT_LABELS).filter((t) => site.roles.some((r) => r.employmentType === t));
  return { locations: [...locations.values()].sort((a, b) => a.localeCompare(b)), types };
}

export function matches(role: CareersRole, f: ListingFilters): boolean {
  if (f.type && role.employmentType !== f.type) return false;
  if (f.location) {
    const want = f.location.toLowerCase();
    const atLocation = role.location?.toLowerCase() === want;
    const remote = want === REMOTE.toLowerCase() && role.locationType === 'remote';
    if (!atLocation && !remote) return false;
  }
  return true;
}

/** Rendered once per role and cache period; the listing joins them. */
export function roleItem(site: CareersSite, role: CareersRole): string {
  return `<li><a href="${e(careersRolePath(site.organisation.slug, role.id))}">${e(role.name)}</a><p class="muted">${e(roleFacts(role))}</p></li>`;
}

function select(id: string, name: string, label: string, all: string, options: [string, string][], value: string) {
  const opts = options
    .map(([v, text]) => `<option value="${e(v)}"${v.toLowerCase() === value.toLowerCase() ? ' selected' : ''}>${e(text)}</option>`)
    .join('');
  return `<div class="field"><label for="${id}">${label}</label><select id="${id}" name="${name}"><option value="">${all}</option>${opts}</select></div>`;
}

/**
 * The site's front page: headline, intro, filters (a GET form: works without script) and the
 * live roles grouped by team. `items` holds each role's pre-rendered list item.
 */
export function renderListing(site: CareersSite, items: Map<string, string>, filters: ListingFilters): string {
  const options = filterOptions(site);
  const filtered = filters.location !== '' || filters.type !== '';
  const roles = filtered ? site.roles.filter((r) => matches(r, filters)) : site.roles;

  const groups = new Map<string, { name: string; roles: CareersRole[] }>();
  for (const role of roles) {
    const key = role.team?.id ?? '';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { name: role.team?.name ?? '', roles: [] }));
    group.roles.push(role);
  }
  const ordered = [...groups.entries()].sort(([ka, a], [kb, b]) => (ka === '' ? 1 : kb === '' ? -1 : a.name.localeCompare(b.name)));
  const onlyUnteamed = ordered.length === 1 && ordered[0]![0] === '';
  const sections = ordered
    .map(([key, g], i) => {
      const heading = key === '' ? (onlyUnteamed ? 'Open roles' : 'Other roles') : g.name;
      return `<section aria-labelledby="team-${i}"><h2 id="team-${i}">${e(heading)}</h2><ul class="roles">${g.roles
        .map((r) => items.get(r.id) ?? roleItem(site, r))
        .join('')}</ul></section>`;
    })
    .join('');

  const count = filtered
    ? `${roles.length} of ${site.roles.length} open ${site.roles.length === 1 ? 'role matches' : 'roles match'} these filters`
    : `${roles.length} open ${roles.length === 1 ? 'role' : 'roles'}`;
  const form =
    site.roles.length === 0
      ? ''
      : `<form class="filters" method="get" action="${e(careersPath(site.organisation.slug))}" role="search" aria-label="Filter roles">` +
        select(
          'filter-location',
          'location',
          'Location',
          'All locations',
          options.locations.map((l) => [l, l]),
          filters.location,
        ) +
        select(
          'filter-type',
          'type',
          'Type',
          'All types',
          options.types.map((t) => [t, EMPLOYMENT_LABELS[t] ?? t]),
          filters.type,
        ) +
        '<button type="submit">Show roles</button></form>';

  const empty =
    roles.length > 0
      ? ''
      : filtered
        ? `<p>No open roles match these filters. <a href="${e(careersPath(site.organisation.slug))}">Show all roles</a></p>`
        : '<p>There are no open roles at the moment. Have a look again soon.</p>';

  const introText = site.intro.trim();
  const description = excerpt(introText || `Open roles at ${site.organisation.name}: ${site.roles.length} open positions.`);
  return page(site, {
    title: filtered ? `${site.headline} (filtered)` : site.headline,
    description,
    canonical: siteUrl(site),
    noindex: filtered,
    main:
      `<h1>${e(site.headline)}</h1>` +
      (introText ? `<div class="intro">${paragraphs(introText)}</div>` : '') +
      form +
      `<p class="muted" id="role-count">${e(count)}</p>` +
      empty +
      sections,
  });
}
