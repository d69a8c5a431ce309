import type { MemberRole } from '@hireloop/contract/constants';

const LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  recruiter: 'Recruiter',
  hiring_manager: 'Hiring manager',
  interviewer: 'Interviewer',
};

export function roleLabel(role: MemberRole): string {
  return LABELS[role];
}
