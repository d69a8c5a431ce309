import { ONBOARDING_TEXTS, type CreateHireTaskBody, type HireTask, type UpdateHireTaskBody } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { recordActivity } from '../activities/service.ts';
import { userIdOrNull } from '../actors/service.ts';
import { notify } from '../notifications/service.ts';
import { assertMembers, lockedHire, lockedTask, mayManage, taskNotFound } from './checks.ts';
import { hirePagePath } from './links.ts';
import { presentTask, todayUtc } from './presenter.ts';
import {
  claimDueTasks,
  deleteTask,
  insertTasks,
  nextTaskPosition,
  tasksOf,
  unassignOpenTasksOf,
  updateTask,
  type TaskRow,
} from './repository.ts';

/* A hire's checklist: colleagues' tasks, the hire's own (ticked from the new-hire page), and the due-task reminders. */

/** Ticks off (by `doneById`; null: the hire or an API key) or reopens a task; nothing when it already is so. */
function doneChanges(task: TaskRow, done: boolean, doneById: string | null): Partial<TaskRow> {
  if (done === (task.doneAt !== null)) return {};
  return { doneAt: done ? new Date() : null, doneById: done ? doneById : null };
}

/**
 * The hire ticks off or reopens one of their own tasks from the new-hire page (done by nobody:
 * `done_by` stays null). Any other task, of theirs or another hire's, is 404 `taskNotFound`.
 */
export async function setTaskDoneByHire(db: Db, organisationId: string, hireId: string, id: string, done: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const hire = await lockedHire(tx, organisationId, hireId);
    const task = await lockedTask(tx, organisationId, hire.id, id);
    if (task.ownerKind !== 'new_hire') throw taskNotFound();
    const changes = doneChanges(task, done, null);
    if (Object.keys(changes).length > 0) await updateTask(tx, id, changes);
  });
}

const DUE_TASK_BATCH = 100;

/**
 * Tells each owner of an open task that is due (today or earlier) once ('onboarding_task_due'):
 * the task is marked in the transaction that stores the notification, so a second pass — or a
 * second process — never tells them again. Returns how many were told. Run by jobs/onboarding-task-due.ts.
 */
export async function notifyDueOnboardingTasks(db: Db, now = new Date()): Promise<number> {
  const today = todayUtc(now);
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const tasks = await claimDueTasks(tx, today, DUE_TASK_BATCH);
      for (const t of tasks) {
        if (!t.ownerId) continue;
        await notify(tx, {
          userId: t.ownerId,
          organisationId: t.organisationId,
          type: 'onboarding_task_due',
          data: {
            title: `Onboarding task due: ${t.title}`,
            body: `${t.candidateName}${t.dueDate ? ` — due ${t.dueDate}` : ''}`,
            url: hirePagePath(t.onboardingId, t.hireId),
            task_id: t.id,
            hire_id: t.hireId,
          },
          candidateId: t.candidateId,
        });
      }
      return tasks.length;
    });
    total += n;
    if (n < DUE_TASK_BATCH) return total;
  }
}

export type TaskUnassigned = { task_id: string; title: string; candidate_name: string; url: string };

/**
 * A member leaves the organisation (removed, or leaving): each of their open tasks has no owner
 * any more (a manager gives it one; until then nobody is reminded), with a line on the hire's
 * timeline. Done tasks keep their owner, as the record they are. Runs in the departure's transaction.
 */
export async function unassignTasksOf(
  tx: Db,
  organisationId: string,
  actor: Actor,
  leaver: { id: string; name: string },
): Promise<TaskUnassigned[]> {
  const tasks = await unassignOpenTasksOf(tx, organisationId, leaver.id);
  for (const t of tasks) {
    await recordActivity(tx, {
      organisationId,
      actor,
      type: 'onboarding.task_unassigned',
      candidateId: t.candidateId,
      data: { hire_id: t.hireId, onboarding_id: t.onboardingId, task_id: t.id, title: t.title, removed: leaver.name },
    });
  }
  return tasks.map((t) => ({
    task_id: t.id,
    title: t.title,
    candidate_name: t.candidateName,
    url: hirePagePath(t.onboardingId, t.hireId),
  }));
}

/** A hire's checklist, as the staff change it (service.ts). */
export function createTasksService(db: Db) {
  async function task(hireId: string, id: string): Promise<HireTask> {
    const row = (await tasksOf(db, [hireId])).find((t) => t.task.id === id);
    if (!row) throw taskNotFound();
    return presentTask(row, todayUtc());
  }

  return {
    /** A colleague's task (or nobody's), due on a date of its own. */
    async createTask(organisationId: string, _actor: Actor, hireId: string, body: CreateHireTaskBody): Promise<HireTask> {
      await assertMembers(db, organisationId, { owner_id: body.owner_id });
      const id = await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        const [row] = await insertTasks(tx, [
          {
            organisationId,
            hireId: locked.id,
            title: body.title,
            ownerKind: 'user',
            ownerId: body.owner_id ?? null,
            dueDays: null,
            dueDate: body.due_date ?? null,
            position: await nextTaskPosition(tx, locked.id),
          },
        ]);
        return row!.id;
      });
      return task(hireId, id);
    },

    /**
     * With onboarding.manage anything; otherwise only the task's owner, and only `done` (403).
     * A due date set by hand no longer follows the start date; an owner set by hand makes it a colleague's task.
     */
    async updateTask(organisationId: string, actor: Actor, hireId: string, id: string, body: UpdateHireTaskBody): Promise<HireTask> {
      const manager = mayManage(actor);
      if (manager) await assertMembers(db, organisationId, { owner_id: body.owner_id });
      await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        const before = await lockedTask(tx, organisationId, locked.id, id);
        if (!manager) {
          const own = actor.kind === 'user' && before.ownerId === actor.userId;
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
          // A new owner is told when it is due, as the first one was.
          if (body.owner_id !== before.ownerId) changes.dueNotifiedAt = null;
        }
        if (body.due_date !== undefined) {
          changes.dueDate = body.due_date;
          changes.dueDays = null;
          changes.dueNotifiedAt = null;
        }
        if (body.done !== undefined) Object.assign(changes, doneChanges(before, body.done, userIdOrNull(actor)));
        if (Object.keys(changes).length === 0) return;
        await updateTask(tx, id, changes);
      });
      return task(hireId, id);
    },

    async removeTask(organisationId: string, _actor: Actor, hireId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const locked = await lockedHire(tx, organisationId, hireId);
        await lockedTask(tx, organisationId, locked.id, id);
        await deleteTask(tx, id);
      });
    },
  };
}
