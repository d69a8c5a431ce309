import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { onboardingTemplates, type TemplateDocument, type TemplateTask } from '../../db/schema/onboarding.ts';
import { offsetOf } from '../../lib/paging.ts';

export type TemplateRow = typeof onboardingTemplates.$inferSelect;
export type { TemplateDocument, TemplateTask };
export type TemplateValues = { name: string; firstDayInfo: string; tasks: TemplateTask[]; documents: TemplateDocument[] };

const ofOrganisation = (organisationId: string) => eq(onboardingTemplates.organisationId, organisationId);

export async function listTemplates(db: Db, organisationId: string, o: { page: number; perPage: number }) {
  const where = ofOrganisation(organisationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(onboardingTemplates)
      .where(where)
      .orderBy(asc(onboardingTemplates.name), asc(onboardingTemplates.id))
      .limit(o.perPage)
      .offset(offsetOf(o.page, o.perPage)),
    db.select({ n: count() }).from(onboardingTemplates).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function findTemplate(db: Db, organisationId: string, id: string): Promise<TemplateRow | undefined> {
  return db
    .select()
    .from(onboardingTemplates)
    .where(and(ofOrganisation(organisationId), eq(onboardingTemplates.id, id)))
    .then((r) => r[0]);
}

export async function insertTemplate(db: Db, organisationId: string, values: TemplateValues): Promise<TemplateRow> {
  const [row] = await db
    .insert(onboardingTemplates)
    .values({ organisationId, ...values })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export function updateTemplate(db: Db, organisationId: string, id: string, changes: Partial<TemplateValues>) {
  return db
    .update(onboardingTemplates)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(ofOrganisation(organisationId), eq(onboardingTemplates.id, id)))
    .returning()
    .then((r) => r[0]);
}

export function deleteTemplate(db: Db, organisationId: string, id: string) {
  return db
    .delete(onboardingTemplates)
    .where(and(ofOrganisation(organisationId), eq(onboardingTemplates.id, id)))
    .returning({ id: onboardingTemplates.id })
    .then((r) => r.length > 0);
}
