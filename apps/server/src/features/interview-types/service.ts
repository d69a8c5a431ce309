import { INTERVIEW_TEXTS, type InterviewType, type UpdateInterviewTypeBody } from '@hireloop/contract/interviews';
import type { ReorderBody } from '@hireloop/contract/ordering';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { createOrderedList } from '../../lib/ordering.ts';
import { presentInterviewType } from './presenter.ts';
import {
  allTypes,
  countTypes,
  deleteType,
  findType,
  findTypeAt,
  insertTypes,
  listTypes,
  lockTypes,
  moveType,
  typeNameTaken,
  updateType,
  type InterviewTypeRow,
  type InterviewTypeValues,
} from './repository.ts';

const typeNotFound = () => new AppError('not_found', INTERVIEW_TEXTS.typeNotFound);

/** One interview type of the organisation (for scheduling: its name and kit), or undefined. */
export const interviewTypeOf = (db: Db, organisationId: string, id: string) => findType(db, organisationId, id);

export function createInterviewTypeService(db: Db) {
  const types = createOrderedList<InterviewTypeRow, InterviewTypeValues, InterviewType>(db, {
    repository: {
      lock: lockTypes,
      count: countTypes,
      find: findType,
      findAt: findTypeAt,
      all: allTypes,
      nameTaken: typeNameTaken,
      insert: insertTypes,
      remove: deleteType,
      move: moveType,
    },
    present: presentInterviewType,
    target: 'interview_type',
    plural: 'interview types',
    notFound: typeNotFound,
    nameTaken: () => new AppError('conflict', INTERVIEW_TEXTS.typeNameTaken, { name: [INTERVIEW_TEXTS.typeNameTaken] }),
  });

  return {
    async list(organisationId: string, o: { page: number; perPage: number; name?: string | undefined }) {
      const { rows, total } = await listTypes(db, organisationId, o);
      return { types: rows.map(presentInterviewType), total };
    },
    create: (organisationId: string, actor: Actor, values: InterviewTypeValues) => types.create(organisationId, actor, values),
    update(organisationId: string, actor: Actor, id: string, body: UpdateInterviewTypeBody) {
      return types.write(organisationId, actor, async ({ tx, existing, assertNameFree, audit }) => {
        const before = await existing(id);
        const changes: Partial<InterviewTypeValues> = {};
        if (body.name !== undefined && body.name !== before.name) {
          await assertNameFree(body.name, id);
          changes.name = body.name;
        }
        if (body.questions !== undefined) changes.questions = body.questions;
        if (body.criteria !== undefined) changes.criteria = body.criteria;
        if (Object.keys(changes).length === 0) return presentInterviewType(before);
        const row = await updateType(tx, organisationId, id, changes);
        if (!row) throw typeNotFound();
        await audit('updated', { targetId: id, before: presentInterviewType(before), after: presentInterviewType(row) });
        return presentInterviewType(row);
      });
    },
    remove: (organisationId: string, actor: Actor, id: string) => types.remove(organisationId, actor, id),
    reorder: (organisationId: string, actor: Actor, body: ReorderBody) => types.reorder(organisationId, actor, body),
  };
}
