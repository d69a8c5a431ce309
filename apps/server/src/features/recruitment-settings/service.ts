import type { RecruitmentSettings, UpdateRecruitmentSettingsBody } from '@hireloop/contract/recruitment-settings';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { updateOrganisationColumns } from '../organisations/service.ts';
import { findRecruitmentSettings, type RecruitmentSettingsRow } from './repository.ts';

const present = (r: RecruitmentSettingsRow): RecruitmentSettings => ({
  default_interview_minutes: r.defaultInterviewMinutes,
  candidate_retention_months: r.candidateRetentionMonths,
});

export function createRecruitmentSettingsService(db: Db) {
  return {
    async get(organisationId: string) {
      const row = await findRecruitmentSettings(db, organisationId);
      if (!row) throw notFound();
      return present(row);
    },

    async update(organisationId: string, actor: Actor, body: UpdateRecruitmentSettingsBody) {
      const actorName = await actorNameOf(db, actor);
      return db.transaction(async (tx) => {
        const before = await findRecruitmentSettings(tx, organisationId, { forUpdate: true });
        if (!before) throw notFound();
        const changes: Partial<RecruitmentSettingsRow> = {};
        if (body.default_interview_minutes !== undefined && body.default_interview_minutes !== before.defaultInterviewMinutes)
          changes.defaultInterviewMinutes = body.default_interview_minutes;
        if (body.candidate_retention_months !== undefined && body.candidate_retention_months !== before.candidateRetentionMonths)
          changes.candidateRetentionMonths = body.candidate_retention_months;
        if (Object.keys(changes).length === 0) return present(before);
        const after = await updateOrganisationColumns(tx, organisationId, changes);
        if (!after) throw notFound();
        const was = present(before);
        const now = present(after);
        const fields = (Object.keys(now) as Array<keyof RecruitmentSettings>).filter((k) => was[k] !== now[k]);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'recruitment_settings.updated',
          targetType: 'organisation',
          targetId: organisationId,
          before: Object.fromEntries(fields.map((k) => [k, was[k]])),
          after: Object.fromEntries(fields.map((k) => [k, now[k]])),
        });
        return now;
      });
    },
  };
}
