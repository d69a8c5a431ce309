import {
  ONBOARDING_TEXTS,
  type OnboardingDashboard,
  type OnboardingDetail,
  type OnboardingProductState,
  type OnboardingStageCount,
  type OnboardingSummary,
} from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { effectivePlan } from '../billing/plans.ts';
import { ensureOnboardingStages } from '../onboarding-stages/defaults.ts';
import { presentStage } from '../onboarding-stages/presenter.ts';
import type { StageRow } from '../onboarding-stages/service.ts';
import { findTemplateRow as findTemplate } from '../onboarding-templates/service.ts';
import { invalid } from './access.ts';
import { subscribedToOnboarding } from './product-gate.ts';
import { todayUtc } from './presenter.ts';
import {
  findOnboarding,
  findOrganisation,
  onboardingFigures,
  onboardingHeaders,
  setOnboardingTemplate,
  stageCountsOf,
} from './repository.ts';

const onboardingNotFound = () => new AppError('not_found', ONBOARDING_TEXTS.onboardingNotFound);

type Organisation = NonNullable<Awaited<ReturnType<typeof findOrganisation>>>;

/** Not subscribed, subscribed during the organisation's trial, or subscribed on a chosen plan. */
export function onboardingProductState(org: Organisation, now = new Date()): { state: OnboardingProductState; trailEndsAt: Date | null } {
  const plan = effectivePlan(org, now);
  if (!subscribedToOnboarding(org)) return { state: 'not_subscribed', trailEndsAt: plan.trailEndsAt };
  return plan.plan === 'trial' ? { state: 'trial', trailEndsAt: plan.trailEndsAt } : { state: 'active', trailEndsAt: null };
}

/** The role's onboardings with their figures: hires, hires per stage (every stage present), overdue tasks, next start. */
async function summaries(db: Db, organisationId: string, stages: StageRow[], ids?: string[]) {
  const today = todayUtc();
  const headers = await onboardingHeaders(db, organisationId, ids);
  const onboardingIds = headers.map((h) => h.id);
  const [counts, figures] = await Promise.all([
    stageCountsOf(db, organisationId, onboardingIds),
    onboardingFigures(db, organisationId, onboardingIds, today),
  ]);
  return headers.map((h) => {
    const stageCounts: OnboardingStageCount[] = stages.map((s) => ({
      stage_id: s.id,
      count: counts.find((c) => c.onboardingId === h.id && c.stageId === s.id)?.n ?? 0,
    }));
    const f = figures.find((x) => x.onboardingId === h.id);
    const summary: OnboardingSummary & { created_at: string; updated_at: string } = {
      id: h.id,
      role: { id: h.roleId, name: h.roleName, team: h.teamId && h.teamName !== null ? { id: h.teamId, name: h.teamName } : null },
      template: h.templateId && h.templateName !== null ? { id: h.templateId, name: h.templateName } : null,
      hires: stageCounts.reduce((n, c) => n + c.count, 0),
      stage_counts: stageCounts,
      overdue_tasks: f?.overdue ?? 0,
      next_start_date: f?.nextStart ?? null,
      created_at: h.createdAt.toISOString(),
      updated_at: h.updatedAt.toISOString(),
    };
    return summary;
  });
}

export function createOnboardingDashboardService(db: Db) {
  async function detail(organisationId: string, id: string): Promise<OnboardingDetail> {
    if (!isUuid(id)) throw onboardingNotFound();
    const stages = await db.transaction((tx) => ensureOnboardingStages(tx, organisationId));
    const [s] = await summaries(db, organisationId, stages, [id]);
    if (!s) throw onboardingNotFound();
    return {
      id: s.id,
      role: s.role,
      template: s.template,
      stages: stages.map(presentStage),
      stage_counts: s.stage_counts,
      hires: s.hires,
      overdue_tasks: s.overdue_tasks,
      created_at: s.created_at,
      updated_at: s.updated_at,
    };
  }

  return {
    detail,

    /**
     * The Onboarding Dashboard: subscription state, the stages, and every role's onboarding holding
     * hires. Not subscribed: the state alone (the web offers the product from it), nothing of the
     * hires kept from an earlier subscription, and no default stages created.
     */
    async dashboard(organisationId: string): Promise<OnboardingDashboard> {
      const org = await findOrganisation(db, organisationId);
      if (!org) throw new AppError('not_found', ONBOARDING_TEXTS.onboardingNotFound);
      const { state, trailEndsAt } = onboardingProductState(org);
      const base = { product_state: state, trail_ends_at: trailEndsAt?.toISOString() ?? null };
      if (state === 'not_subscribed') return { ...base, stages: [], onboardings: [] };
      const stages = await db.transaction((tx) => ensureOnboardingStages(tx, organisationId));
      const list = await summaries(db, organisationId, stages);
      return {
        ...base,
        stages: stages.map(presentStage),
        onboardings: list.map(({ created_at: _c, updated_at: _u, ...rest }) => rest),
      };
    },

    /** The template new hires of the role get. */
    async update(organisationId: string, _actor: Actor, id: string, body: { template_id: string | null }): Promise<OnboardingDetail> {
      const onboarding = isUuid(id) ? await findOnboarding(db, organisationId, id) : undefined;
      if (!onboarding) throw onboardingNotFound();
      if (body.template_id && !(await findTemplate(db, organisationId, body.template_id))) {
        throw invalid('template_id', ONBOARDING_TEXTS.templateUnknown);
      }
      await setOnboardingTemplate(db, organisationId, id, body.template_id);
      return detail(organisationId, id);
    },
  };
}
