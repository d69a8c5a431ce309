import { API_BASE_PATH } from '@hireloop/contract/constants';
import {
  salaryRangeCheck,
  type ApprovalDecision,
  type Offer,
  type OfferContractType,
  type OfferRole,
  type OfferSalaryPeriod,
  type OfferStatus,
  type PublicOffer,
} from '@hireloop/contract/offers';
import type { PolicyActor } from '@hireloop/contract/policies/actor';
import { currentApproverOf, offerPolicies } from '@hireloop/contract/policies/offers';
import type { ApprovalRow, OfferJoined } from './repository.ts';

export const expiresOnOf = (expiresAt: Date) => expiresAt.toISOString().slice(0, 10);

/** The offer as `viewer` sees it: with what they may do (`policies`, packages/contract/src/policies/offers.ts). */
export function presentOffer(row: OfferJoined, approvals: ApprovalRow[], viewer: PolicyActor): Offer {
  const o = row.offer;
  const current = currentApproverOf({ status: o.status, approvals });
  const policies = offerPolicies(viewer, { status: o.status, approvals });
  const role: OfferRole = {
    id: row.roleId,
    name: row.roleName,
    salary_min: row.roleSalaryMin,
    salary_max: row.roleSalaryMax,
    salary_currency: row.roleSalaryCurrency,
    salary_period: row.roleSalaryPeriod as OfferSalaryPeriod,
  };
  return {
    id: o.id,
    application_id: o.applicationId,
    candidate: { id: row.candidateId, name: row.candidateName, email: row.candidateEmail },
    recruitment: { id: o.recruitmentId, name: row.recruitmentName },
    role,
    salary_range_check: salaryRangeCheck(
      { salary: o.salary, currency: o.currency, salary_period: o.salaryPeriod as OfferSalaryPeriod },
      role,
    ),
    salary: o.salary,
    currency: o.currency,
    salary_period: o.salaryPeriod as OfferSalaryPeriod,
    bonus_note: o.bonusNote,
    start_date: o.startDate,
    contract_type: o.contractType as OfferContractType,
    expires_on: expiresOnOf(o.expiresAt),
    expires_at: o.expiresAt.toISOString(),
    status: o.status as OfferStatus,
    approvals: approvals.map((a) => ({
      approver: { id: a.approverId, name: a.approverName },
      position: a.position,
      decision: a.decision as ApprovalDecision,
      comment: a.comment,
      decided_at: a.decidedAt?.toISOString() ?? null,
    })),
    current_approver_id: current?.approverId ?? null,
    can_approve: policies.decide,
    policies,
    version: o.version,
    created_by: o.createdById ? { id: o.createdById, name: row.createdByName ?? '' } : null,
    sent_at: o.sentAt?.toISOString() ?? null,
    decided_at: o.decidedAt?.toISOString() ?? null,
    decline_reason: o.declineReason,
    letter_text: o.letterText,
    letter_preview_url: `${API_BASE_PATH}/organisation/${o.organisationId}/offers/${o.id}/letter.pdf`,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export function presentPublicOffer(row: OfferJoined, token: string): PublicOffer {
  const o = row.offer;
  return {
    organisation: { name: row.organisationName },
    candidate_name: row.candidateName,
    role: row.roleName,
    salary: o.salary,
    currency: o.currency,
    salary_period: o.salaryPeriod as OfferSalaryPeriod,
    bonus_note: o.bonusNote,
    start_date: o.startDate,
    contract_type: o.contractType as OfferContractType,
    expires_on: expiresOnOf(o.expiresAt),
    expires_at: o.expiresAt.toISOString(),
    status: o.status as PublicOffer['status'],
    decided_at: o.decidedAt?.toISOString() ?? null,
    letter_text: o.letterText ?? '',
    letter_url: `${API_BASE_PATH}/public/offers/${token}/letter.pdf`,
  };
}
