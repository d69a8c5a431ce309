import { eq } from 'drizzle-orm';
import { interviewOperations } from '@hireloop/contract/operations/interviews';
import { interviews } from '../src/db/schema/interviews.ts';
import type { Client, TestApp } from './harness.ts';
import { expectStatus } from './operations.ts';

const HOUR = 3_600_000;

/**
 * An interview that has already taken place: scheduled through the API (which only takes future
 * times), then moved to the hour before last in the database, so scorecards can be submitted.
 */
export async function pastInterview(
  t: TestApp,
  scheduler: Client,
  o: { organisationId: string; applicationId: string; typeId: string; interviewerIds: string[] },
): Promise<string> {
  const res = await expectStatus(scheduler, interviewOperations.schedule, 201, {
    params: { organisationId: o.organisationId, application: o.applicationId },
    body: {
      type_id: o.typeId,
      starts_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      location: 'Room 1',
      interviewer_ids: o.interviewerIds,
    },
  });
  const { id } = res.interview;
  await t.database.db
    .update(interviews)
    .set({ startsAt: new Date(Date.now() - 2 * HOUR), endsAt: new Date(Date.now() - HOUR) })
    .where(eq(interviews.id, id));
  return id;
}
