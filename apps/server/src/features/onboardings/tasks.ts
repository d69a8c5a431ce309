import { ONBOARDING_TEXTS, type CreateHireTaskBody, type HireTask, type UpdateHireTaskBody } from '@hireloop/contract/onboarding';
import { can } from '@hireloop/contract/permissions';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { userIdOrNull } from '../actors/service.ts';
import { assertMembers, lockedHire } from './access.ts';
import { presentTask, todayUtc } from './presenter.ts';
import { deleteTask, findTask, insertTasks, nextTaskPosition, tasksOf, updateTask, type TaskRow } from './repository.ts';

const taskNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.taskNotFound);
const mayManage = (actor: Actor) => actor.kind === 'api_key' || can(actor.role, 'onboarding.manage');

/** Ticks off (by `doneById`; null: the hire or an API key) or reopens a task; nothing when it already is so. */
function doneChanges(task: TaskRow, done: boolean, doneById: string | null): Partial<TaskRow> {
  if (done === (task.doneAt !== null)) return {};
  return { doneAt: done ? new Date() : null, doneById: done ? doneById : null };
}

/** A hire's checklist: add, change, tick, delete. */
export function createHireTaskService(db: Db) {
  async function one(hireId: string, id: string): Promise<HireTask> {
    const row = (await tasksOf(db, [hireId])).find((t) => t.task.id === id);
    if (!row) throw taskNotFound();
    return presentTask(row, todayUtc());
  }

  async function lockedTask(tx: Db, organisationId: string, hireId: string, id: string): Promise<TaskRow> {
    const task = isUuid(id) ? await findTask(tx, organisationId, hireId, id) : undefined;
    if (!task) throw taskNotFound();
    return task;
  }

  return {
    /** A colleague's task (or nobody's), due on a date of its own. */
    async create(organisationId: string, _actor: Actor, hireId: string, body: CreateHireTaskBody): Promise<HireTask> {
      await assertMembers(db, organisationId, { owner_id: body.owner_id });
      const id = await db.transaction(async (tx) => {
        const hire = await lockedHire(tx, organisationId, hireId);
        const [row] = await insertTasks(tx, [
          {
            organisationId,
            hireId: hire.id,
            title: body.title,
            ownerKind: 'user',
            ownerId: body.owner_id ?? null,
            dueDays: null,
            dueDate: body.due_date ?? null,
            position: await nextTaskPosition(tx, hire.id),
          },
        ]);
        return row!.id;
      });
      return one(hireId, id);
    },

    /**
     * With onboarding.manage anything; otherwise only the task's owner, and only `done` (403).
     * A due date set by hand no longer follows the start date; an owner set by hand makes it a colleague's task.
     */
    async update(organisationId: string, actor: Actor, hireId: string, id: string, body: UpdateHireTaskBody): Promise<HireTask> {
      const manager = mayManage(actor);
      if (manager) await assertMembers(db, organisationId, { owner_id: body.owner_id });
      await db.transaction(async (tx) => {
        const hire = await lockedHire(tx, organisationId, hireId);
        const task = await lockedTask(tx, organisationId, hire.id, id);
        if (!manager) {
          const own = actor.kind === 'user' && task.ownerId === actor.userId;
          if (!own) throw new AppError('forbidden', ONBOARDING_TEXTS.notTaskOwner);
          if (body.title !== undefined || body.owner_id !== undefined || body.due_date !== undefined) {
            throw new AppError('forbidden', ONBOARDING_TEXTS.onlyDone);
          }
        }
        const changes: Partial<TaskRow> = {};
        if (body.title !== undefined) changes.title = body.title;
        if (body.owner_id !== undefined) {
          changes.ownerId = body.owner_id;
          changes.ownerKind = 'user';
        }
        if (body.due_date !== undefined) {
          changes.dueDate = body.due_date;
          changes.dueDays = null;
          changes.dueNotifiedAt = null;
        }
        if (body.done !== undefined) Object.assign(changes, doneChanges(task, body.done, userIdOrNull(actor)));
        if (Object.keys(changes).length === 0) return;
        await updateTask(tx, id, changes);
      });
      return one(hireId, id);
    },

    /**
     * The hire ticks off or reopens one of their own tasks from the new-hire page (done by nobody:
     * `done_by` stays null). Any other task, of theirs or another hire's, is 404 `taskNotFound`.
     */
    async setDoneByHire(organisationId: string, hireId: string, id: string, done: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const hire = await lockedHire(tx, organisationId, hireId);
        const task = await lockedTask(tx, organisationId, hire.id, id);
        if (task.ownerKind !== 'new_hire') throw taskNotFound();
        const changes = doneChanges(task, done, null);
        if (Object.keys(changes).length > 0) await updateTask(tx, id, changes);
      });
    },

    async remove(organisationId: string, _actor: Actor, hireId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const hire = await lockedHire(tx, organisationId, hireId);
        await lockedTask(tx, organisationId, hire.id, id);
        await deleteTask(tx, id);
      });
    },
  };
}
