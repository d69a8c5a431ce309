import { randomUUID } from 'node:crypto';
import {
  WEBSITE_STATS_DEFAULT_DAYS,
  WEBSITE_STATS_MAX_DAYS,
  WEBSITE_TEXTS,
  careersPath,
  defaultWebsiteHeadline,
  type CareerQuestion,
  type WebsitePatchBody,
  type WebsiteRolePatchBody,
  type WebsiteStats,
  type WebsiteStatsQuery,
} from '@hireloop/contract/website';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import type { ProcessedImage } from '../../lib/images.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import type { FileService } from '../files/service.ts';
import { setRolePublished } from '../roles/service.ts';
// cache.ts, not careers' service: the careers service reads live roles through this one.
import { invalidateCareersSite } from '../careers/cache.ts';
import { auditSite, conversionOf, presentJob, presentWebsite, presentWebsiteRole } from './presenter.ts';
import {
  applicationsBetween,
  careersSiteOf,
  ensureSite,
  liveRoleOf,
  liveRolesOf,
  lockRoleForSite,
  pageViewsBetween,
  questionsOf,
  roleOnSiteOf,
  rolesOnSiteOf,
  saveQuestions,
  updateSite,
  websiteOrganisation,
  type RoleOnSite,
  type WebsiteOrganisation,
} from './repository.ts';

export type { RoleOnSite } from './repository.ts';

/**
 * The organisation's live roles, by team (no team last) then name: THE live-role rule
 * (repository.ts: subscribed organisation, published and open role, an open recruitment). The
 * careers site's listing and the jobs feed.
 */
export function liveRolesOnSite(db: Db, organisationId: string): Promise<RoleOnSite[]> {
  return liveRolesOf(db, organisationId);
}

/** The role when live now (the same rule); `lock` holds it until the transaction ends (an application, against a concurrent close). */
export function liveRoleOnSite(db: Db, organisationId: string, roleId: string, opts: { lock?: boolean } = {}): Promise<RoleOnSite | null> {
  return liveRoleOf(db, organisationId, roleId, opts.lock ?? false);
}

/** Where the careers site's logo lives in the file store (one current file). */
export const careersLogoPrefix = (organisationId: string) => `organisations/${organisationId}/careers/logo`;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

const roleNotFound = () => new AppError('not_found', WEBSITE_TEXTS.roleNotFound);

/** Runs a change of what the careers site shows; once it has committed, the site's cached pages are dropped. */
async function changing<T>(organisationId: string, change: () => Promise<T>): Promise<T> {
  const result = await change();
  invalidateCareersSite(organisationId);
  return result;
}

export type WebsiteServiceDeps = { db: Db; files: FileService; appUrl: string };

export function createWebsiteService({ db, files, appUrl }: WebsiteServiceDeps) {
  async function organisationOf(tx: Db, organisationId: string): Promise<WebsiteOrganisation> {
    const org = await websiteOrganisation(tx, organisationId);
    if (!org) throw new AppError('not_found', 'No such organisation.');
    return org;
  }

  async function website(tx: Db, organisationId: string) {
    const org = await organisationOf(tx, organisationId);
    const [site, roles] = await Promise.all([careersSiteOf(tx, org), rolesOnSiteOf(tx, organisationId)]);
    return presentWebsite(org, site, roles, appUrl);
  }

  /** The site row (created with the defaults on the first change), locked for this transaction. */
  async function siteForChange(tx: Db, organisationId: string) {
    const org = await organisationOf(tx, organisationId);
    return ensureSite(tx, organisationId, { headline: defaultWebsiteHeadline(org.name) });
  }

  /** Keeps the ids of the role's existing questions; anything else is a new question with a new id. */
  function withIds(current: CareerQuestion[], sent: NonNullable<WebsiteRolePatchBody['questions']>): CareerQuestion[] {
    const known = new Set(current.map((q) => q.id));
    return sent.map((q) => ({
      id: q.id !== undefined && known.has(q.id) ? q.id : randomUUID(),
      label: q.label.trim(),
      kind: q.kind,
      required: q.required ?? false,
    }));
  }

  return {
    get: (organisationId: string) => website(db, organisationId),

    /** Headline, intro, brand colour; audited when something changed. */
    async update(organisationId: string, actor: Actor, body: WebsitePatchBody & { brand_colour?: string }) {
      const actorName = await actorNameOf(db, actor);
      return changing(organisationId, () =>
        db.transaction(async (tx) => {
          const before = await siteForChange(tx, organisationId);
          const values = {
            ...(body.headline !== undefined ? { headline: body.headline.trim() } : {}),
            ...(body.intro !== undefined ? { intro: body.intro.trim() } : {}),
            ...(body.brand_colour !== undefined ? { brandColour: body.brand_colour.toLowerCase() } : {}),
          };
          const changed = Object.entries(values).some(([k, v]) => before[k as keyof typeof values] !== v);
          if (changed) {
            const after = await updateSite(tx, organisationId, values);
            await recordAudit(tx, {
              organisationId,
              actor,
              actorName,
              action: 'website.updated',
              targetType: 'website',
              targetId: organisationId,
              before: auditSite(before),
              after: auditSite(after),
            });
          }
          return website(tx, organisationId);
        }),
      );
    },

    /** The site's current logo file, or undefined. */
    async logo(organisationId: string) {
      const org = await organisationOf(db, organisationId);
      const site = await careersSiteOf(db, org);
      return site.logoFileId ? files.fileOf(organisationId, site.logoFileId) : undefined;
    },

    /**
     * Stores the logo (already checked and re-encoded) as the site's one logo; audited. The old
     * file's row goes first (its reference is nulled by the foreign key), so it is read before.
     */
    async setLogo(organisationId: string, actor: Actor, image: ProcessedImage) {
      const actorName = await actorNameOf(db, actor);
      const previous = (await careersSiteOf(db, await organisationOf(db, organisationId))).logoFileId;
      return changing(organisationId, () =>
        files.replace({ organisationId, prefix: careersLogoPrefix(organisationId) }, 'logo.png', image, async (tx, file) => {
          await siteForChange(tx, organisationId);
          await updateSite(tx, organisationId, { logoFileId: file.id });
          await recordAudit(tx, {
            organisationId,
            actor,
            actorName,
            action: 'website.logo_changed',
            targetType: 'website',
            targetId: organisationId,
            before: { logo: previous },
            after: { logo: file.id, width: image.width, height: image.height },
          });
          return website(tx, organisationId);
        }),
      );
    },

    async removeLogo(organisationId: string, actor: Actor) {
      const actorName = await actorNameOf(db, actor);
      const previous = (await careersSiteOf(db, await organisationOf(db, organisationId))).logoFileId;
      return changing(organisationId, () =>
        files.clear({ organisationId, prefix: careersLogoPrefix(organisationId) }, async (tx) => {
          await siteForChange(tx, organisationId);
          await updateSite(tx, organisationId, { logoFileId: null });
          if (previous !== null) {
            await recordAudit(tx, {
              organisationId,
              actor,
              actorName,
              action: 'website.logo_removed',
              targetType: 'website',
              targetId: organisationId,
              before: { logo: previous },
            });
          }
          return website(tx, organisationId);
        }),
      );
    },

    /** Publishes or unpublishes the role and/or replaces its questions; each change audited. */
    async updateRole(organisationId: string, actor: Actor, roleId: string, body: WebsiteRolePatchBody) {
      if (!isUuid(roleId)) throw roleNotFound();
      const actorName = await actorNameOf(db, actor);
      return changing(organisationId, () =>
        db.transaction(async (tx) => {
          const role = await lockRoleForSite(tx, organisationId, roleId);
          if (!role) throw roleNotFound();
          if (body.published !== undefined && body.published !== role.published) {
            await setRolePublished(tx, organisationId, roleId, body.published);
            await recordAudit(tx, {
              organisationId,
              actor,
              actorName,
              action: body.published ? 'website.role_published' : 'website.role_unpublished',
              targetType: 'job_role',
              targetId: roleId,
              before: { published: role.published },
              after: { published: body.published },
            });
          }
          if (body.questions !== undefined) {
            const current = await questionsOf(tx, organisationId, roleId);
            const next = withIds(current, body.questions);
            if (JSON.stringify(current) !== JSON.stringify(next)) {
              await saveQuestions(tx, organisationId, roleId, next);
              await recordAudit(tx, {
                organisationId,
                actor,
                actorName,
                action: 'website.questions_changed',
                targetType: 'job_role',
                targetId: roleId,
                before: { questions: current },
                after: { questions: next },
              });
            }
          }
          const [org, updated] = await Promise.all([organisationOf(tx, organisationId), roleOnSiteOf(tx, organisationId, roleId)]);
          if (!updated) throw roleNotFound();
          return presentWebsiteRole(updated, org.subscribed);
        }),
      );
    },

    /**
     * Visits (page views) and applications per UTC day and per role in [from, to]. With a role
     * filter the days and totals count only that role's page and applications; the per-role list
     * stays whole. The rows come per day and page/role, so one read of each serves both.
     */
    async stats(organisationId: string, query: WebsiteStatsQuery, now: Date = new Date()): Promise<WebsiteStats> {
      const to = query.to ?? isoDay(now.getTime());
      const from = query.from ?? isoDay(dayMs(to) - (WEBSITE_STATS_DEFAULT_DAYS - 1) * DAY_MS);
      if (from > to) throw validationFailed({ from: [WEBSITE_TEXTS.statsOrder] });
      const count = Math.round((dayMs(to) - dayMs(from)) / DAY_MS) + 1;
      if (count > WEBSITE_STATS_MAX_DAYS) throw validationFailed({ from: [WEBSITE_TEXTS.statsRange] });

      const [views, applications, roles] = await Promise.all([
        pageViewsBetween(db, organisationId, from, to),
        applicationsBetween(db, organisationId, from, to),
        rolesOnSiteOf(db, organisationId),
      ]);
      const roleId = query.filter?.role;
      if (roleId !== undefined && !roles.some((r) => r.id === roleId)) throw roleNotFound();
      const counted = (id: string) => roleId === undefined || id === roleId;
      const days = new Map<string, { day: string; visits: number; applications: number }>();
      for (let i = 0; i < count; i++) {
        const day = isoDay(dayMs(from) + i * DAY_MS);
        days.set(day, { day, visits: 0, applications: 0 });
      }
      const perRole = new Map<string, { visits: number; applications: number }>();
      const roleEntry = (id: string) => {
        let e = perRole.get(id);
        if (!e) perRole.set(id, (e = { visits: 0, applications: 0 }));
        return e;
      };
      for (const v of views) {
        const d = counted(v.page) ? days.get(v.day) : undefined;
        if (d) d.visits += v.views;
        if (v.page !== 'index') roleEntry(v.page).visits += v.views;
      }
      for (const a of applications) {
        const d = counted(a.roleId) ? days.get(a.day) : undefined;
        if (d) d.applications += a.count;
        roleEntry(a.roleId).applications += a.count;
      }
      const totals = [...days.values()].reduce((t, d) => ({ visits: t.visits + d.visits, applications: t.applications + d.applications }), {
        visits: 0,
        applications: 0,
      });
      const roleRows = roles
        .filter((r) => r.published || perRole.has(r.id))
        .map((r) => {
          const e = perRole.get(r.id) ?? { visits: 0, applications: 0 };
          return {
            role_id: r.id,
            name: r.name,
            visits: e.visits,
            applications: e.applications,
            conversion: conversionOf(e.applications, e.visits),
          };
        })
        .sort((a, b) => b.applications - a.applications || b.visits - a.visits || a.name.localeCompare(b.name));
      return {
        from,
        to,
        totals: { ...totals, conversion: conversionOf(totals.applications, totals.visits) },
        days: [...days.values()],
        roles: roleRows,
      };
    },

    /** The read-only jobs feed: live roles with absolute links; 404 when not subscribed. */
    async jobs(organisationId: string) {
      const org = await organisationOf(db, organisationId);
      if (!org.subscribed) throw new AppError('not_found', WEBSITE_TEXTS.notSubscribed);
      const roles = await liveRolesOnSite(db, organisationId);
      return {
        jobs: roles.map((r) => presentJob(r, org.slug, appUrl)),
        organisation: { name: org.name, careers_url: `${appUrl}${careersPath(org.slug)}` },
      };
    },
  };
}

export type WebsiteService = ReturnType<typeof createWebsiteService>;
