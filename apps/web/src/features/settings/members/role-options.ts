import { MEMBER_ROLES, type MemberRole } from '@hireloop/contract/constants';
import type { PolicyActor } from '@hireloop/contract/policies/actor';
import { mayGrantRole } from '@hireloop/contract/policies/members';
import { roleLabel } from '../../session/role-label.ts';

/** The roles as Select options; those the caller may not hand out (packages/contract/src/policies/members.ts) are disabled. */
export function roleOptions(actor: PolicyActor): Array<{ value: MemberRole; label: string; disabled?: boolean }> {
  return MEMBER_ROLES.map((role) => ({ value: role, label: roleLabel(role), disabled: !mayGrantRole(actor, role) }));
}

export const isMemberRole = (value: string | null): value is MemberRole => (MEMBER_ROLES as readonly string[]).includes(value ?? '');
