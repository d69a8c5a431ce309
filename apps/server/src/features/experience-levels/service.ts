import { EXPERIENCE_LEVEL_NAME_TAKEN } from '@hireloop/contract/experience-levels';
import type { ReorderBody } from '@hireloop/contract/ordering';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { assertReorderInRange } from '../../lib/ordering.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { presentLevel } from './presenter.ts';
import {
  allLevels,
  countLevels,
  deleteLevel,
  findLevel,
  findLevelAt,
  insertLevels,
  levelNameTaken,
  listLevels,
  lockLevels,
  moveLevel,
  renameLevel,
} from './repository.ts';

const TARGET = 'experience_level';
const levelNotFound = () => new AppError('not_found', 'No such experience level.');
const nameTaken = () => new AppError('conflict', EXPERIENCE_LEVEL_NAME_TAKEN, { name: [EXPERIENCE_LEVEL_NAME_TAKEN] });

export function createExperienceLevelService(db: Db) {
  /** The level, or 404 (also for another organisation's level or a malformed id). */
  async function existing(tx: Db, organisationId: string, id: string) {
    const level = isUuid(id) ? await findLevel(tx, organisationId, id) : undefined;
    if (!level) throw levelNotFound();
    return level;
  }

  return {
    async list(organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
      const { rows, total } = await listLevels(db, organisationId, o);
      return { levels: rows.map(presentLevel), total };
    },

    /** Appended at the end of the list. */
    async create(organisationId: string, actor: Actor, name: string) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockLevels(tx, organisationId);
        if (await levelNameTaken(tx, organisationId, name)) throw nameTaken();
        const [row] = await insertLevels(tx, organisationId, [{ name, position: (await countLevels(tx, organisationId)) + 1 }]);
        if (!row) throw new Error('insert returned no row');
        const level = presentLevel(row);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: `${TARGET}.created`,
          targetType: TARGET,
          targetId: row.id,
          after: level,
        });
        return level;
      });
    },

    async rename(organisationId: string, actor: Actor, id: string, name: string) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockLevels(tx, organisationId);
        const before = await existing(tx, organisationId, id);
        if (before.name === name) return presentLevel(before);
        if (await levelNameTaken(tx, organisationId, name, id)) throw nameTaken();
        const row = await renameLevel(tx, organisationId, id, name);
        if (!row) throw levelNotFound();
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: `${TARGET}.renamed`,
          targetType: TARGET,
          targetId: id,
          before: { name: before.name },
          after: { name: row.name },
        });
        return presentLevel(row);
      });
    },

    /** The levels after it move up one place. */
    async remove(organisationId: string, actor: Actor, id: string) {
      const actorName = await actorNameOf(db, actor);
      await db.transaction(async (tx) => {
        await lockLevels(tx, organisationId);
        const level = await existing(tx, organisationId, id);
        await deleteLevel(tx, organisationId, level);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: `${TARGET}.deleted`,
          targetType: TARGET,
          targetId: id,
          before: presentLevel(level),
        });
      });
    },

    /** Moves the level at `original` to `new` (both 1-based); returns the whole list in its new order. */
    async reorder(organisationId: string, actor: Actor, body: ReorderBody) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        await lockLevels(tx, organisationId);
        assertReorderInRange(body, await countLevels(tx, organisationId), 'experience levels');
        if (body.original !== body.new) {
          const moving = await findLevelAt(tx, organisationId, body.original);
          if (!moving) throw new Error(`experience level positions of ${organisationId} are not contiguous`);
          await moveLevel(tx, organisationId, moving.id, body.original, body.new);
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
        return (await allLevels(tx, organisationId)).map(presentLevel);
      });
    },
  };
}
