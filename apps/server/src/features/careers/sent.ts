import type { CareerApplicationSent } from '@hireloop/contract/candidates';
import type { Db } from '../../db/client.ts';
import { findCareerApplication } from './repository.ts';

/**
 * The cover note and answers a careers-site applicant sent, for the application's detail
 * (features/applications). Apart from careers/service.ts, which imports the applications service:
 * this way neither imports the other.
 */
export async function careerApplicationSent(db: Db, organisationId: string, applicationId: string): Promise<CareerApplicationSent | null> {
  const row = await findCareerApplication(db, organisationId, applicationId);
  return row ? { cover_note: row.coverNote, answers: row.answers } : null;
}
