import { TRIAL_DAYS } from '@hireloop/contract/constants';
import type { CreateOrganisationBody } from '@hireloop/contract/organisations';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/errors.ts';
import { makeCurrent } from '../auth/service.ts';
import { createDefaultExperienceLevels } from '../experience-levels/defaults.ts';
import { createDefaultInterviewTypes } from '../interview-types/defaults.ts';
import { addMembership } from '../members/memberships.ts';
import { createDefaultRecruitmentStatuses } from '../recruitment-statuses/defaults.ts';
import { presentOrganisationSummary } from './presenter.ts';
import {
  deleteOrganisation,
  findCurrentMembership,
  findOrganisationName,
  insertOrganisation,
  slugTaken,
  updateOrganisation,
  type OrganisationPatch,
} from './repository.ts';

/** The signed-in user's current organisation and role, for the few unscoped routes docs/product.md §7 names. */
export const currentMembershipOf = (db: Db, userId: string) => findCurrentMembership(db, userId);

/** The organisation's name, or undefined when there is no such organisation. */
export const organisationNameOf = (db: Db, organisationId: string) => findOrganisationName(db, organisationId);

// The organisations feature owns the organisations table (docs/architecture.md §6): the features that
// keep columns on it (settings, billing, recruitment settings) change them here.

/** Changes the organisation's columns (each feature its own); the row, or undefined when there is none. */
export const updateOrganisationColumns = (db: Db, organisationId: string, patch: OrganisationPatch) =>
  updateOrganisation(db, organisationId, patch);

/** Deletes the organisation and, by cascade, all its rows (Organisation Settings, inside its transaction). */
export const deleteOrganisationWithData = (db: Db, organisationId: string) => deleteOrganisation(db, organisationId);

const SLUG_TAKEN = 'This URL slug is already taken.';

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return slug.length >= 2 ? slug : `org-${slug}`.replace(/-$/, '') + '-1';
}

async function freeSlug(db: Db, base: string): Promise<string> {
  if (!(await slugTaken(db, base))) return base;
  for (let i = 2; i < 50; i++) {
    const candidate = `${base}-${i}`;
    if (!(await slugTaken(db, candidate))) return candidate;
  }
  return `${base}-${Math.random().toString(36).slice(2, 8)}`;
}

export function createOrganisationService(db: Db) {
  return {
    /** The creator becomes its owner, it becomes their current organisation, and a trial starts. */
    async create(userId: string, input: CreateOrganisationBody & { timezone: string }) {
      let slug: string;
      if (input.slug) {
        if (await slugTaken(db, input.slug)) throw new AppError('conflict', SLUG_TAKEN, { slug: [SLUG_TAKEN] });
        slug = input.slug;
      } else {
        slug = await freeSlug(db, slugify(input.name));
      }
      try {
        const row = await db.transaction(async (tx) => {
          const org = await insertOrganisation(tx, {
            name: input.name,
            slug,
            timezone: input.timezone,
            website: input.website || null,
            size: input.size ?? null,
            trailEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 3_600_000),
          });
          await addMembership(tx, org.id, userId, 'owner');
          // Ready to hire from the start: a default pipeline, experience levels and interview types, all or nothing.
          await createDefaultRecruitmentStatuses(tx, org.id);
          await createDefaultExperienceLevels(tx, org.id);
          await createDefaultInterviewTypes(tx, org.id);
          return org;
        });
        await makeCurrent(db, userId, row.id);
        return presentOrganisationSummary({ ...row, role: 'owner' });
      } catch (error) {
        // Two creations racing for the same slug: the unique index decides.
        if (isUniqueViolation(error)) throw new AppError('conflict', SLUG_TAKEN, { slug: [SLUG_TAKEN] });
        throw error;
      }
    },
  };
}
