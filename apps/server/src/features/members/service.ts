import type { MemberRole } from '@hireloop/contract/constants';
import { MEMBER_TEXTS, type MemberRemoval } from '@hireloop/contract/members';
import { MEMBER_REFUSALS, mayChangeMemberRole, mayRemoveMember } from '@hireloop/contract/policies/members';
import type { OrganisationUser } from '@hireloop/contract/users';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { clearCurrentIf, makeCurrent } from '../auth/service.ts';
import { forgetMemberNotifications } from '../notifications/service.ts';
import { handOverApprovals } from '../offers/service.ts';
import { unassignTasksOf } from '../onboardings/service.ts';
import { organisationNameOf } from '../organisations/service.ts';
import { presentMember } from './presenter.ts';
import {
  deleteMembership,
  findMember,
  findUserCurrentOrganisation,
  lastDepartureOf,
  lockOwners,
  otherOrganisationOf,
  updateMemberRole,
  type MemberRow,
} from './repository.ts';

const NOTHING_HANDED_OVER: MemberRemoval = { offer_approvals: [], onboarding_tasks: [] };

/**
 * What a departing member leaves behind, in the departure's transaction (after the membership is
 * gone): the notifications the organisation gave them go; their offer approvals still to be given
 * pass to `to` (offers/service.ts handOverApprovals); their open onboarding tasks lose their owner
 * (onboardings/tasks.ts unassignTasksOf). docs/security.md, "Removing a member".
 */
async function handOver(
  tx: Db,
  organisationId: string,
  actor: Actor,
  leaver: MemberRow,
  to: { id: string; name: string },
): Promise<MemberRemoval> {
  await forgetMemberNotifications(tx, organisationId, leaver.id);
  const who = { id: leaver.id, name: leaver.name };
  return {
    offer_approvals: await handOverApprovals(tx, organisationId, actor, who, to),
    onboarding_tasks: await unassignTasksOf(tx, organisationId, actor, who),
  };
}

export function createMemberService(db: Db) {
  return {
    /**
     * Changes a member's role. Who may: `mayChangeMemberRole` (packages/contract/src/policies/members.ts:
     * only an owner grants or removes the owner role); the last owner cannot be demoted. Recorded
     * in the audit log with the same transaction.
     */
    async changeRole(organisationId: string, actor: Actor, userId: string, role: MemberRole): Promise<OrganisationUser> {
      return db.transaction(async (tx) => {
        const owners = await lockOwners(tx, organisationId);
        const member = await findMember(tx, organisationId, userId, true);
        if (!member) throw new AppError('not_found', 'This person is not a member of the organisation.');
        if (member.role === role) return presentMember(member, actor);
        if (!mayChangeMemberRole(actor, member, role)) throw new AppError('forbidden', MEMBER_REFUSALS.change_role);
        if (member.role === 'owner' && owners.length <= 1) {
          throw new AppError('validation_failed', MEMBER_TEXTS.lastOwnerDemote, { role: [MEMBER_TEXTS.lastOwnerDemote] });
        }
        await updateMemberRole(tx, organisationId, userId, role);
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'member.role_changed',
          targetType: 'member',
          targetId: userId,
          before: { name: member.name, email: member.email, role: member.role },
          after: { name: member.name, email: member.email, role },
        });
        return presentMember({ ...member, role }, actor);
      });
    },

    /**
     * Removes a member: their next call for this organisation gets 404, and it stops being their
     * current organisation. Not the last owner; who may: `mayRemoveMember`
     * (packages/contract/src/policies/members.ts, only an owner removes an owner).
     *
     * Removing someone already removed (a double click, a retry) answers as the removal did: 204,
     * recording nothing, to whoever could have removed them (an owner's removal: to an owner; 403
     * to others, as the first time). 404 stays the answer for someone who never was a member or
     * who left on their own. This tells no stranger anything: another organisation's people and
     * those without members.manage are stopped before (404, 403), and those with it read the same
     * in the audit log (audit.view has the same roles).
     *
     * Their pending offer approvals pass to the one who removes them and their open onboarding
     * tasks are unassigned (`handOver`); the answer says which (`MemberRemoval`, nothing the second time).
     */
    async remove(organisationId: string, actor: Actor, userId: string): Promise<MemberRemoval> {
      return db.transaction(async (tx) => {
        // Also serialises removals of one person: the second sees the first's result.
        const owners = await lockOwners(tx, organisationId);
        const member = await findMember(tx, organisationId, userId, true);
        if (!member) {
          const last = await lastDepartureOf(tx, organisationId, userId);
          if (last?.action !== 'member.removed') throw new AppError('not_found', 'This person is not a member of the organisation.');
          if (last.role && !mayRemoveMember(actor, { role: last.role })) throw new AppError('forbidden', MEMBER_REFUSALS.remove);
          return NOTHING_HANDED_OVER;
        }
        if (!mayRemoveMember(actor, member)) throw new AppError('forbidden', MEMBER_REFUSALS.remove);
        if (member.role === 'owner' && owners.length <= 1) throw new AppError('validation_failed', MEMBER_TEXTS.lastOwnerRemove);
        await deleteMembership(tx, organisationId, userId);
        await clearCurrentIf(tx, userId, organisationId);
        // Only a member with members.manage removes (API keys may not): their work passes to them.
        const remover = actor.kind === 'user' ? await findMember(tx, organisationId, actor.userId) : undefined;
        const to = remover ?? (await oldestOwner(tx, organisationId, owners, userId));
        const removal = await handOver(tx, organisationId, actor, member, { id: to.id, name: to.name });
        await recordAudit(tx, {
          organisationId,
          actor,
          actorName: await actorNameOf(tx, actor),
          action: 'member.removed',
          targetType: 'member',
          targetId: userId,
          before: { name: member.name, email: member.email, role: member.role },
          after: null,
        });
        return removal;
      });
    },

    /**
     * The signed-in user leaves an organisation (not as its last owner). If it was their current
     * organisation, their oldest other one becomes current. Their pending offer approvals pass to
     * the organisation's oldest owner (told when it is their turn), their open onboarding tasks are
     * unassigned, as on a removal.
     */
    async leave(userId: string, organisationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const owners = await lockOwners(tx, organisationId);
        const member = await findMember(tx, organisationId, userId, true);
        if (!member) throw new AppError('not_found', 'You are not a member of this organisation.');
        if (member.role === 'owner' && owners.length <= 1) {
          const name = (await organisationNameOf(tx, organisationId)) ?? 'this organisation';
          throw new AppError('validation_failed', MEMBER_TEXTS.lastOwnerLeave(name));
        }
        await deleteMembership(tx, organisationId, userId);
        await clearCurrentIf(tx, userId, organisationId);
        const next = await otherOrganisationOf(tx, userId, organisationId);
        if (next) await makeCurrentIfNone(tx, userId, next);
        const self: Actor = { kind: 'user', userId, role: member.role };
        const owner = await oldestOwner(tx, organisationId, owners, userId);
        await handOver(tx, organisationId, self, member, { id: owner.id, name: owner.name });
        await recordAudit(tx, {
          organisationId,
          actor: self,
          actorName: member.name,
          action: 'member.left',
          targetType: 'member',
          targetId: userId,
          before: { name: member.name, email: member.email, role: member.role },
          after: null,
        });
      });
    },
  };
}

/** The owner who has been one longest, but `exceptId` (there is always one: the last owner cannot go). */
async function oldestOwner(tx: Db, organisationId: string, ownerIds: string[], exceptId: string): Promise<MemberRow> {
  let first: MemberRow | undefined;
  for (const id of ownerIds.filter((o) => o !== exceptId)) {
    const owner = await findMember(tx, organisationId, id);
    if (owner && (!first || owner.joinedAt < first.joinedAt)) first = owner;
  }
  if (!first) throw new Error('an organisation without an owner');
  return first;
}

/** After leaving the current organisation the user lands in another one they belong to. */
async function makeCurrentIfNone(db: Db, userId: string, organisationId: string) {
  if ((await findUserCurrentOrganisation(db, userId)) === null) await makeCurrent(db, userId, organisationId);
}
