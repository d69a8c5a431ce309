import { DEFAULT_RECRUITMENT_STATUSES } from '@hireloop/contract/recruitment-statuses';
import type { Db } from '../../db/client.ts';
import { insertStatuses } from './repository.ts';

/**
 * A new organisation's pipeline (DEFAULT_RECRUITMENT_STATUSES), inside the transaction that creates it.
 * Kept apart from service.ts so organisation creation does not depend on the HTTP layer.
 */
export async function createDefaultRecruitmentStatuses(tx: Db, organisationId: string) {
  await insertStatuses(
    tx,
    organisationId,
    DEFAULT_RECRUITMENT_STATUSES.map((s, i) => ({ ...s, position: i + 1 })),
  );
}
