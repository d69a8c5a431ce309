import type { ReorderBody } from '@hireloop/contract/ordering';
import {
  DEFAULT_STATUS_COLOUR,
  RECRUITMENT_STATUS_NAME_TAKEN,
  STATUS_CATEGORY_LABELS,
  type StatusCategory,
} from '@hireloop/contract/recruitment-statuses';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertReorderInRange } from '../../lib/ordering.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { presentStatus } from './presenter.ts';
import {
  allStatuses,
  countStatuses,
  deleteStatus,
  findStatus,
  findStatusAt,
  insertStatuses,
  listStatuses,
  lockStatuses,
  moveStatus,
  statusNameTaken,
  updateStatus,
  type StatusRow,
} from './repository.ts';

const TARGET = 'recruitment_status';
const statusNotFound = () => new AppError('not_found', 'No such recruitment status.');
const nameTaken = () => new AppError('conflict', RECRUITMENT_STATUS_NAME_TAKEN, { name: [RECRUITMENT_STATUS_NAME_TAKEN] });
const lastOfCategory = (category: StatusCategory, doing: string) =>
  `The pipeline needs at least one “${STATUS_CATEGORY_LABELS[category]}” stage. Add another before ${doing} this one.`;

export type StatusChanges = { name?: string | undefined; colour?: string | undefined; category?: StatusCategory | undefined };

export function createRecruitmentStatusService(db: Db) {
  /** The status, or 404 (also for another organisation's status or a malformed id). */
  async function existing(tx: Db, organisationId: string, id: string): Promise<StatusRow> {
    const status = isUuid(id) ? await findStatus(tx, organisationId, id) : undefined;
    if (!status) throw statusNotFound();
    return status;
  }

  /** The organisation keeps at least one stage of each category: the one leaving must not be the last. */
  async function assertNotLastOfCategory(tx: Db, organisationId: string, status: StatusRow, field: string, doing: string) {
    if ((await countStatuses(tx, organisationId, status.category)) > 1) return;
    const message = lastOfCategory(status.category as StatusCategory, doing);
    throw validationFailed({ [field]: [message] }, message);
  }

  return {
    async list(organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
      const { rows, total } = await listStatuses(db, organisationId, o);
      return { statuses: rows.map(presentStatus), total };
    },

    /** Appended at the end of the pipeline. */
    async create(
      organisationId: string,
      actor: Actor,
      input: { name: string; colour?: string | undefined; category?: StatusCategory | undefined },
    ) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockStatuses(tx, organisationId);
        if (await statusNameTaken(tx, organisationId, input.name)) throw nameTaken();
        const [row] = await insertStatuses(tx, organisationId, [
          {
            name: input.name,
            colour: input.colour ?? DEFAULT_STATUS_COLOUR,
            category: input.category ?? 'in_progress',
            position: (await countStatuses(tx, organisationId)) + 1,
          },
        ]);
        if (!row) throw new Error('insert returned no row');
        const status = presentStatus(row);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: `${TARGET}.created`,
          targetType: TARGET,
          targetId: row.id,
          after: status,
        });
        return status;
      });
    },

    /** Rename, recolour and/or recategorise. */
    async update(organisationId: string, actor: Actor, id: string, changes: StatusChanges) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockStatuses(tx, organisationId);
        const before = await existing(tx, organisationId, id);
        const set: StatusChanges = {};
        if (changes.name !== undefined && changes.name !== before.name) {
          if (await statusNameTaken(tx, organisationId, changes.name, id)) throw nameTaken();
          set.name = changes.name;
        }
        if (changes.colour !== undefined && changes.colour !== before.colour) set.colour = changes.colour;
        if (changes.category !== undefined && changes.category !== before.category) {
          await assertNotLastOfCategory(tx, organisationId, before, 'category', 'moving');
          set.category = changes.category;
        }
        const fields = Object.keys(set) as Array<keyof StatusChanges>;
        if (fields.length === 0) return presentStatus(before);
        const row = await updateStatus(tx, organisationId, id, set);
        if (!row) throw statusNotFound();
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: `${TARGET}.updated`,
          targetType: TARGET,
          targetId: id,
          before: Object.fromEntries(fields.map((f) => [f, before[f]])),
          after: Object.fromEntries(fields.map((f) => [f, row[f]])),
        });
        return presentStatus(row);
      });
    },

    /** The stages after it move up one place. */
    async remove(organisationId: string, actor: Actor, id: string) {
      const actorName = await actorNameOf(db, actor);
      await db.transaction(async (tx) => {
        await lockStatuses(tx, organisationId);
        const status = await existing(tx, organisationId, id);
        await assertNotLastOfCategory(tx, organisationId, status, 'status', 'deleting');
        await deleteStatus(tx, organisationId, status);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: `${TARGET}.deleted`,
          targetType: TARGET,
          targetId: id,
          before: presentStatus(status),
        });
      });
    },

    /** Moves the status at `original` to `new` (both 1-based); returns the whole pipeline in its new order. */
    async reorder(organisationId: string, actor: Actor, body: ReorderBody) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockStatuses(tx, organisationId);
        assertReorderInRange(body, await countStatuses(tx, organisationId), 'recruitment statuses');
        if (body.original !== body.new) {
          const moving = await findStatusAt(tx, organisationId, body.original);
          if (!moving) throw new Error(`recruitment status positions of ${organisationId} are not contiguous`);
          await moveStatus(tx, organisationId, moving.id, body.original, body.new);
          await recordAudit(tx, {
            organisationId,
            actor,
            actorName,
            action: `${TARGET}.moved`,
            targetType: TARGET,
            targetId: moving.id,
            before: { name: moving.name, position: body.original },
            after: { name: moving.name, position: body.new },
          });
        }
        return (await allStatuses(tx, organisationId)).map(presentStatus);
      });
    },
  };
}
