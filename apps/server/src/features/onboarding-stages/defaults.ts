import { DEFAULT_ONBOARDING_STAGES } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { allStages, insertStages, lockStages, type StageRow } from './repository.ts';

/**
 * The organisation's onboarding stages, the defaults (offer accepted → paperwork → equipment →
 * first day → done) created when it has none yet. Call it inside a transaction: it takes the
 * stages' lock so two first uses cannot both create them.
 */
export async function ensureOnboardingStages(tx: Db, organisationId: string): Promise<StageRow[]> {
  const existing = await allStages(tx, organisationId);
  if (existing.length > 0) return existing;
  await lockStages(tx, organisationId);
  const again = await allStages(tx, organisationId);
  if (again.length > 0) return again;
  return insertStages(
    tx,
    organisationId,
    DEFAULT_ONBOARDING_STAGES.map((s, i) => ({ ...s, position: i + 1 })),
  );
}
