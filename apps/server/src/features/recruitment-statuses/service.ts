import type { ReorderBody } from '@hireloop/contract/ordering';
import {
  DEFAULT_STATUS_COLOUR,
  RECRUITMENT_STATUS_IN_USE,
  RECRUITMENT_STATUS_NAME_TAKEN,
  STATUS_CATEGORY_LABELS,
  type RecruitmentStatus,
  type StatusCategory,
} from '@hireloop/contract/recruitment-statuses';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { createOrderedList } from '../../lib/ordering.ts';
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
  statusHoldsApplications,
  statusNameTaken,
  updateStatus,
  type StatusRow,
} from './repository.ts';

const statusNotFound = () => new AppError('not_found', 'No such recruitment status.');
const lastOfCategory = (category: StatusCategory, doing: string) =>
  `The pipeline needs at least one “${STATUS_CATEGORY_LABELS[category]}” stage. Add another before ${doing} this one.`;

export type StatusChanges = { name?: string | undefined; colour?: string | undefined; category?: StatusCategory | undefined };

/** The organisation keeps at least one stage of each category: the one leaving must not be the last. */
async function assertNotLastOfCategory(tx: Db, organisationId: string, status: StatusRow, field: string, doing: string) {
  if ((await countStatuses(tx, organisationId, status.category)) > 1) return;
  const message = lastOfCategory(status.category as StatusCategory, doing);
  throw validationFailed({ [field]: [message] }, message);
}

/** The organisation's pipeline, in order (the board's columns, transfers, bulk moves). */
export const pipelineStatuses = (db: Db, organisationId: string) => allStatuses(db, organisationId);

/** One status of the organisation's pipeline, or null. */
export const pipelineStatus = async (db: Db, organisationId: string, id: string) => (await findStatus(db, organisationId, id)) ?? null;

/** Where new applications start: the first status of the pipeline (null when it has none). */
export const firstPipelineStatus = async (db: Db, organisationId: string) => (await allStatuses(db, organisationId))[0] ?? null;

export function createRecruitmentStatusService(db: Db) {
  const statuses = createOrderedList<StatusRow, { name: string; colour: string; category: string }, RecruitmentStatus>(db, {
    repository: {
      lock: lockStatuses,
      count: (tx, organisationId) => countStatuses(tx, organisationId),
      find: findStatus,
      findAt: findStatusAt,
      all: allStatuses,
      nameTaken: statusNameTaken,
      insert: insertStatuses,
      remove: deleteStatus,
      move: moveStatus,
    },
    present: presentStatus,
    target: 'recruitment_status',
    plural: 'recruitment statuses',
    notFound: statusNotFound,
    nameTaken: () => new AppError('conflict', RECRUITMENT_STATUS_NAME_TAKEN, { name: [RECRUITMENT_STATUS_NAME_TAKEN] }),
    beforeRemove: async (tx, organisationId, status) => {
      await assertNotLastOfCategory(tx, organisationId, status, 'status', 'deleting');
      // A foreign key (no action) would refuse it anyway, as a server error: say what to do instead.
      if (await statusHoldsApplications(tx, status.id))
        throw validationFailed({ status: [RECRUITMENT_STATUS_IN_USE] }, RECRUITMENT_STATUS_IN_USE);
    },
  });

  return {
    async list(organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
      const { rows, total } = await listStatuses(db, organisationId, o);
      return { statuses: rows.map(presentStatus), total };
    },

    /** Appended at the end of the pipeline. */
    create: (
      organisationId: string,
      actor: Actor,
      input: { name: string; colour?: string | undefined; category?: StatusCategory | undefined },
    ) =>
      statuses.create(organisationId, actor, {
        name: input.name,
        colour: input.colour ?? DEFAULT_STATUS_COLOUR,
        category: input.category ?? 'in_progress',
      }),

    /** Rename, recolour and/or recategorise. */
    update(organisationId: string, actor: Actor, id: string, changes: StatusChanges) {
      return statuses.write(organisationId, actor, async ({ tx, existing, assertNameFree, audit }) => {
        const before = await existing(id);
        const set: StatusChanges = {};
        if (changes.name !== undefined && changes.name !== before.name) {
          await assertNameFree(changes.name, id);
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
        await audit('updated', {
          targetId: id,
          before: Object.fromEntries(fields.map((f) => [f, before[f]])),
          after: Object.fromEntries(fields.map((f) => [f, row[f]])),
        });
        return presentStatus(row);
      });
    },

    /** The stages after it move up one place; the last stage of a category stays. */
    remove: (organisationId: string, actor: Actor, id: string) => statuses.remove(organisationId, actor, id),

    /** Moves the status at `original` to `new` (both 1-based); returns the whole pipeline in its new order. */
    reorder: (organisationId: string, actor: Actor, body: ReorderBody) => statuses.reorder(organisationId, actor, body),
  };
}
