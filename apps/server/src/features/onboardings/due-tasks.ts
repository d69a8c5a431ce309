import type { Db } from '../../db/client.ts';
import { notify } from '../notifications/service.ts';
import { hirePagePath } from './enter.ts';
import { todayUtc } from './presenter.ts';
import { claimDueTasks } from './repository.ts';

const BATCH = 100;

/**
 * Tells each owner of an open task that is due (today or earlier) once ('onboarding_task_due'):
 * the task is marked in the transaction that stores the notification, so a second pass — or a
 * second process — never tells them again. Returns how many were told.
 */
export async function notifyDueOnboardingTasks(db: Db, now = new Date()): Promise<number> {
  const today = todayUtc(now);
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const tasks = await claimDueTasks(tx, today, BATCH);
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
    if (n < BATCH) return total;
  }
}
