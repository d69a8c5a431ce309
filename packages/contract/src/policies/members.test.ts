import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, type MemberRole } from '../constants.ts';
import type { PolicyActor } from './actor.ts';
import { mayChangeMemberRole, mayGrantRole, mayRemoveMember, memberPolicies } from './members.ts';

const member = (role: MemberRole): PolicyActor => ({ kind: 'user', userId: 'u-me', role });
const key = (creatorRole: MemberRole | null): PolicyActor => ({
  kind: 'api_key',
  scopes: ['organisation:write', 'candidates:write'],
  createdBy: 'u-me',
  creatorRole,
});

describe('member policies', () => {
  it.each(MEMBER_ROLES)('an owner may remove and re-role a %s', (role) => {
    expect(memberPolicies(member('owner'), { role })).toEqual({ remove: true, change_role: true });
  });

  it('an admin may remove and re-role anyone but an owner', () => {
    for (const role of MEMBER_ROLES) {
      const may = role !== 'owner';
      expect(memberPolicies(member('admin'), { role })).toEqual({ remove: may, change_role: may });
    }
  });

  it.each(['recruiter', 'hiring_manager', 'interviewer'] as const)('a %s may do neither, not even to an interviewer', (role) => {
    expect(memberPolicies(member(role), { role: 'interviewer' })).toEqual({ remove: false, change_role: false });
  });

  it('an API key may do neither, whoever created it', () => {
    expect(memberPolicies(key('owner'), { role: 'interviewer' })).toEqual({ remove: false, change_role: false });
    expect(mayChangeMemberRole(key('owner'), { role: 'interviewer' }, 'recruiter')).toBe(false);
  });

  it('only an owner grants the owner role', () => {
    expect(mayChangeMemberRole(member('owner'), { role: 'recruiter' }, 'owner')).toBe(true);
    expect(mayChangeMemberRole(member('admin'), { role: 'recruiter' }, 'owner')).toBe(false);
    expect(mayChangeMemberRole(member('admin'), { role: 'recruiter' }, 'admin')).toBe(true);
  });

  it.each(MEMBER_ROLES)('an owner may hand out the %s role (invitations too)', (role) => {
    expect(mayGrantRole(member('owner'), role)).toBe(true);
  });

  it('anyone else may hand out every role but owner', () => {
    for (const role of MEMBER_ROLES) expect(mayGrantRole(member('admin'), role)).toBe(role !== 'owner');
    expect(mayGrantRole(key('owner'), 'owner')).toBe(false);
  });

  it('only an owner takes the owner role away', () => {
    expect(mayChangeMemberRole(member('owner'), { role: 'owner' }, 'admin')).toBe(true);
    expect(mayChangeMemberRole(member('admin'), { role: 'owner' }, 'admin')).toBe(false);
    expect(mayRemoveMember(member('admin'), { role: 'owner' })).toBe(false);
  });
});
