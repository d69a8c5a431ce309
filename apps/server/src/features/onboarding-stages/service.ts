import type { ReorderBody } from '@hireloop/contract/ordering';
import {
  DEFAULT_ONBOARDING_STAGE_COLOUR,
  ONBOARDING_TEXTS,
  type OnboardingStage,
  type OnboardingStageCategory,
} from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { createOrderedList } from '../../lib/ordering.ts';
import { ensureOnboardingStages } from './defaults.ts';
import { presentStage } from './presenter.ts';
import {
  allStages,
  countStages,
  deleteStage,
  findStage,
  findStageAt,
  insertStages,
  listStages,
  lockStages,
  moveStage,
  stageHoldsHires,
  stageNameTaken,
  updateStage,
  type StageRow,
} from './repository.ts';

const stageNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.stageNotFound);

export type StageChanges = { name?: string | undefined; colour?: string | undefined; category?: OnboardingStageCategory | undefined };

/** Onboarding stages: an ordered list like the recruitment statuses, its defaults created when first needed. */
export function createOnboardingStageService(db: Db) {
  const stages = createOrderedList<StageRow, { name: string; colour: string; category: string }, OnboardingStage>(db, {
    repository: {
      lock: lockStages,
      count: countStages,
      find: findStage,
      findAt: findStageAt,
      all: allStages,
      nameTaken: stageNameTaken,
      insert: insertStages,
      remove: deleteStage,
      move: moveStage,
    },
    present: presentStage,
    target: 'onboarding_stage',
    plural: 'onboarding stages',
    notFound: stageNotFound,
    nameTaken: () => new AppError('conflict', ONBOARDING_TEXTS.stageNameTaken, { name: [ONBOARDING_TEXTS.stageNameTaken] }),
    beforeRemove: async (tx, organisationId, stage) => {
      // A foreign key (no action) would refuse it anyway, as a server error: say what to do instead.
      if (await stageHoldsHires(tx, stage.id))
        throw validationFailed({ stage: [ONBOARDING_TEXTS.stageInUse] }, ONBOARDING_TEXTS.stageInUse);
      if ((await countStages(tx, organisationId)) <= 1)
        throw validationFailed({ stage: [ONBOARDING_TEXTS.lastStage] }, ONBOARDING_TEXTS.lastStage);
    },
  });

  const ensure = (organisationId: string) => db.transaction((tx) => ensureOnboardingStages(tx, organisationId));

  return {
    async list(organisationId: string, o: { page: number; perPage: number }) {
      await ensure(organisationId);
      const { rows, total } = await listStages(db, organisationId, o);
      return { stages: rows.map(presentStage), total };
    },

    /** Appended after the stages (the defaults first, when the organisation had none). */
    async create(
      organisationId: string,
      actor: Actor,
      input: { name: string; colour?: string | undefined; category?: OnboardingStageCategory | undefined },
    ) {
      await ensure(organisationId);
      return stages.create(organisationId, actor, {
        name: input.name,
        colour: input.colour ?? DEFAULT_ONBOARDING_STAGE_COLOUR,
        category: input.category ?? 'in_progress',
      });
    },

    update(organisationId: string, actor: Actor, id: string, changes: StageChanges) {
      return stages.write(organisationId, actor, async ({ tx, existing, assertNameFree, audit }) => {
        const before = await existing(id);
        const set: StageChanges = {};
        if (changes.name !== undefined && changes.name !== before.name) {
          await assertNameFree(changes.name, id);
          set.name = changes.name;
        }
        if (changes.colour !== undefined && changes.colour !== before.colour) set.colour = changes.colour;
        if (changes.category !== undefined && changes.category !== before.category) set.category = changes.category;
        const fields = Object.keys(set) as Array<keyof StageChanges>;
        if (fields.length === 0) return presentStage(before);
        const row = await updateStage(tx, organisationId, id, set);
        if (!row) throw stageNotFound();
        await audit('updated', {
          targetId: id,
          before: Object.fromEntries(fields.map((f) => [f, before[f]])),
          after: Object.fromEntries(fields.map((f) => [f, row[f]])),
        });
        return presentStage(row);
      });
    },

    /** 422 while hires are in it, or when it is the last stage. */
    remove: (organisationId: string, actor: Actor, id: string) => stages.remove(organisationId, actor, id),

    async reorder(organisationId: string, actor: Actor, body: ReorderBody) {
      await ensure(organisationId);
      return stages.reorder(organisationId, actor, body);
    },
  };
}

/** For the onboardings feature (moving a hire): a stage as stored. */
export { findStage as findStageRow, type StageRow } from './repository.ts';
