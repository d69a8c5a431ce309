import type { OnboardingTemplate } from '@hireloop/contract/onboarding';
import type { TemplateRow } from './repository.ts';

export function presentTemplate(row: TemplateRow): OnboardingTemplate {
  return {
    id: row.id,
    name: row.name,
    first_day_info: row.firstDayInfo,
    tasks: row.tasks.map((t) => ({
      id: t.id,
      title: t.title,
      owner: t.owner,
      owner_user_id: t.owner === 'user' ? t.owner_user_id : null,
      due_days: t.due_days,
    })),
    documents: row.documents.map((d) => ({ id: d.id, name: d.name, description: d.description })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
