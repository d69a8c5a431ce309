import type { MemberRole } from '@hireloop/contract/constants';
import { MEMBER_TEXTS } from '@hireloop/contract/members';
import { MEMBER_REFUSALS, mayChangeMemberRole, mayRemoveMember } from '@hireloop/contract/policies/members';
import type { OrganisationUser } from '@hireloop/contract/users';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../../http/organisation-scope.ts';
import { actorNameOf } from '../actors/service.ts';
import { recordAudit } from '../audit/service.ts';
import { clearCurrentIf, makeCurrent } from '../auth/service.ts';
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
} from './repository.ts';

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
     */
    async remove(organisationId: string, actor: Actor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        // Also serialises removals of one person: the second sees the first's result.
        const owners = await lockOwners(tx, organisationId);
        const member = await findMember(tx, organisationId, userId, true);
        if (!member) {
          const last = await lastDepartureOf(tx, organisationId, userId);
          if (last?.action !== 'member.removed') throw new AppError('not_found', 'This person is not a member of the organisation.');
          if (last.role && !mayRemoveMember(actor, { role: last.role })) throw new AppError('forbidden', MEMBER_REFUSALS.remove);
          return;
        }
        if (!mayRemoveMember(actor, member)) throw new AppError('forbidden', MEMBER_REFUSALS.remove);
        if (member.role === 'owner' && owners.length <= 1) throw new AppError('validation_failed', MEMBER_TEXTS.lastOwnerRemove);
        await deleteMembership(tx, organisationId, userId);
        await clearCurrentIf(tx, userId, organisationId);
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
      });
    },

    /**
     * The signed-in user leaves an organisation (not as its last owner). If it was their current
     * organisation, their oldest other one becomes current.
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
        await recordAudit(tx, {
          organisationId,
          actor: { kind: 'user', userId, role: member.role },
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

/** After leaving the current organisation the user lands in another one they belong to. */
async function makeCurrentIfNone(db: Db, userId: string, organisationId: string) {
  if ((await findUserCurrentOrganisation(db, userId)) === null) await makeCurrent(db, userId, organisationId);
}
