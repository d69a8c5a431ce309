import { randomUUID } from 'node:crypto';
import {
  ONBOARDING_TEXTS,
  type OnboardingTemplate,
  type onboardingTemplateBody,
  type updateOnboardingTemplateBody,
} from '@hireloop/contract/onboarding';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { membersAmong } from '../members/memberships.ts';
import { presentTemplate } from './presenter.ts';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  updateTemplate,
  type TemplateDocument,
  type TemplateTask,
  type TemplateValues,
} from './repository.ts';

type CreateInput = z.output<typeof onboardingTemplateBody>;
type UpdateInput = z.output<typeof updateOnboardingTemplateBody>;
type TaskInput = CreateInput['tasks'][number];
type DocumentInput = CreateInput['documents'][number];

const templateNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.templateNotFound);

/** Keeps sent ids (unique within the list), gives new items one. */
function withIds<T extends { id?: string | undefined }>(items: T[]): Array<T & { id: string }> {
  const seen = new Set<string>();
  return items.map((item) => {
    const id = item.id && !seen.has(item.id) ? item.id : randomUUID();
    seen.add(id);
    return { ...item, id };
  });
}

/** Every task's colleague must be a member: 422 naming the task otherwise. */
async function checkedTasks(db: Db, organisationId: string, tasks: TaskInput[]): Promise<TemplateTask[]> {
  const userIds = [...new Set(tasks.flatMap((t) => (t.owner === 'user' && t.owner_user_id ? [t.owner_user_id] : [])))];
  const members = new Set(await membersAmong(db, organisationId, userIds));
  const errors: Record<string, string[]> = {};
  tasks.forEach((t, i) => {
    if (t.owner === 'user' && t.owner_user_id && !members.has(t.owner_user_id))
      errors[`tasks.${i}.owner_user_id`] = [ONBOARDING_TEXTS.userUnknown];
  });
  if (Object.keys(errors).length > 0) throw validationFailed(errors, ONBOARDING_TEXTS.userUnknown);
  return withIds(tasks).map((t) => ({
    id: t.id,
    title: t.title,
    owner: t.owner,
    owner_user_id: t.owner === 'user' ? (t.owner_user_id ?? null) : null,
    due_days: t.due_days,
  }));
}

const checkedDocuments = (documents: DocumentInput[]): TemplateDocument[] =>
  withIds(documents).map((d) => ({ id: d.id, name: d.name, description: d.description }));

export function createOnboardingTemplateService(db: Db) {
  async function audit(
    tx: Db,
    organisationId: string,
    actor: Actor,
    verb: string,
    targetId: string,
    entry: { before?: Record<string, unknown>; after?: Record<string, unknown> },
  ) {
    await recordAudit(tx, {
      organisationId,
      actor,
      actorName: await actorNameOf(tx, actor),
      action: `onboarding_template.${verb}`,
      targetType: 'onboarding_template',
      targetId,
      ...entry,
    });
  }

  return {
    async list(organisationId: string, o: { page: number; perPage: number }) {
      const { rows, total } = await listTemplates(db, organisationId, o);
      return { templates: rows.map(presentTemplate), total };
    },

    async get(organisationId: string, id: string): Promise<OnboardingTemplate> {
      const row = isUuid(id) ? await findTemplate(db, organisationId, id) : undefined;
      if (!row) throw templateNotFound();
      return presentTemplate(row);
    },

    async create(organisationId: string, actor: Actor, body: CreateInput): Promise<OnboardingTemplate> {
      const values: TemplateValues = {
        name: body.name,
        firstDayInfo: body.first_day_info,
        tasks: await checkedTasks(db, organisationId, body.tasks),
        documents: checkedDocuments(body.documents),
      };
      return db.transaction(async (tx) => {
        const row = await insertTemplate(tx, organisationId, values);
        const item = presentTemplate(row);
        await audit(tx, organisationId, actor, 'created', row.id, { after: { name: item.name } });
        return item;
      });
    },

    async update(organisationId: string, actor: Actor, id: string, body: UpdateInput): Promise<OnboardingTemplate> {
      if (!isUuid(id)) throw templateNotFound();
      const changes: Partial<TemplateValues> = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.first_day_info !== undefined) changes.firstDayInfo = body.first_day_info;
      if (body.tasks !== undefined) changes.tasks = await checkedTasks(db, organisationId, body.tasks);
      if (body.documents !== undefined) changes.documents = checkedDocuments(body.documents);
      return db.transaction(async (tx) => {
        const before = await findTemplate(tx, organisationId, id);
        if (!before) throw templateNotFound();
        const row = await updateTemplate(tx, organisationId, id, changes);
        if (!row) throw templateNotFound();
        await audit(tx, organisationId, actor, 'updated', id, { before: { name: before.name }, after: { name: row.name } });
        return presentTemplate(row);
      });
    },

    /** Hires keep the tasks and documents they copied; onboardings using it fall back to none. */
    async remove(organisationId: string, actor: Actor, id: string): Promise<void> {
      if (!isUuid(id)) throw templateNotFound();
      await db.transaction(async (tx) => {
        const before = await findTemplate(tx, organisationId, id);
        if (!before || !(await deleteTemplate(tx, organisationId, id))) throw templateNotFound();
        await audit(tx, organisationId, actor, 'deleted', id, { before: { name: before.name } });
      });
    },
  };
}

/** For the onboardings feature (a hire's template, task owners): the rows as stored. */
export { findTemplate as findTemplateRow } from './repository.ts';
