import { DEFAULT_INTERVIEW_TYPES } from '@hireloop/contract/interviews';
import type { Db } from '../../db/client.ts';
import { insertTypes } from './repository.ts';

/**
 * A new organisation's interview types and their kits (DEFAULT_INTERVIEW_TYPES), inside the
 * transaction that creates it, so it can schedule an interview at once.
 * Kept apart from service.ts so organisation creation does not depend on the HTTP layer.
 */
export async function createDefaultInterviewTypes(tx: Db, organisationId: string) {
  await insertTypes(
    tx,
    organisationId,
    DEFAULT_INTERVIEW_TYPES.map((t, i) => ({ name: t.name, questions: [...t.questions], criteria: [...t.criteria], position: i + 1 })),
  );
}
