import { eq } from 'drizzle-orm';
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
