import {
  OFFER_TEXTS,
  offerPagePath,
  publicOfferPath,
  type ApplicationOffersResponse,
  type ApproveOfferBody,
  type CreateOfferBody,
  type Offer,
  type OfferSalaryPeriod,
  type PublicOffer,
  type UpdateOfferBody,
} from '@hireloop/contract/offers';
import type { ActivityType } from '@hireloop/contract/candidates';
import {
  currentApproverOf,
  mayDecideOffer,
  mayViewOffers,
  OFFER_STATUS_REFUSALS,
  offerStatusAllows,
  roleMayApproveOffers,
} from '@hireloop/contract/policies/offers';
import type { MemberRole } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { organisationOfToken } from '../../http/public-scope.ts';
import { escapeHtml } from '../../lib/html.ts';
import { isRandomToken, randomToken, sha256 } from '../../lib/tokens.ts';
import { recordActivity, type ActivityInput } from '../activities/service.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { moveToHired } from '../applications/pipeline.ts';
import { recordAudit } from '../audit/service.ts';
import { markCandidatesActive } from '../candidates/service.ts';
import { enqueueMail } from '../mail/service.ts';
import { notify } from '../notifications/service.ts';
import { recruitmentState } from '../recruitments/service.ts';
import { enterOnboardingOnOfferAccepted } from '../onboardings/service.ts';
import { formatSalary, letterPdf, renderLetterText, type LetterFacts } from '../offer-letters/service.ts';
import { requiredChain } from './approval-policy.ts';
import { expiresOnOf, presentOffer, presentPublicOffer } from './presenter.ts';
import {
  approvalPolicyOf,
  approvalsOf,
  approvalsWaitingFor,
  decideApproval,
  deleteApproval,
  findApplication,
  findOffer,
  findOfferByTokenHash,
  organisationOfOfferToken,
  firstHiredStatus,
  hiringTeamOf,
  insertOffer,
  listApplicationOffers,
  listOffers,
  lockApplicationForHire,
  lockExpiredOffers,
  lockOffer,
  lockOfferByTokenHash,
  lockOffersAwaiting,
  memberRolesOf,
  reassignApproval,
  reopenApproval,
  replaceApprovals,
  resetApprovals,
  updateOffer,
  type OfferJoined,
  type OfferValues,
  scrubOffersOf,
} from './repository.ts';
import { formatCalendarDay } from '@hireloop/contract/date-format';

type OfferRow = NonNullable<Awaited<ReturnType<typeof lockOffer>>>;

const offerNotFound = () => new AppError('not_found', OFFER_TEXTS.notFound);
const invalid = (field: string, message: string) => validationFailed({ [field]: [message] }, message);
const conflict = (message: string) => new AppError('conflict', message);
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
/** The offer can be accepted until the end of its expiry day (UTC). */
const expiresAtOf = (expiresOn: string) => new Date(`${expiresOn}T23:59:59.999Z`);

export type OfferServiceDeps = { appUrl: string };

function factsOf(row: OfferJoined): LetterFacts {
  return {
    candidateName: row.candidateName,
    role: row.roleName,
    organisation: row.organisationName,
    salary: row.offer.salary,
    currency: row.offer.currency,
    salaryPeriod: row.offer.salaryPeriod as OfferSalaryPeriod,
    startDate: row.offer.startDate,
    expiresOn: expiresOnOf(row.offer.expiresAt),
  };
}

async function activity(
  tx: Db,
  actor: ActivityInput['actor'],
  row: OfferJoined | OfferRow,
  candidateId: string,
  type: ActivityType,
  data: Record<string, unknown> = {},
) {
  const o = 'offer' in row ? row.offer : row;
  await recordActivity(tx, {
    organisationId: o.organisationId,
    actor,
    type,
    candidateId,
    applicationId: o.applicationId,
    recruitmentId: o.recruitmentId,
    data: { offer_id: o.id, ...data },
  });
  await markCandidatesActive(tx, o.organisationId, [candidateId]);
}

/**
 * The audit log's record of an offer becoming approved: who approved it and how — at submit when
 * no approval is needed, or by the last approver of the chain — with the chain and the setting then in force.
 */
async function auditApproved(tx: Db, actor: Actor, row: OfferJoined, how: 'no_approval_required' | 'approvers', approverIds: string[]) {
  await recordAudit(tx, {
    organisationId: row.offer.organisationId,
    actor,
    actorName: await actorNameOf(tx, actor),
    action: 'offer.approved',
    targetType: 'offer',
    targetId: row.offer.id,
    after: {
      by: userIdOrNull(actor),
      how,
      approver_ids: approverIds,
      policy: await approvalPolicyOf(tx, row.offer.organisationId),
      // The application, not the person's name: the audit log outlives a candidate's erasure.
      application_id: row.offer.applicationId,
      recruitment: row.recruitmentName,
    },
  });
}

async function notifyApprover(tx: Db, row: OfferJoined, approverId: string) {
  await notify(tx, {
    userId: approverId,
    organisationId: row.offer.organisationId,
    type: 'offer_approval',
    data: {
      title: `Approve the offer for ${row.candidateName}`,
      body: row.recruitmentName,
      url: offerPagePath(row.offer.recruitmentId, row.offer.id),
      offer_id: row.offer.id,
    },
    candidateId: row.candidateId,
  });
}

export function createOfferService(db: Db, deps: OfferServiceDeps) {
  async function joined(tx: Db, organisationId: string, id: string) {
    const row = await findOffer(tx, organisationId, id);
    if (!row) throw offerNotFound();
    return row;
  }

  async function present(rows: OfferJoined[], viewer: Actor): Promise<Offer[]> {
    const approvals = await approvalsOf(
      db,
      rows.map((r) => r.offer.id),
    );
    return rows.map((r) =>
      presentOffer(
        r,
        approvals.filter((a) => a.offerId === r.offer.id),
        viewer,
      ),
    );
  }

  async function one(organisationId: string, id: string, viewer: Actor): Promise<Offer> {
    const [offer] = await present([await joined(db, organisationId, id)], viewer);
    return offer!;
  }

  async function locked(tx: Db, organisationId: string, id: string) {
    const row = await lockOffer(tx, organisationId, id);
    if (!row) throw offerNotFound();
    return row;
  }

  async function checkApprovers(tx: Db, organisationId: string, ids: string[]) {
    if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id))) throw invalid('approver_ids', OFFER_TEXTS.approverUnknown);
    const members = await memberRolesOf(tx, organisationId, ids);
    const allowed = new Set(members.filter((m) => roleMayApproveOffers(m.role as MemberRole)).map((m) => m.userId));
    if (ids.some((id) => !allowed.has(id))) throw invalid('approver_ids', OFFER_TEXTS.approverUnknown);
  }

  function checkFields(body: UpdateOfferBody, now: Date) {
    const errors: Record<string, string[]> = {};
    if (body.currency !== undefined && !CURRENCIES.has(body.currency)) errors.currency = [OFFER_TEXTS.currencyUnknown];
    if (body.expires_on !== undefined && body.expires_on < todayUtc(now)) errors.expires_on = [OFFER_TEXTS.expiryPast];
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
  }

  return {
    async list(
      organisationId: string,
      actor: Actor,
      recruitmentId: string,
      o: { status?: string | undefined; page: number; perPage: number },
    ) {
      if (!(await recruitmentState(db, organisationId, recruitmentId))) throw new AppError('not_found', OFFER_TEXTS.recruitmentNotFound);
      const { rows, total } = await listOffers(db, organisationId, recruitmentId, o);
      return { offers: await present(rows, actor), total };
    },

    async forApplication(organisationId: string, actor: Actor, applicationId: string): Promise<ApplicationOffersResponse> {
      if (!(await findApplication(db, organisationId, applicationId))) throw new AppError('not_found', OFFER_TEXTS.applicationNotFound);
      return { offers: await present(await listApplicationOffers(db, organisationId, applicationId), actor) };
    },

    get: (organisationId: string, actor: Actor, id: string) => one(organisationId, id, actor),

    async create(organisationId: string, actor: Actor, applicationId: string, body: CreateOfferBody, now = new Date()): Promise<Offer> {
      const id = await db.transaction(async (tx) => {
        const application = await findApplication(tx, organisationId, applicationId);
        if (!application) throw new AppError('not_found', OFFER_TEXTS.applicationNotFound);
        checkFields(body, now);
        // The terms default to the job role's: its salary currency and period.
        const currency = body.currency ?? application.roleSalaryCurrency;
        if (!currency) throw invalid('currency', OFFER_TEXTS.currencyRequired);
        if (application.rejectedAt) throw invalid('application', OFFER_TEXTS.applicationRejected);
        await checkApprovers(tx, organisationId, body.approver_ids ?? []);
        // The organisation's named approvers are on every new draft.
        const approverIds = await requiredChain(tx, organisationId, body.approver_ids ?? [], {
          submitterId: userIdOrNull(actor),
          refuseMissing: false,
          checkRole: false,
        });
        const offer = await insertOffer(tx, {
          organisationId,
          applicationId,
          recruitmentId: application.recruitmentId,
          salary: body.salary,
          currency,
          salaryPeriod: body.salary_period ?? application.roleSalaryPeriod,
          bonusNote: body.bonus_note || null,
          startDate: body.start_date,
          contractType: body.contract_type ?? 'full_time',
          expiresAt: expiresAtOf(body.expires_on),
          createdById: userIdOrNull(actor),
        });
        await replaceApprovals(tx, offer.id, approverIds);
        await activity(tx, actor, offer, application.candidateId, 'offer.created', { status: 'draft' });
        return offer.id;
      });
      return one(organisationId, id, actor);
    },

    /** Edits bump the version; an edit of a pending or approved offer resets its approvals (see the contract). */
    async update(organisationId: string, actor: Actor, id: string, body: UpdateOfferBody, now = new Date()): Promise<Offer> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, organisationId, id);
        if (!offerStatusAllows('update', before.status)) throw conflict(OFFER_STATUS_REFUSALS.update);
        if (body.version !== undefined && body.version !== before.version) throw conflict(OFFER_TEXTS.stale);
        checkFields(body, now);
        const changes: OfferValues = {};
        if (body.salary !== undefined && body.salary !== before.salary) changes.salary = body.salary;
        if (body.currency !== undefined && body.currency !== before.currency) changes.currency = body.currency;
        if (body.salary_period !== undefined && body.salary_period !== before.salaryPeriod) changes.salaryPeriod = body.salary_period;
        if (body.bonus_note !== undefined && (body.bonus_note || null) !== before.bonusNote) changes.bonusNote = body.bonus_note || null;
        if (body.start_date !== undefined && body.start_date !== before.startDate) changes.startDate = body.start_date;
        if (body.contract_type !== undefined && body.contract_type !== before.contractType) changes.contractType = body.contract_type;
        if (body.expires_on !== undefined && body.expires_on !== expiresOnOf(before.expiresAt))
          changes.expiresAt = expiresAtOf(body.expires_on);
        const approvals = await approvalsOf(tx, [id]);
        const storedIds = approvals.map((a) => a.approverId);
        let approverIds = storedIds;
        if (body.approver_ids !== undefined && body.approver_ids.join() !== storedIds.join()) {
          approverIds = body.approver_ids;
          await checkApprovers(tx, organisationId, approverIds);
        }
        const resubmits = before.status !== 'draft' && (Object.keys(changes).length > 0 || approverIds.join() !== storedIds.join());
        // A list sent may not leave out the organisation's named approvers; an offer going back to approval meets the setting.
        if (body.approver_ids !== undefined || resubmits) {
          approverIds = await requiredChain(tx, organisationId, approverIds, {
            submitterId: userIdOrNull(actor),
            refuseMissing: body.approver_ids !== undefined,
            checkRole: resubmits && approverIds.length > 0,
          });
        }
        const approversChanged = approverIds.join() !== storedIds.join();
        if (Object.keys(changes).length === 0 && !approversChanged) return;
        // A draft keeps its decisions (a rejection's comment stays readable) until it is submitted again.
        if (approversChanged) await replaceApprovals(tx, id, approverIds);
        else if (before.status !== 'draft') await resetApprovals(tx, id);
        let status = before.status;
        if (before.status !== 'draft') status = approverIds.length > 0 ? 'pending_approval' : 'draft';
        await updateOffer(tx, id, { ...changes, status, version: before.version + 1 });
        const row = await joined(tx, organisationId, id);
        const hadDecisions = approvals.some((a) => a.decision !== 'pending');
        if (status !== before.status || (status === 'pending_approval' && (hadDecisions || approversChanged))) {
          if (status === 'pending_approval') {
            await activity(tx, actor, row, row.candidateId, 'offer.submitted', { status, reason: 'edited' });
            await notifyApprover(tx, row, approverIds[0]!);
          } else if (status !== before.status) {
            await activity(tx, actor, row, row.candidateId, 'offer.rejected', { status, reason: 'edited' });
          }
        }
      });
      return one(organisationId, id, actor);
    },

    /** Submitting again what is already submitted (a double click) answers with the offer as it is. */
    async submit(organisationId: string, actor: Actor, id: string): Promise<Offer> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, organisationId, id);
        const approvals = await approvalsOf(tx, [id]);
        if (before.status === 'pending_approval' && approvals.every((a) => a.decision === 'pending')) return;
        if (before.status === 'approved' && approvals.length === 0) return;
        if (!offerStatusAllows('submit', before.status)) throw conflict(OFFER_STATUS_REFUSALS.submit);
        const storedIds = approvals.map((a) => a.approverId);
        // The organisation's setting decides who must approve: named people are attached, the role rule is checked.
        const approverIds = await requiredChain(tx, organisationId, storedIds, {
          submitterId: userIdOrNull(actor),
          refuseMissing: false,
          checkRole: true,
        });
        if (approverIds.join() !== storedIds.join()) await replaceApprovals(tx, id, approverIds);
        else await resetApprovals(tx, id);
        const status = approverIds.length > 0 ? 'pending_approval' : 'approved';
        await updateOffer(tx, id, { status });
        const row = await joined(tx, organisationId, id);
        await activity(tx, actor, row, row.candidateId, 'offer.submitted', { status });
        if (approverIds[0]) await notifyApprover(tx, row, approverIds[0]);
        else {
          await activity(tx, actor, row, row.candidateId, 'offer.approved', { status, final: true });
          await auditApproved(tx, actor, row, 'no_approval_required', []);
        }
      });
      return one(organisationId, id, actor);
    },

    async decide(
      organisationId: string,
      actor: Actor,
      id: string,
      decision: 'approved' | 'rejected',
      body: ApproveOfferBody,
    ): Promise<Offer> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, organisationId, id);
        const userId = userIdOrNull(actor);
        const approvals = await approvalsOf(tx, [id]);
        const mine = approvals.find((a) => a.approverId === userId);
        if (!userId || !mine) throw new AppError('forbidden', OFFER_TEXTS.notApprover);
        const comment = body?.comment?.trim() || null;
        // The same decision again (a double click) is the recorded one: a rejection stands while the offer is the draft it made.
        const repeated =
          mine.decision === decision &&
          (mine.comment ?? null) === comment &&
          (decision === 'approved' ? before.status !== 'draft' : before.status === 'draft');
        if (repeated) return;
        if (before.status !== 'pending_approval') throw conflict(OFFER_TEXTS.notPendingApproval);
        if (mine.decision === 'approved') throw conflict(OFFER_TEXTS.alreadyApproved);
        if (!mayDecideOffer(actor, { status: before.status, approvals })) throw new AppError('forbidden', OFFER_TEXTS.notYourTurn);
        await decideApproval(tx, id, userId, decision, comment);
        const row = await joined(tx, organisationId, id);
        if (decision === 'rejected') {
          await updateOffer(tx, id, { status: 'draft' });
          await activity(tx, actor, row, row.candidateId, 'offer.rejected', { status: 'draft', comment });
          if (row.offer.createdById && row.offer.createdById !== userId) {
            await notify(tx, {
              userId: row.offer.createdById,
              organisationId,
              type: 'offer_approval',
              data: {
                title: `The offer for ${row.candidateName} was rejected`,
                body: comment ?? row.recruitmentName,
                url: offerPagePath(row.offer.recruitmentId, id),
                offer_id: id,
              },
              candidateId: row.candidateId,
            });
          }
          return;
        }
        const next = approvals.find((a) => a.position > mine.position && a.decision !== 'approved');
        const status = next ? 'pending_approval' : 'approved';
        if (!next) await updateOffer(tx, id, { status });
        else await updateOffer(tx, id, {});
        await activity(tx, actor, row, row.candidateId, 'offer.approved', { status, comment, final: !next });
        if (next) await notifyApprover(tx, row, next.approverId);
        else
          await auditApproved(
            tx,
            actor,
            row,
            'approvers',
            approvals.map((a) => a.approverId),
          );
      });
      return one(organisationId, id, actor);
    },

    /**
     * Renders the letter, makes the single-purpose link (only its sha256 is kept) and mails it to the
     * candidate. Sending a sent offer again (a double click) answers with it as it is, mailing nothing.
     */
    async send(organisationId: string, actor: Actor, id: string): Promise<Offer> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, organisationId, id);
        if (before.status === 'sent') return;
        if (!offerStatusAllows('send', before.status)) throw conflict(OFFER_STATUS_REFUSALS.send);
        const row = await joined(tx, organisationId, id);
        if (!row.candidateEmail) throw invalid('candidate', OFFER_TEXTS.candidateNoEmail);
        const letterText = await renderLetterText(tx, organisationId, factsOf(row));
        const token = randomToken();
        await updateOffer(tx, id, { status: 'sent', letterText, tokenHash: sha256(token), sentAt: new Date() });
        const link = `${deps.appUrl.replace(/\/$/, '')}${publicOfferPath(token)}`;
        const facts = factsOf(row);
        const pdf = await letterPdf(row.organisationName, letterText);
        const expires = formatCalendarDay(facts.expiresOn);
        const text = [
          `Dear ${row.candidateName},`,
          '',
          `${row.organisationName} is pleased to offer you the position of ${row.roleName} (${formatSalary(facts.salary, facts.currency, facts.salaryPeriod)}).`,
          '',
          `Read the offer letter and accept or decline it here: ${link}`,
          '',
          `The offer is valid until ${expires}. The link is personal: please do not share it.`,
        ].join('\n');
        const html = `<p>Dear ${escapeHtml(row.candidateName)},</p><p>${escapeHtml(row.organisationName)} is pleased to offer you the position of ${escapeHtml(row.roleName)}.</p><p><a href="${escapeHtml(link)}">Read the offer letter and accept or decline it</a></p><p>The offer is valid until ${escapeHtml(expires)}. The link is personal: please do not share it.</p>`;
        await enqueueMail(
          tx,
          {
            to: row.candidateEmail,
            subject: `Your offer from ${row.organisationName}`,
            text,
            html,
            attachments: [{ filename: 'offer-letter.pdf', contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') }],
          },
          { candidateId: row.candidateId },
        );
        await activity(tx, actor, row, row.candidateId, 'offer.sent', { status: 'sent' });
      });
      return one(organisationId, id, actor);
    },

    /** Withdrawing a withdrawn offer again answers with it as it is. */
    async withdraw(organisationId: string, actor: Actor, id: string): Promise<Offer> {
      await db.transaction(async (tx) => {
        const before = await locked(tx, organisationId, id);
        if (before.status === 'withdrawn') return;
        if (!offerStatusAllows('withdraw', before.status)) throw conflict(OFFER_STATUS_REFUSALS.withdraw);
        await updateOffer(tx, id, { status: 'withdrawn' });
        const row = await joined(tx, organisationId, id);
        await activity(tx, actor, row, row.candidateId, 'offer.withdrawn', { status: 'withdrawn', previous: before.status });
      });
      return one(organisationId, id, actor);
    },

    /** The letter as sent, or a preview from the current template. */
    async letter(organisationId: string, id: string): Promise<Uint8Array> {
      const row = await joined(db, organisationId, id);
      const text = row.offer.letterText ?? (await renderLetterText(db, organisationId, factsOf(row)));
      return letterPdf(row.organisationName, text);
    },
  };
}

export type OfferService = ReturnType<typeof createOfferService>;

/* ---------- the candidate's side (no account) ---------- */

const linkNotFound = () => new AppError('not_found', OFFER_TEXTS.linkNotFound);

/** 404 for a token that names no offer; 410 when the offer expired or was withdrawn. */
function usable(offer: { status: string; expiresAt: Date } | null, now: Date) {
  if (!offer) throw linkNotFound();
  if (offer.status === 'withdrawn') throw new AppError('gone', OFFER_TEXTS.linkWithdrawn);
  if (offer.status === 'expired' || (offer.status === 'sent' && offer.expiresAt.getTime() < now.getTime()))
    throw new AppError('gone', OFFER_TEXTS.linkExpired);
  if (!['sent', 'accepted', 'declined'].includes(offer.status)) throw linkNotFound();
}

/** The organisation a candidate's offer link belongs to, for its public routes' scope; 404 when none. */
export const offerLinkOrganisation = (db: Db) => organisationOfToken((hash) => organisationOfOfferToken(db, hash), linkNotFound);

/** `appUrl`: for the new-hire link mailed when an accepted offer starts onboarding. */
export function createPublicOfferService(db: Db, deps: { appUrl: string } = { appUrl: '' }) {
  async function byToken(tx: Db, token: string, now: Date) {
    if (!isRandomToken(token)) throw linkNotFound();
    const row = await findOfferByTokenHash(tx, sha256(token));
    usable(row?.offer ?? null, now);
    return row!;
  }

  async function decide(token: string, decision: 'accepted' | 'declined', reason: string | null, now: Date): Promise<PublicOffer> {
    if (!isRandomToken(token)) throw linkNotFound();
    const hash = sha256(token);
    await db.transaction(async (tx) => {
      const offer = await lockOfferByTokenHash(tx, hash);
      usable(offer, now);
      // The same answer again (a double click) is the recorded one; another answer is refused.
      if (offer!.status === decision) return;
      if (offer!.status !== 'sent') throw conflict(OFFER_TEXTS.alreadyDecided);
      await updateOffer(tx, offer!.id, { status: decision, decidedAt: now, declineReason: decision === 'declined' ? reason : null });
      const row = (await findOfferByTokenHash(tx, hash))!;
      const actor = { kind: 'system' as const, name: row.candidateName };
      const o = row.offer;
      if (decision === 'accepted') {
        const hired = await firstHiredStatus(tx, o.organisationId);
        const application = await lockApplicationForHire(tx, o.applicationId);
        if (hired && application) {
          await moveToHired(tx, {
            organisationId: o.organisationId,
            applicationId: o.applicationId,
            recruitmentId: o.recruitmentId,
            fromStatusId: application.statusId,
            toStatusId: hired.id,
            movedById: null,
          });
          if (application.statusId !== hired.id) {
            await recordActivity(tx, {
              organisationId: o.organisationId,
              actor,
              type: 'application.moved',
              candidateId: row.candidateId,
              applicationId: o.applicationId,
              recruitmentId: o.recruitmentId,
              data: { from: application.statusName, to: hired.name, from_id: application.statusId, to_id: hired.id, offer_id: o.id },
            });
          }
        }
      }
      if (decision === 'accepted') {
        // The Onboarding product: the hire enters the role's onboarding in this same transaction.
        await enterOnboardingOnOfferAccepted(
          tx,
          {
            id: o.id,
            organisationId: o.organisationId,
            applicationId: o.applicationId,
            recruitmentId: o.recruitmentId,
            candidateId: row.candidateId,
            startDate: o.startDate,
          },
          deps,
        );
      }
      await activity(tx, actor, row, row.candidateId, decision === 'accepted' ? 'offer.accepted' : 'offer.declined', {
        status: decision,
        ...(decision === 'declined' && reason ? { reason } : {}),
      });
      const followers = new Set(await hiringTeamOf(tx, o.recruitmentId));
      if (o.createdById) followers.add(o.createdById);
      // The decision (and a decline's reason) is the offer's: only members who may see offers hear of it.
      const readers = await memberRolesOf(tx, o.organisationId, [...followers]);
      for (const { userId } of readers.filter((m) => mayViewOffers({ kind: 'user', userId: m.userId, role: m.role as MemberRole }))) {
        await notify(tx, {
          userId,
          organisationId: o.organisationId,
          type: 'offer_decision',
          data: {
            title: `${row.candidateName} ${decision} the offer`,
            body: decision === 'declined' && reason ? reason : row.recruitmentName,
            url: offerPagePath(o.recruitmentId, o.id),
            offer_id: o.id,
          },
          candidateId: row.candidateId,
        });
      }
    });
    return presentPublicOffer(await byToken(db, token, now), token);
  }

  return {
    async view(token: string, now = new Date()): Promise<PublicOffer> {
      return presentPublicOffer(await byToken(db, token, now), token);
    },
    accept: (token: string, now = new Date()) => decide(token, 'accepted', null, now),
    decline: (token: string, reason: string | null, now = new Date()) => decide(token, 'declined', reason?.trim() || null, now),
    async letter(token: string, now = new Date()): Promise<Uint8Array> {
      const row = await byToken(db, token, now);
      return letterPdf(row.organisationName, row.offer.letterText ?? '');
    },
  };
}

/* ---------- when a member leaves ---------- */

export type ApprovalHandedOver = {
  offer_id: string;
  candidate_name: string;
  url: string;
  outcome: 'reassigned' | 'dropped';
  to: { id: string; name: string };
};

/**
 * A member leaves the organisation (removed, or leaving): no offer may wait on them. Each of their
 * approval steps still to be given, on an offer in draft or waiting for approval, passes to `to`
 * (who removed them; packages/contract/src/members.ts). When `to` is in that chain already the
 * step is dropped, and should `to` have approved already they are asked again: an approval nobody
 * gave is never counted. Each offer gets a timeline entry ('offer.approver_replaced'); a new current
 * approver other than the actor is told. Steps already approved stay, as the record they are.
 * Runs in the departure's transaction. Which organisation setting named them stays for an admin to
 * change (approval-policy.ts refuses a chain it cannot meet).
 */
export async function handOverApprovals(
  tx: Db,
  organisationId: string,
  actor: Actor,
  leaver: { id: string; name: string },
  to: { id: string; name: string },
): Promise<ApprovalHandedOver[]> {
  const handed: ApprovalHandedOver[] = [];
  for (const id of await lockOffersAwaiting(tx, organisationId, leaver.id)) {
    const before = await lockOffer(tx, organisationId, id);
    if (!before) continue;
    const approvals = await approvalsOf(tx, [id]);
    const theirs = approvals.find((a) => a.approverId === leaver.id);
    if (!theirs || theirs.decision === 'approved') continue;
    const current = currentApproverOf({ status: before.status, approvals })?.approverId ?? null;
    const existing = approvals.find((a) => a.approverId === to.id);
    let outcome: ApprovalHandedOver['outcome'];
    if (!existing) {
      await reassignApproval(tx, id, leaver.id, to.id);
      outcome = 'reassigned';
    } else {
      await deleteApproval(tx, id, leaver.id);
      if (existing.decision === 'approved') await reopenApproval(tx, id, to.id);
      outcome = 'dropped';
    }
    await updateOffer(tx, id, {});
    const row = await findOffer(tx, organisationId, id);
    if (!row) continue;
    await activity(tx, actor, row, row.candidateId, 'offer.approver_replaced', {
      status: before.status,
      removed: leaver.name,
      to: to.name,
      outcome,
    });
    const next = currentApproverOf({ status: before.status, approvals: await approvalsOf(tx, [id]) })?.approverId ?? null;
    if (next && next !== current && next !== userIdOrNull(actor)) await notifyApprover(tx, row, next);
    handed.push({
      offer_id: id,
      candidate_name: row.candidateName,
      url: offerPagePath(row.offer.recruitmentId, id),
      outcome,
      to,
    });
  }
  return handed;
}

/* ---------- for the dashboard and the expiry job ---------- */

/** The offers waiting for this user's approval, for the dashboard. */
export async function offerApprovalsFor(db: Db, organisationId: string, userId: string, limit = 10) {
  const rows = await approvalsWaitingFor(db, organisationId, userId, limit);
  return rows.map((r) => ({
    id: r.id,
    title: `Offer for ${r.candidateName} — ${r.recruitmentName}`,
    url: offerPagePath(r.recruitmentId, r.id),
  }));
}

/** Marks sent offers past their expiry as expired, each with a timeline entry. Returns how many. */
export async function expireOffers(db: Db, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await lockExpiredOffers(tx, now, 100);
      for (const r of rows) {
        await updateOffer(tx, r.id, { status: 'expired' });
        await recordActivity(tx, {
          organisationId: r.organisationId,
          actor: { kind: 'system', name: 'Hireloop' },
          type: 'offer.expired',
          candidateId: r.candidateId,
          applicationId: r.applicationId,
          recruitmentId: r.recruitmentId,
          data: { offer_id: r.id, status: 'expired' },
        });
      }
      return rows.length;
    });
    total += n;
    if (n < 100) return total;
  }
}

/** Candidate erasure (features/candidates/service.ts): the person's offer letters and links go; their name leaves what colleagues wrote. */
export const eraseOfferTexts = (db: Db, organisationId: string, person: { id: string; name: string; email: string | null }) =>
  scrubOffersOf(db, organisationId, person);
