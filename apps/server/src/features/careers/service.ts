import { createHash, randomUUID } from 'node:crypto';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { careersPath, careersRolePath, defaultWebsiteHeadline } from '@hireloop/contract/website';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { outsideOrganisationTransaction, type OrganisationTransactions } from '../../db/organisation-transaction.ts';
import { AppError } from '../../http/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { recordActivities } from '../activities/service.ts';
import { placeNewApplication } from '../applications/pipeline.ts';
import { newApplicationActivities, notifyNewApplication } from '../applications/service.ts';
import { putNewBytes, storeFileRow } from '../files/service.ts';
import { attachCandidateFile, createCandidate, recordRepeatApplicant } from '../candidates/service.ts';
import { enqueueMail } from '../mail/service.ts';
import { firstPipelineStatus } from '../recruitment-statuses/service.ts';
import { sanitizeDescription } from '../roles/sanitize.ts';
import { liveRoleOnSite, liveRolesOnSite, type RoleOnSite } from '../website/service.ts';
import type { ApplicationInput } from './apply.ts';
import { SiteCache } from './cache.ts';
import { APPLY_LIMITS } from './limits.ts';
import type { CareersRole, CareersSite } from './model.ts';
import { brandColour, brandPair, shadeFor } from './render/colours.ts';
import { renderListing, roleItem, type ListingFilters } from './render/listing.ts';
import { renderRolePage } from './render/role.ts';
import {
  applicationIn,
  clearCareerAnswersOf,
  findCandidateByEmail,
  findOrganisation,
  findRecruitmentName,
  findSite,
  insertCareerApplication,
  organisationOfCareersSlug,
  siteFingerprint,
} from './repository.ts';

export { clearCareersCaches, invalidateCareersSite } from './cache.ts';
export { flushPageViews } from './page-views.ts';

/** How long a built site is served before it is rebuilt (in the background, stale served meanwhile). */
export const CAREERS_CACHE_TTL_MS = 5_000;
/** Past this age a site is rebuilt even when its fingerprint did not change (whatever it does not cover). */
export const CAREERS_CACHE_MAX_AGE_MS = 60_000;
/** Sites (one per organisation) kept in memory. */
const MAX_SITES = 500;
/** Rendered role pages kept per site (a site's roles are bounded by what the organisation publishes). */
const MAX_ROLE_PAGES = 1000;

/** A rendered page: its HTML (encoded once), its ETag and, built lazily, its gzip form. */
export type RenderedPage = { html: string; body: Buffer; etag: string; gzip?: Buffer };

/** A site as cached: the data, the per-role list items, the unfiltered listing and the role pages rendered so far. */
export type CachedSite = {
  site: CareersSite;
  /** What it was built from (siteFingerprint), to confirm it is still current without rebuilding. */
  fingerprint: string | null;
  items: Map<string, string>;
  roles: Map<string, CareersRole>;
  listing: RenderedPage | null;
  rolePages: Map<string, RenderedPage>;
};

/** A live role (website's service: THE live-role rule) as the site shows it. */
function toRole(r: RoleOnSite & { openRecruitmentId: string }): CareersRole {
  return {
    id: r.id,
    name: r.name,
    team: r.teamId && r.teamName !== null ? { id: r.teamId, name: r.teamName } : null,
    location: r.location,
    locationType: r.locationType,
    employmentType: r.employmentType,
    salary:
      r.salaryMin !== null || r.salaryMax !== null
        ? { min: r.salaryMin, max: r.salaryMax, currency: r.salaryCurrency, period: r.salaryPeriod }
        : null,
    descriptionHtml: r.descriptionHtml,
    questions: r.questions,
    recruitmentId: r.openRecruitmentId,
    // A live role has an open recruitment, hence a date.
    postedAt: r.postedAt ?? r.createdAt,
  };
}

/** Live roles always have an open recruitment (`openRecruitmentId`); the type says so. */
const hasRecruitment = (r: RoleOnSite | null): r is RoleOnSite & { openRecruitmentId: string } =>
  r !== null && r.openRecruitmentId !== null;

/** Width and height of a PNG (the logo is always re-encoded to PNG), else a square guess. */
export function imageSize(bytes: Buffer | null): { width: number; height: number } {
  if (bytes && bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.subarray(12, 16).toString('latin1') === 'IHDR') {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  return { width: 40, height: 40 };
}

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Longest slug looked up (organisation slugs are shorter): a longer one names no site. */
const MAX_SLUG = 100;

/**
 * The organisation a careers address names (its slug), for the careers routes' scope
 * (http/public-scope.ts): one narrow read with the owner's rights; 404 (the careers site's page)
 * when no organisation has the slug or it is not subscribed to the Website product.
 *
 * A found slug is remembered as long as the site's pages are (CAREERS_CACHE_TTL_MS), so a warm
 * page still costs no query: `invalidateCareersSite` (an unsubscribed product, for one) forgets it
 * at once, through `registerCache`; a renamed organisation's old address answers for at most that
 * long, as its cached pages did. An unknown slug is asked again every time (nothing to hold).
 */
export function careersSiteOrganisation(db: Db) {
  const known = new Map<string, { organisationId: string; at: number }>();
  const lookup = async (slug: string): Promise<string> => {
    const now = Date.now();
    const hit = known.get(slug);
    if (hit && now - hit.at < CAREERS_CACHE_TTL_MS) return hit.organisationId;
    const organisationId = slug.length > 0 && slug.length <= MAX_SLUG ? await organisationOfCareersSlug(db, slug) : null;
    if (!organisationId) {
      known.delete(slug);
      throw new AppError('not_found', ERROR_TEXTS.notFound);
    }
    known.delete(slug);
    known.set(slug, { organisationId, at: now });
    if (known.size > MAX_SITES) known.delete(known.keys().next().value as string);
    return organisationId;
  };
  return Object.assign(lookup, {
    invalidate(organisationId: string) {
      for (const [slug, entry] of known) if (entry.organisationId === organisationId) known.delete(slug);
    },
    clear() {
      known.clear();
    },
  });
}

export type ApplyOutcome = { kind: 'applied'; applicationId: string } | { kind: 'already_applied' } | { kind: 'role_gone' };

export function createCareersService(deps: {
  db: Db;
  storage: Storage;
  appUrl: string;
  inOrganisation: OrganisationTransactions;
  log?: FastifyBaseLogger;
}) {
  const { db, storage, appUrl, inOrganisation, log } = deps;

  /**
   * Runs `work` in the organisation's own transaction as hireloop_app (row-level security), outside
   * the request that asked: a build is shared by every visitor waiting for it, and a rebuild in the
   * background outlives the request that started it.
   */
  const inOwnTransaction = <T>(organisationId: string, work: () => Promise<T>) =>
    outsideOrganisationTransaction(() => inOrganisation(organisationId, work));

  /** The organisation's site when it has the Website product; null otherwise (404). */
  async function loadSite(organisationId: string): Promise<CachedSite | null> {
    const organisation = await findOrganisation(db, organisationId);
    if (!organisation || !organisation.products.includes('website')) return null;
    const fingerprint = await siteFingerprint(db, organisation.id);
    const [settings, rows] = await Promise.all([findSite(db, organisation.id), liveRolesOnSite(db, organisation.id)]);
    const colour = brandColour(settings?.brandColour);
    const pair = brandPair(colour);
    let logo: CareersSite['logo'] = null;
    if (settings?.logoFileId && settings.logoKey && settings.logoContentType) {
      let size = { width: 40, height: 40 };
      try {
        size = imageSize(await readAll(storage, settings.logoKey));
      } catch (error) {
        log?.warn({ err: error }, 'careers logo could not be read');
      }
      logo = { fileId: settings.logoFileId, key: settings.logoKey, contentType: settings.logoContentType, ...size };
    }
    const site: CareersSite = {
      organisation: { id: organisation.id, name: organisation.name, slug: organisation.slug, website: organisation.website },
      appUrl,
      headline: settings?.headline.trim() || defaultWebsiteHeadline(organisation.name),
      intro: settings?.intro ?? '',
      brand: { colour: pair.background, onColour: pair.text, accent: shadeFor(colour) },
      logo,
      roles: rows.filter(hasRecruitment).map(toRole),
    };
    return {
      site,
      fingerprint,
      items: new Map(site.roles.map((r) => [r.id, roleItem(site, r)])),
      roles: new Map(site.roles.map((r) => [r.id, r])),
      listing: null,
      rolePages: new Map(),
    };
  }

  // Keyed by organisation id (the request's, from its slug).
  const cache = new SiteCache<CachedSite | null>((organisationId) => inOwnTransaction(organisationId, () => loadSite(organisationId)), {
    ttlMs: CAREERS_CACHE_TTL_MS,
    maxEntries: MAX_SITES,
    maxAgeMs: CAREERS_CACHE_MAX_AGE_MS,
    revalidate: async (organisationId, entry) =>
      entry !== null &&
      entry.fingerprint !== null &&
      (await inOwnTransaction(organisationId, () => siteFingerprint(db, organisationId))) === entry.fingerprint,
  });

  const rendered = (html: string): RenderedPage => {
    const body = Buffer.from(html, 'utf8');
    return { html, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  };

  return {
    cache,

    /** The cached site of the organisation (the one the request's slug names), or null (404). */
    site: (organisationId: string) => cache.get(organisationId),

    /** The listing page; the unfiltered one is rendered once per cache period. */
    listing(entry: CachedSite, filters: ListingFilters): RenderedPage {
      if (!filters.location && !filters.type) {
        entry.listing ??= rendered(renderListing(entry.site, entry.items, filters));
        return entry.listing;
      }
      return rendered(renderListing(entry.site, entry.items, filters));
    },

    /** A live role's page (with the blank form), rendered once per cache period; null when the role is not live. */
    rolePage(entry: CachedSite, roleId: string): { page: RenderedPage; role: CareersRole } | null {
      const role = entry.roles.get(roleId);
      if (!role) return null;
      let page = entry.rolePages.get(roleId);
      if (!page) {
        // Stored sanitised; sanitised again here, once per cache period, so no other writer's HTML reaches the page unchecked.
        page = rendered(renderRolePage(entry.site, { ...role, descriptionHtml: sanitizeDescription(role.descriptionHtml) }));
        if (entry.rolePages.size < MAX_ROLE_PAGES) entry.rolePages.set(roleId, page);
      }
      return { page, role };
    },

    /** The role when live now (read from the database, not the cache). */
    async liveRole(organisationId: string, roleId: string): Promise<CareersRole | null> {
      const row = await liveRoleOnSite(db, organisationId, roleId);
      return hasRecruitment(row) ? { ...toRole(row), descriptionHtml: sanitizeDescription(row.descriptionHtml) } : null;
    },

    /**
     * Turns an application into a candidate (new, or matched by e-mail) in the first stage of the
     * role's open recruitment, with the résumé, consent, answers and a timeline entry; mails the
     * applicant and notifies the hiring team. One transaction: on any error nothing is stored
     * (the résumé's bytes are removed again).
     */
    async apply(site: CareersSite, roleId: string, input: ApplicationInput): Promise<ApplyOutcome> {
      const organisationId = site.organisation.id;
      const existing = await findCandidateByEmail(db, organisationId, input.email);
      const plannedCandidateId = existing?.id ?? randomUUID();
      const fileId = randomUUID();
      const storedId = randomUUID();
      const key = `candidates/${organisationId}/${plannedCandidateId}/${fileId}.${input.resume.type.extension}`;
      // Bytes cannot join the transaction: written first, removed again unless the application is stored.
      await putNewBytes(storage, key, input.resume.bytes, input.resume.type.contentType, log);
      const attempt = () =>
        db.transaction(async (tx): Promise<ApplyOutcome> => {
          const row = await liveRoleOnSite(tx, organisationId, roleId, { lock: true });
          if (!hasRecruitment(row)) return { kind: 'role_gone' };
          const recruitment = await findRecruitmentName(tx, organisationId, row.openRecruitmentId);
          const status = await firstPipelineStatus(tx, organisationId);
          if (!recruitment || !status) return { kind: 'role_gone' };

          let candidateId: string;
          let isNew = false;
          const found = await findCandidateByEmail(tx, organisationId, input.email);
          if (found) {
            candidateId = found.id;
            if (await applicationIn(tx, recruitment.id, candidateId)) return { kind: 'already_applied' };
            await recordRepeatApplicant(tx, organisationId, candidateId, {
              ...(input.phone && !found.phone ? { phone: input.phone } : {}),
              links: [...new Set([...found.links, ...input.links])].slice(0, APPLY_LIMITS.links),
              consentSource: 'application_form',
            });
          } else {
            const created = await createCandidate(tx, {
              id: plannedCandidateId,
              organisationId,
              name: input.name,
              email: input.email,
              phone: input.phone,
              links: input.links,
              source: 'careers_site',
              consent: { source: 'application_form', note: `Agreed on the careers site when applying for ${row.name}.` },
              createdById: null,
            });
            candidateId = created.id;
            isNew = true;
          }

          const application = await placeNewApplication(
            tx,
            { organisationId, candidateId, recruitmentId: recruitment.id, source: 'careers_site' },
            status,
            null,
          );
          await storeFileRow(tx, {
            id: storedId,
            organisationId,
            key,
            filename: input.resume.filename,
            contentType: input.resume.type.contentType,
            size: input.resume.bytes.length,
          });
          await attachCandidateFile(tx, {
            id: fileId,
            organisationId,
            candidateId,
            storedFileId: storedId,
            kind: 'resume',
            uploadedById: null,
          });
          await insertCareerApplication(tx, {
            applicationId: application.id,
            organisationId,
            roleId: row.id,
            coverNote: input.coverNote,
            answers: input.answers,
          });
          const actor = { kind: 'system' as const, name: 'Careers site' };
          const entry = { organisationId, actor, candidateId, applicationId: application.id, recruitmentId: recruitment.id };
          await recordActivities(tx, [
            ...newApplicationActivities(
              entry,
              { isNew, source: 'careers_site' },
              { recruitment: recruitment.name, status: status.name, source: 'careers_site', role: row.name },
            ),
            {
              ...entry,
              applicationId: null,
              recruitmentId: null,
              type: 'file.uploaded' as const,
              data: { file_id: fileId, filename: input.resume.filename, kind: 'resume' },
            },
          ]);

          // Queued in this transaction (the outbox): sent only when the application is stored.
          const rolePage = `${site.appUrl}${careersRolePath(site.organisation.slug, row.id)}`;
          await enqueueMail(
            tx,
            {
              to: input.email,
              subject: `Your application for ${row.name} at ${site.organisation.name}`.slice(0, 300),
              text: [
                `Hello ${input.name},`,
                '',
                `Thank you for applying for ${row.name} at ${site.organisation.name}. We have received your application and the hiring team will look at it soon.`,
                '',
                `The role: ${rolePage}`,
                `All open roles: ${site.appUrl}${careersPath(site.organisation.slug)}`,
                '',
                `${site.organisation.name}`,
              ].join('\n'),
            },
            { candidateId },
          );
          await notifyNewApplication(tx, application, {
            title: `New application for ${recruitment.name}`,
            body: `${input.name} applied through the careers site.`,
          });
          return { kind: 'applied', applicationId: application.id };
        });

      try {
        let outcome: ApplyOutcome;
        try {
          outcome = await attempt();
        } catch (error) {
          // The same person applying twice at once: the unique indexes decide; the second sees the first's result.
          if (!isUniqueViolation(error)) throw error;
          outcome = await attempt();
        }
        if (outcome.kind !== 'applied') await discard(key);
        return outcome;
      } catch (error) {
        await discard(key);
        throw error;
      }
    },
  };

  async function discard(key: string) {
    try {
      await storage.remove(key);
    } catch (error) {
      log?.warn({ err: error, key }, 'could not remove an unused résumé');
    }
  }
}

export type CareersService = ReturnType<typeof createCareersService>;

/** Candidate erasure (features/candidates/service.ts): what the person wrote on the careers form goes. */
export const eraseCareerAnswers = (db: Db, organisationId: string, person: { id: string }) =>
  clearCareerAnswersOf(db, organisationId, person.id);
