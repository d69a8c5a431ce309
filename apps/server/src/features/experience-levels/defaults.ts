import { DEFAULT_EXPERIENCE_LEVELS } from '@hireloop/contract/experience-levels';
import type { Db } from '../../db/client.ts';
import { insertLevels } from './repository.ts';

/**
 * A new organisation's levels (DEFAULT_EXPERIENCE_LEVELS), inside the transaction that creates it.
 * Kept apart from service.ts so organisation creation does not depend on the HTTP layer.
 */
export async function createDefaultExperienceLevels(tx: Db, organisationId: string) {
  await insertLevels(
    tx,
    organisationId,
    DEFAULT_EXPERIENCE_LEVELS.map((name, i) => ({ name, position: i + 1 })),
  );
}
