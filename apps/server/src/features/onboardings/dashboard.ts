import { ONBOARDING_TEXTS, type OnboardingDashboard, type OnboardingDetail } from '@hireloop/contract/onboarding';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import { ensureOnboardingStages } from '../onboarding-stages/defaults.ts';
import { presentStage } from '../onboarding-stages/presenter.ts';
import type { StageRow } from '../onboarding-stages/service.ts';
import { findTemplateRow as findTemplate } from '../onboarding-templates/service.ts';
import { invalid, onboardingNotFound, onboardingOf } from './checks.ts';
import { presentOnboardingSummary, todayUtc } from './presenter.ts';
import { onboardingProductState } from './product.ts';
import { findOrganisation, onboardingFigures, onboardingHeaders, setOnboardingTemplate, stageCountsOf } from './repository.ts';

/* The Onboarding Dashboard and a role's onboarding (its figures and its template). */

/** The role's onboardings with their figures: hires, hires per stage (every stage present), overdue tasks, next start. */
async function summaries(db: Db, organisationId: string, stages: StageRow[], ids?: string[]) {
  const today = todayUtc();
  const headers = await onboardingHeaders(db, organisationId, ids);
  const onboardingIds = headers.map((h) => h.id);
  const [counts, figures] = await Promise.all([
    stageCountsOf(db, organisationId, onboardingIds),
    onboardingFigures(db, organisationId, onboardingIds, today),
  ]);
  return headers.map((h) =>
    presentOnboardingSummary(
      h,
      stages.map((s) => ({ stage_id: s.id, count: counts.find((c) => c.onboardingId === h.id && c.stageId === s.id)?.n ?? 0 })),
      figures.find((x) => x.onboardingId === h.id),
    ),
  );
}

/**
 * The Onboarding Dashboard: subscription state, the stages, and every role's onboarding holding
 * hires. Not subscribed: the state alone (the web offers the product from it), nothing of the
 * hires kept from an earlier subscription, and no default stages created. Answers every
 * organisation, subscribed or not (the rest of Onboarding is behind product-gate.ts).
 */
export async function onboardingDashboard(db: Db, organisationId: string): Promise<OnboardingDashboard> {
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
}

/** A role's onboarding and the template its new hires get (service.ts). */
export function createOnboardingsService(db: Db) {
  async function onboarding(organisationId: string, id: string): Promise<OnboardingDetail> {
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
    onboarding,
    /** The template new hires of the role get. */
    async updateOnboarding(
      organisationId: string,
      _actor: Actor,
      id: string,
      body: { template_id: string | null },
    ): Promise<OnboardingDetail> {
      await onboardingOf(db, organisationId, id);
      if (body.template_id && !(await findTemplate(db, organisationId, body.template_id))) {
        throw invalid('template_id', ONBOARDING_TEXTS.templateUnknown);
      }
      await setOnboardingTemplate(db, organisationId, id, body.template_id);
      return onboarding(organisationId, id);
    },
  };
}
