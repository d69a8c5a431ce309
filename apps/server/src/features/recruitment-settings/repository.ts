import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organisations } from '../../db/schema/organisations.ts';

const columns = {
  defaultInterviewMinutes: organisations.defaultInterviewMinutes,
  candidateRetentionMonths: organisations.candidateRetentionMonths,
};
export type RecruitmentSettingsRow = { defaultInterviewMinutes: number; candidateRetentionMonths: number };

/** The row is locked until the transaction ends when `forUpdate` (before → after stays exact). */
export function findRecruitmentSettings(db: Db, organisationId: string, o: { forUpdate?: boolean } = {}) {
  const query = db.select(columns).from(organisations).where(eq(organisations.id, organisationId));
  return (o.forUpdate ? query.for('update') : query).then((r) => r[0]);
}

export function updateRecruitmentSettings(db: Db, organisationId: string, changes: Partial<RecruitmentSettingsRow>) {
  return db
    .update(organisations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(organisations.id, organisationId))
    .returning(columns)
    .then((r) => r[0]);
}
