import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import { ROLE_TEXTS, type CreateRoleBody, type JobRole, type UpdateRoleBody } from '@hireloop/contract/roles';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { presentRole } from './presenter.ts';
import {
  deleteRole,
  findRole,
  insertRole,
  levelExists,
  listRoles,
  lockRole,
  roleHasRecruitments,
  teamExists,
  updateRole,
  type RoleFilters,
  type RoleRow,
  type RoleValues,
} from './repository.ts';
import { sanitizeDescription } from './sanitize.ts';

const roleNotFound = () => new AppError('not_found', ROLE_TEXTS.notFound);

/** Body (snake_case) → column values; only the keys present are set. */
function valuesOf(body: UpdateRoleBody): RoleValues {
  const v: RoleValues = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.team_id !== undefined) v.teamId = body.team_id;
  if (body.experience_level_id !== undefined) v.experienceLevelId = body.experience_level_id;
  if (body.location_type !== undefined) v.locationType = body.location_type;
  if (body.location !== undefined) v.location = body.location === '' ? null : body.location;
  if (body.employment_type !== undefined) v.employmentType = body.employment_type;
  if (body.salary_min !== undefined) v.salaryMin = body.salary_min;
  if (body.salary_max !== undefined) v.salaryMax = body.salary_max;
  if (body.salary_currency !== undefined) v.salaryCurrency = body.salary_currency;
  if (body.salary_period !== undefined) v.salaryPeriod = body.salary_period;
  if (body.description_html !== undefined) v.descriptionHtml = sanitizeDescription(body.description_html);
  if (body.status !== undefined) v.status = body.status;
  return v;
}

/** Cross-field and cross-table rules, on the role as it would be after the change. */
async function assertValid(db: Db, organisationId: string, v: RoleValues, changed: RoleValues) {
  const errors: Record<string, string[]> = {};
  const min = v.salaryMin ?? null;
  const max = v.salaryMax ?? null;
  if (min !== null && max !== null && min > max) errors.salary_min = [ROLE_TEXTS.salaryOrder];
  if ((min !== null || max !== null) && !v.salaryCurrency) errors.salary_currency = [ROLE_TEXTS.currencyRequired];
  if (changed.teamId && !(await teamExists(db, organisationId, changed.teamId))) errors.team_id = [ROLE_TEXTS.teamUnknown];
  if (changed.experienceLevelId && !(await levelExists(db, organisationId, changed.experienceLevelId)))
    errors.experience_level_id = [ROLE_TEXTS.levelUnknown];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** What the audit log keeps of a role (the description only as its length). */
function auditable(r: RoleRow | RoleValues) {
  return {
    name: r.name,
    team_id: r.teamId,
    experience_level_id: r.experienceLevelId,
    location_type: r.locationType,
    location: r.location,
    employment_type: r.employmentType,
    salary_min: r.salaryMin,
    salary_max: r.salaryMax,
    salary_currency: r.salaryCurrency,
    salary_period: r.salaryPeriod,
    status: r.status,
    description_length: r.descriptionHtml?.length,
  };
}

function pick(r: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, r[k] ?? null]));
}

/** Publishes or unpublishes the role on the careers site (the website feature, features/website/service.ts, inside its transaction). */
export async function setRolePublished(db: Db, organisationId: string, roleId: string, published: boolean): Promise<void> {
  await updateRole(db, organisationId, roleId, { published });
}

export function createRoleService(db: Db) {
  async function present(organisationId: string, id: string): Promise<JobRole> {
    const row = isUuid(id) ? await findRole(db, organisationId, id) : undefined;
    if (!row) throw roleNotFound();
    return presentRole(row);
  }

  return {
    async list(organisationId: string, o: { page: number; perPage: number } & RoleFilters) {
      const { rows, total } = await listRoles(db, organisationId, o);
      return { roles: rows.map(presentRole), total };
    },

    get: present,

    async create(organisationId: string, actor: Actor, body: CreateRoleBody): Promise<JobRole> {
      const values = { status: 'draft', ...valuesOf(body), name: body.name };
      const id = await db.transaction(async (tx) => {
        await assertValid(tx, organisationId, values, values);
        const row = await insertRole(tx, organisationId, values);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'role.created',
          targetType: 'job_role',
          targetId: row.id,
          after: auditable(row),
        });
        return row.id;
      });
      return present(organisationId, id);
    },

    /** A malformed id names no role: 404, as for another organisation's. */
    async update(organisationId: string, actor: Actor, id: string, body: UpdateRoleBody): Promise<JobRole> {
      if (!isUuid(id)) throw roleNotFound();
      const changes = valuesOf(body);
      await db.transaction(async (tx) => {
        const before = await lockRole(tx, organisationId, id);
        if (!before) throw roleNotFound();
        await assertValid(tx, organisationId, { ...before, ...changes }, changes);
        const after = await updateRole(tx, organisationId, id, changes);
        if (!after) throw roleNotFound();
        const keys = Object.keys(auditable(changes)).filter((k) => (auditable(changes) as Record<string, unknown>)[k] !== undefined);
        const b = pick(auditable(before), keys);
        const a = pick(auditable(after), keys);
        if (JSON.stringify(b) === JSON.stringify(a)) return;
        const statusOnly = keys.length === 1 && keys[0] === 'status';
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: statusOnly ? 'role.status_changed' : 'role.updated',
          targetType: 'job_role',
          targetId: id,
          before: b,
          after: a,
        });
      });
      return present(organisationId, id);
    },

    /** Only a draft or closed role without recruitments; an open one must be closed first. */
    async remove(organisationId: string, actor: Actor, id: string): Promise<void> {
      if (!isUuid(id)) throw roleNotFound();
      await db.transaction(async (tx) => {
        const before = await lockRole(tx, organisationId, id);
        if (!before) throw roleNotFound();
        if (before.status === 'open') throw new AppError('conflict', ROLE_TEXTS.deleteOpen, { status: [ROLE_TEXTS.deleteOpen] });
        if (await roleHasRecruitments(tx, organisationId, id)) {
          throw validationFailed({ role: [RECRUITMENT_TEXTS.roleHasRecruitments] }, RECRUITMENT_TEXTS.roleHasRecruitments);
        }
        await deleteRole(tx, organisationId, id);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'role.deleted',
          targetType: 'job_role',
          targetId: id,
          before: auditable(before),
        });
      });
    },
  };
}
