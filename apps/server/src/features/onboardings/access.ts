import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { membersAmong } from '../members/service.ts';
import { lockHire, type HireRow } from './repository.ts';

export const hireNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.hireNotFound);
export const invalid = (field: string, message: string) => validationFailed({ [field]: [message] }, message);

/** The hire, locked for the transaction; 404 for another organisation's or a malformed id. */
export async function lockedHire(tx: Db, organisationId: string, id: string): Promise<HireRow> {
  const hire = isUuid(id) ? await lockHire(tx, organisationId, id) : undefined;
  if (!hire) throw hireNotFound();
  return hire;
}

/** 422 naming the field unless every given user id is a member of the organisation. */
export async function assertMembers(db: Db, organisationId: string, fields: Record<string, string | null | undefined>) {
  const ids = Object.values(fields).filter((v): v is string => typeof v === 'string');
  const members = new Set(await membersAmong(db, organisationId, ids));
  const errors: Record<string, string[]> = {};
  for (const [field, id] of Object.entries(fields)) if (id && !members.has(id)) errors[field] = [ONBOARDING_TEXTS.userUnknown];
  if (Object.keys(errors).length > 0) throw validationFailed(errors, ONBOARDING_TEXTS.userUnknown);
}
