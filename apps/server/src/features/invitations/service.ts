import type { OrganisationSummary } from '@hireloop/contract/auth';
import type { MemberRole } from '@hireloop/contract/constants';
import { INVITATION_TEXTS, INVITATION_TTL_DAYS, type Invitation, type InvitationPreview } from '@hireloop/contract/invitations';
import { mayGrantRole } from '@hireloop/contract/policies/members';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { invitationMail } from '../../lib/invitation-mail.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { actorNameOf, userIdOrNull } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { makeCurrent } from '../auth/service.ts';
import { assertSeatAvailable, assertSeatHeld } from '../billing/limits.ts';
import { enqueueMail } from '../mail/service.ts';
import { notifyAdmins } from '../notifications/service.ts';
import { addMembership, isMember, isMemberByEmail, memberRoleOf } from '../members/memberships.ts';
import { presentOrganisationSummary } from '../organisations/presenter.ts';
import { organisationNameOf } from '../organisations/service.ts';
import { presentInvitation, presentPreview, stateOf } from './presenter.ts';
import {
  findInvitation,
  findInvitationByTokenHash,
  findInvitationForEmail,
  findOpenInvitationByEmail,
  findUserIdentity,
  insertInvitation,
  listOpenInvitations,
  listPendingForEmail,
  markAccepted,
  markDeclined,
  markRevoked,
  replaceToken,
  type InvitationDetails,
} from './repository.ts';

const TTL_MS = INVITATION_TTL_DAYS * 24 * 3_600_000;
/** Tokens are 43 base64url characters; anything much longer is not one of ours. */
const MAX_TOKEN_LENGTH = 128;

/** 410 for an invitation that existed but can no longer be used, with why. */
function assertUsable(i: InvitationDetails) {
  const state = stateOf(i);
  if (state === 'pending') return;
  const message = {
    accepted: INVITATION_TEXTS.used,
    declined: INVITATION_TEXTS.declined,
    revoked: INVITATION_TEXTS.revoked,
    expired: INVITATION_TEXTS.expired,
  }[state];
  throw new AppError('gone', message);
}

const auditView = (i: { email: string; role: MemberRole; expiresAt?: Date }) => ({
  email: i.email,
  role: i.role,
  ...(i.expiresAt ? { expires_at: i.expiresAt.toISOString() } : {}),
});

/** The organisation as the invitee, a member with `role`, sees it: the answer to an accept. */
const summaryOf = (i: InvitationDetails, role: MemberRole): OrganisationSummary =>
  presentOrganisationSummary({
    id: i.organisationId,
    name: i.organisationName,
    slug: i.organisationSlug,
    role,
    trailEndsAt: i.organisationTrailEndsAt,
  });

export type InvitationServiceDeps = { appUrl: string };

export function createInvitationService(db: Db, deps: InvitationServiceDeps) {
  const acceptUrl = (token: string) => `${deps.appUrl}/invitations/${token}`;

  /** A fresh accept link and its mail, in the caller's transaction. */
  async function sendLink(
    tx: Db,
    i: { organisationId: string; email: string; role: MemberRole },
    inviterName: string | null,
  ): Promise<{ tokenHash: string; expiresAt: Date }> {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + TTL_MS);
    const organisationName = (await organisationNameOf(tx, i.organisationId)) ?? 'an organisation';
    await enqueueMail(
      tx,
      invitationMail({ to: i.email, organisationName, inviterName, role: i.role, acceptUrl: acceptUrl(token), expiresAt }),
    );
    return { tokenHash: sha256(token), expiresAt };
  }

  /**
   * The invitee's side: joins, makes the organisation current, marks the invitation accepted.
   * Accepting again an accepted invitation (a double click, a retry, the link opened twice) gives
   * the invited person, while a member, their membership back, recording and telling nothing again;
   * to anyone else the link stays used (410).
   */
  async function accept(tx: Db, userId: string, i: InvitationDetails): Promise<OrganisationSummary> {
    const user = await findUserIdentity(tx, userId);
    if (stateOf(i) === 'accepted' && user?.email?.toLowerCase() === i.email) {
      const role = await memberRoleOf(tx, i.organisationId, userId);
      if (role) return summaryOf(i, role);
    }
    assertUsable(i);
    if (!user?.email) throw new AppError('forbidden', INVITATION_TEXTS.noVerifiedEmail);
    if (user.email.toLowerCase() !== i.email) throw new AppError('forbidden', INVITATION_TEXTS.wrongEmail(i.email));
    if (await isMember(tx, i.organisationId, userId)) throw new AppError('conflict', INVITATION_TEXTS.alreadyMemberSelf);
    await assertSeatHeld(tx, i.organisationId);
    await addMembership(tx, i.organisationId, userId, i.role);
    await markAccepted(tx, i.organisationId, i.id);
    await makeCurrent(tx, userId, i.organisationId);
    await recordAudit(tx, {
      organisationId: i.organisationId,
      actor: { kind: 'user', userId, role: i.role },
      actorName: user.name,
      action: 'invitation.accepted',
      targetType: 'invitation',
      targetId: i.id,
      before: auditView(i),
      after: { ...auditView(i), user_id: userId, name: user.name },
    });
    await notifyAdmins(tx, {
      organisationId: i.organisationId,
      type: 'invitation_accepted',
      exceptUserId: userId,
      data: {
        title: `${user.name ?? i.email} accepted the invitation to ${i.organisationName}`,
        body: `They joined as ${i.role}.`,
        url: '/settings/organisation-users',
        user_id: userId,
        invitation_id: i.id,
      },
    });
    return summaryOf(i, i.role);
  }

  async function decline(tx: Db, userId: string, i: InvitationDetails): Promise<void> {
    assertUsable(i);
    const user = await findUserIdentity(tx, userId);
    if (!user?.email) throw new AppError('forbidden', INVITATION_TEXTS.noVerifiedEmail);
    if (user.email.toLowerCase() !== i.email) throw new AppError('forbidden', INVITATION_TEXTS.wrongEmail(i.email));
    await markDeclined(tx, i.organisationId, i.id);
    await recordAudit(tx, {
      organisationId: i.organisationId,
      actor: { kind: 'user', userId, role: i.role },
      actorName: user.name,
      action: 'invitation.declined',
      targetType: 'invitation',
      targetId: i.id,
      before: auditView(i),
      after: null,
    });
  }

  async function byToken(tx: Db, token: string, forUpdate: boolean): Promise<InvitationDetails> {
    const i = token.length <= MAX_TOKEN_LENGTH ? await findInvitationByTokenHash(tx, sha256(token), forUpdate) : undefined;
    if (!i) throw new AppError('not_found', INVITATION_TEXTS.linkNotValid);
    return i;
  }

  async function mineById(tx: Db, userId: string, id: string): Promise<InvitationDetails> {
    const user = await findUserIdentity(tx, userId);
    const i = user?.email ? await findInvitationForEmail(tx, id, user.email.toLowerCase(), true) : undefined;
    if (!i) throw new AppError('not_found', 'No such invitation.');
    return i;
  }

  return {
    async list(organisationId: string, page: number, perPage: number): Promise<{ data: Invitation[]; total: number }> {
      const { rows, total } = await listOpenInvitations(db, organisationId, page, perPage);
      return { data: rows.map(presentInvitation), total };
    },

    /**
     * Invites an email with a role: refuses a member (422) and a pending invitation (409); an
     * expired one is replaced. The seat limit of the plan applies (pending invitations take seats).
     */
    async invite(organisationId: string, actor: Actor, input: { email: string; role: MemberRole }): Promise<Invitation> {
      if (!mayGrantRole(actor, input.role)) throw new AppError('forbidden', INVITATION_TEXTS.onlyOwnerInvitesOwner);
      const email = input.email.toLowerCase();
      try {
        const id = await db.transaction(async (tx) => {
          if (await isMemberByEmail(tx, organisationId, email)) {
            throw new AppError('validation_failed', INVITATION_TEXTS.alreadyMember(email), {
              email: [INVITATION_TEXTS.alreadyMember(email)],
            });
          }
          const existing = await findOpenInvitationByEmail(tx, organisationId, email);
          if (existing && stateOf(existing) === 'pending') {
            throw new AppError('conflict', INVITATION_TEXTS.alreadyInvited(email), { email: [INVITATION_TEXTS.alreadyInvited(email)] });
          }
          if (existing) await markRevoked(tx, organisationId, existing.id);
          await assertSeatAvailable(tx, organisationId, { field: 'email' });
          const actorName = await actorNameOf(tx, actor);
          const link = await sendLink(tx, { organisationId, email, role: input.role }, actorName);
          const newId = await insertInvitation(tx, {
            organisationId,
            email,
            role: input.role,
            tokenHash: link.tokenHash,
            invitedBy: userIdOrNull(actor),
            expiresAt: link.expiresAt,
          });
          await recordAudit(tx, {
            organisationId,
            actor,
            actorName,
            action: 'invitation.created',
            targetType: 'invitation',
            targetId: newId,
            before: existing ? { replaced_invitation_id: existing.id, ...auditView(existing) } : null,
            after: auditView({ email, role: input.role, expiresAt: link.expiresAt }),
          });
          return newId;
        });
        const created = await findInvitation(db, organisationId, id);
        if (!created) throw notFound();
        return presentInvitation(created);
      } catch (error) {
        // Two invitations of the same email racing: the unique index on open invitations decides.
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', INVITATION_TEXTS.alreadyInvited(email), { email: [INVITATION_TEXTS.alreadyInvited(email)] });
        }
        throw error;
      }
    },

    /** A new link (the old one stops working), valid for another 7 days, mailed again. */
    async resend(organisationId: string, actor: Actor, id: string): Promise<Invitation> {
      await db.transaction(async (tx) => {
        const i = await findInvitation(tx, organisationId, id, true);
        if (!i) throw new AppError('not_found', 'No such invitation.');
        const state = stateOf(i);
        if (state !== 'pending' && state !== 'expired') throw new AppError('conflict', INVITATION_TEXTS.notPending);
        // An expired invitation held no seat; sending it again takes one.
        if (state === 'expired') await assertSeatAvailable(tx, organisationId, { field: 'email' });
        const actorName = await actorNameOf(tx, actor);
        const link = await sendLink(tx, i, actorName);
        await replaceToken(tx, organisationId, id, link.tokenHash, link.expiresAt);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName,
          action: 'invitation.resent',
          targetType: 'invitation',
          targetId: id,
          before: auditView(i),
          after: auditView({ ...i, expiresAt: link.expiresAt }),
        });
      });
      const updated = await findInvitation(db, organisationId, id);
      if (!updated) throw notFound();
      return presentInvitation(updated);
    },

    /** Withdraws an open invitation: its link stops working at once. */
    async revoke(organisationId: string, actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const i = await findInvitation(tx, organisationId, id, true);
        if (!i) throw new AppError('not_found', 'No such invitation.');
        const state = stateOf(i);
        // Revoking again (a double click, a retry) changes nothing and is no error; an answered one is refused.
        if (state === 'revoked') return;
        if (state !== 'pending' && state !== 'expired') throw new AppError('conflict', INVITATION_TEXTS.notPending);
        await markRevoked(tx, organisationId, id);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'invitation.revoked',
          targetType: 'invitation',
          targetId: id,
          before: auditView(i),
          after: null,
        });
      });
    },

    /** What the accept page shows. 404 for an unknown link, 410 (with why) for one no longer usable. */
    async preview(token: string): Promise<InvitationPreview> {
      const i = await byToken(db, token, false);
      assertUsable(i);
      return presentPreview(i);
    },

    acceptByToken: (userId: string, token: string) => db.transaction(async (tx) => accept(tx, userId, await byToken(tx, token, true))),
    declineByToken: (userId: string, token: string) => db.transaction(async (tx) => decline(tx, userId, await byToken(tx, token, true))),
    acceptMine: (userId: string, id: string) => db.transaction(async (tx) => accept(tx, userId, await mineById(tx, userId, id))),
    declineMine: (userId: string, id: string) => db.transaction(async (tx) => decline(tx, userId, await mineById(tx, userId, id))),

    /** Pending invitations addressed to the signed-in user's verified email. */
    async listMine(userId: string, page: number, perPage: number): Promise<{ data: InvitationPreview[]; total: number }> {
      const user = await findUserIdentity(db, userId);
      if (!user?.email) return { data: [], total: 0 };
      const { rows, total } = await listPendingForEmail(db, user.email.toLowerCase(), page, perPage);
      return { data: rows.map(presentPreview), total };
    },
  };
}
