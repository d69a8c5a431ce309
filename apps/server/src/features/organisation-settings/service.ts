import { OFFER_APPROVAL_TEXTS } from '@hireloop/contract/errors';
import { DELETE_CONFIRM_MISMATCH, type updateOrganisationBody } from '@hireloop/contract/organisation-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import type { ProcessedImage } from '../../lib/images.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { logoPrefix, logoUrl, type FileService } from '../files/service.ts';
import { allCanApprove, presentApprovalPolicy } from '../offers/approval-policy.ts';
import { deleteOrganisationWithData, updateOrganisationColumns } from '../organisations/service.ts';
import { presentOrganisationSettings } from './presenter.ts';
import { findOrganisation, lockOrganisation, type OrganisationPatch, type OrganisationRow } from './repository.ts';

type UpdatePatch = z.output<typeof updateOrganisationBody>;

const SLUG_TAKEN = 'This URL slug is already taken.';
const EDITABLE = ['name', 'slug', 'website', 'timezone', 'offerApprovalPolicy'] as const;
const WIRE: Record<(typeof EDITABLE)[number], string> = {
  name: 'name',
  slug: 'slug',
  website: 'website',
  timezone: 'timezone',
  offerApprovalPolicy: 'offer_approval',
};
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Organisation Settings: name, slug, website, timezone, "Offers need approval from …", logo, and
 * deleting the organisation. Every change is audited.
 */
export function createOrganisationSettingsService(db: Db, files: FileService, log?: FastifyBaseLogger) {
  const present = async (tx: Db, row: OrganisationRow) =>
    presentOrganisationSettings(row, await presentApprovalPolicy(tx, row.id, row.offerApprovalPolicy));

  async function locked(tx: Db, organisationId: string): Promise<OrganisationRow> {
    const row = await lockOrganisation(tx, organisationId);
    if (!row) throw notFound();
    return row;
  }

  /** Writes Organisation Settings' columns (the row is locked by `locked` first, so it is there). */
  async function change(tx: Db, organisationId: string, patch: OrganisationPatch): Promise<OrganisationRow> {
    const row = await updateOrganisationColumns(tx, organisationId, patch);
    if (!row) throw new Error('organisation vanished');
    return row;
  }

  return {
    async get(organisationId: string) {
      const row = await findOrganisation(db, organisationId);
      if (!row) throw notFound();
      return present(db, row);
    },

    /** Changes the fields sent; the audit entry holds only what actually changed, before → after. */
    async update(organisationId: string, actor: Actor, patch: UpdatePatch) {
      const name = await actorNameOf(db, actor);
      try {
        const row = await db.transaction(async (tx) => {
          const current = await locked(tx, organisationId);
          const next: OrganisationPatch = {};
          if (patch.name !== undefined) next.name = patch.name;
          if (patch.slug !== undefined) next.slug = patch.slug;
          if (patch.website !== undefined) next.website = patch.website || null;
          if (patch.timezone !== undefined) next.timezone = patch.timezone;
          if (patch.offer_approval !== undefined) {
            const p = patch.offer_approval;
            next.offerApprovalPolicy = p && (p.kind === 'role' ? { kind: 'role', role: p.role } : { kind: 'people', user_ids: p.user_ids });
            const changes = !same(next.offerApprovalPolicy, current.offerApprovalPolicy);
            // Only members who can approve offers can be named.
            if (p?.kind === 'people' && changes && !(await allCanApprove(tx, organisationId, p.user_ids)))
              throw validationFailed(
                { 'offer_approval.user_ids': [OFFER_APPROVAL_TEXTS.settingPersonUnknown] },
                OFFER_APPROVAL_TEXTS.settingPersonUnknown,
              );
          }
          const changed = EDITABLE.filter((field) => field in next && !same(next[field], current[field]));
          if (changed.length === 0) return current;
          const updated = await change(tx, organisationId, next);
          await recordAudit(tx, {
            organisationId,
            actor,
            actorName: name,
            action: 'organisation.updated',
            targetType: 'organisation',
            targetId: organisationId,
            before: Object.fromEntries(changed.map((f) => [WIRE[f], current[f]])),
            after: Object.fromEntries(changed.map((f) => [WIRE[f], updated[f]])),
          });
          return updated;
        });
        return await present(db, row);
      } catch (error) {
        // A slug another organisation has: the unique index answers (this request cannot see other
        // organisations' rows: row-level security, migration 0015).
        if (isUniqueViolation(error)) throw new AppError('conflict', SLUG_TAKEN, { slug: [SLUG_TAKEN] });
        throw error;
      }
    },

    async setLogo(organisationId: string, actor: Actor, image: ProcessedImage) {
      const name = await actorNameOf(db, actor);
      const row = await files.replace({ organisationId, prefix: logoPrefix(organisationId) }, 'logo.png', image, async (tx, file) => {
        const current = await locked(tx, organisationId);
        const updated = await change(tx, organisationId, { logoUrl: logoUrl(organisationId, file.id) });
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: name,
          action: 'organisation.logo_changed',
          targetType: 'organisation',
          targetId: organisationId,
          before: { logo_url: current.logoUrl },
          after: { logo_url: updated.logoUrl, width: image.width, height: image.height },
        });
        return updated;
      });
      return present(db, row);
    },

    async removeLogo(organisationId: string, actor: Actor) {
      const name = await actorNameOf(db, actor);
      const row = await files.clear({ organisationId, prefix: logoPrefix(organisationId) }, async (tx) => {
        const current = await locked(tx, organisationId);
        if (current.logoUrl === null) return current;
        const updated = await change(tx, organisationId, { logoUrl: null });
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: name,
          action: 'organisation.logo_removed',
          targetType: 'organisation',
          targetId: organisationId,
          before: { logo_url: current.logoUrl },
          after: { logo_url: null },
        });
        return updated;
      });
      return present(db, row);
    },

    /**
     * Deletes the organisation and all its data in one transaction (the foreign keys cascade;
     * members' current organisation is cleared by theirs). Its stored files lose their rows in
     * the transaction and their bytes after it. The organisation's own audit log goes with it,
     * so the deletion is written to the server log instead.
     */
    async delete(organisationId: string, actor: Actor, confirmName: string) {
      const name = await actorNameOf(db, actor);
      const { keys, deleted } = await db.transaction(async (tx) => {
        const current = await locked(tx, organisationId);
        if (confirmName !== current.name) throw validationFailed({ confirm_name: [DELETE_CONFIRM_MISMATCH] }, DELETE_CONFIRM_MISMATCH);
        const fileKeys = await files.deleteOrganisationFiles(tx, organisationId);
        await deleteOrganisationWithData(tx, organisationId);
        return { keys: fileKeys, deleted: current };
      });
      await files.discard(keys);
      log?.info(
        { organisationId, organisation: deleted.name, actor: actor.kind === 'user' ? actor.userId : actor.apiKeyId, actorName: name },
        'organisation deleted',
      );
    },

    logo: (organisationId: string) => files.logoOf(organisationId),
  };
}
