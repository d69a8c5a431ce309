import { EXPERIENCE_LEVEL_NAME_TAKEN, type ExperienceLevel } from '@hireloop/contract/experience-levels';
import type { ReorderBody } from '@hireloop/contract/ordering';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { createOrderedList } from '../../lib/ordering.ts';
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
  type LevelRow,
} from './repository.ts';

const levelNotFound = () => new AppError('not_found', 'No such experience level.');

export function createExperienceLevelService(db: Db) {
  const levels = createOrderedList<LevelRow, { name: string }, ExperienceLevel>(db, {
    repository: {
      lock: lockLevels,
      count: countLevels,
      find: findLevel,
      findAt: findLevelAt,
      all: allLevels,
      nameTaken: levelNameTaken,
      insert: insertLevels,
      remove: deleteLevel,
      move: moveLevel,
    },
    present: presentLevel,
    target: 'experience_level',
    plural: 'experience levels',
    notFound: levelNotFound,
    nameTaken: () => new AppError('conflict', EXPERIENCE_LEVEL_NAME_TAKEN, { name: [EXPERIENCE_LEVEL_NAME_TAKEN] }),
  });

  return {
    async list(organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
      const { rows, total } = await listLevels(db, organisationId, o);
      return { levels: rows.map(presentLevel), total };
    },

    /** Appended at the end of the list. */
    create: (organisationId: string, actor: Actor, name: string) => levels.create(organisationId, actor, { name }),

    rename(organisationId: string, actor: Actor, id: string, name: string) {
      return levels.write(organisationId, actor, async ({ tx, existing, assertNameFree, audit }) => {
        const before = await existing(id);
        if (before.name === name) return presentLevel(before);
        await assertNameFree(name, id);
        const row = await renameLevel(tx, organisationId, id, name);
        if (!row) throw levelNotFound();
        await audit('renamed', { targetId: id, before: { name: before.name }, after: { name: row.name } });
        return presentLevel(row);
      });
    },

    /** The levels after it move up one place. */
    remove: (organisationId: string, actor: Actor, id: string) => levels.remove(organisationId, actor, id),

    /** Moves the level at `original` to `new` (both 1-based); returns the whole list in its new order. */
    reorder: (organisationId: string, actor: Actor, body: ReorderBody) => levels.reorder(organisationId, actor, body),
  };
}
