import { MEMBER_ROLES, type MemberRole } from '@hireloop/contract/constants';
import { roleLabel } from '../../session/role-label.ts';

/** The roles as Select options; only an owner may hand out (or take away) the owner role. */
export function roleOptions(actorIsOwner: boolean): Array<{ value: MemberRole; label: string; disabled?: boolean }> {
  return MEMBER_ROLES.map((role) => ({ value: role, label: roleLabel(role), disabled: role === 'owner' && !actorIsOwner }));
}

export const isMemberRole = (value: string | null): value is MemberRole => (MEMBER_ROLES as readonly string[]).includes(value ?? '');
