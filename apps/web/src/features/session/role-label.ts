import { MEMBER_ROLE_LABELS, type MemberRole } from '@hireloop/contract/constants';

export function roleLabel(role: MemberRole): string {
  return MEMBER_ROLE_LABELS[role];
}
