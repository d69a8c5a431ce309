import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { candidates } from '../../db/schema/candidates.ts';
import { hireTasks, hires } from '../../db/schema/onboarding.ts';

/**
 * A leaving member's open tasks (not done) lose their owner; told already or not, the next owner is
 * told when the task is due. Returns them with their hire, for the timeline and the one who removed them.
 */
export async function unassignOpenTasksOf(db: Db, organisationId: string, userId: string) {
  const ids = (
    await db
      .update(hireTasks)
      .set({ ownerId: null, dueNotifiedAt: null })
      .where(and(eq(hireTasks.organisationId, organisationId), eq(hireTasks.ownerId, userId), isNull(hireTasks.doneAt)))
      .returning({ id: hireTasks.id })
  ).map((r) => r.id);
  if (ids.length === 0) return [];
  return db
    .select({
      id: hireTasks.id,
      title: hireTasks.title,
      hireId: hires.id,
      onboardingId: hires.onboardingId,
      candidateId: candidates.id,
      candidateName: candidates.name,
    })
    .from(hireTasks)
    .innerJoin(hires, eq(hires.id, hireTasks.hireId))
    .innerJoin(candidates, eq(candidates.id, hires.candidateId))
    .where(and(eq(hireTasks.organisationId, organisationId), inArray(hireTasks.id, ids)))
    .orderBy(hireTasks.hireId, hireTasks.position);
}
