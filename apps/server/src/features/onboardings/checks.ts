import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import { can } from '@hireloop/contract/permissions';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { membersAmong } from '../members/memberships.ts';
import { findOnboarding, findTask, lockHire, type HireRow, type TaskRow } from './repository.ts';

/* Onboarding's refusals and the checks its services share (service.ts). */

export const onboardingNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.onboardingNotFound);
export const hireNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.hireNotFound);
export const taskNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.taskNotFound);
export const documentNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.documentNotFound);
export const linkNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.linkNotFound);
export const invalid = (field: string, message: string) => validationFailed({ [field]: [message] }, message);

/** The hire, locked for the transaction; 404 for another organisation's or a malformed id. */
export async function lockedHire(tx: Db, organisationId: string, id: string): Promise<HireRow> {
  const hire = isUuid(id) ? await lockHire(tx, organisationId, id) : undefined;
  if (!hire) throw hireNotFound();
  return hire;
}

export async function lockedTask(tx: Db, organisationId: string, hireId: string, id: string): Promise<TaskRow> {
  const task = isUuid(id) ? await findTask(tx, organisationId, hireId, id) : undefined;
  if (!task) throw taskNotFound();
  return task;
}

/** 422 naming the field unless every given user id is a member of the organisation. */
export async function assertMembers(db: Db, organisationId: string, fields: Record<string, string | null | undefined>) {
  const ids = Object.values(fields).filter((v): v is string => typeof v === 'string');
  const members = new Set(await membersAmong(db, organisationId, ids));
  const errors: Record<string, string[]> = {};
  for (const [field, id] of Object.entries(fields)) if (id && !members.has(id)) errors[field] = [ONBOARDING_TEXTS.userUnknown];
  if (Object.keys(errors).length > 0) throw validationFailed(errors, ONBOARDING_TEXTS.userUnknown);
}

export const mayManage = (actor: Actor) => actor.kind === 'api_key' || can(actor.role, 'onboarding.manage');

/** The role's onboarding; 404 for another organisation's or a malformed id. */
export async function onboardingOf(db: Db, organisationId: string, id: string) {
  const onboarding = isUuid(id) ? await findOnboarding(db, organisationId, id) : undefined;
  if (!onboarding) throw onboardingNotFound();
  return onboarding;
}
