import type { MemberRole } from '@hireloop/contract/constants';
import type { Db } from '../../db/client.ts';
import { findMember, insertMembership, memberEmailExists, memberIdsAmong, memberPeopleAmong } from './repository.ts';

/**
 * What other features ask of memberships, and the one write they start (a new organisation's owner,
 * an accepted invitation). Apart from the members service (service.ts), which itself uses the
 * organisations feature: the organisations service imports this without a cycle.
 */

/** For invitations: whether someone with this email already belongs to the organisation. */
export const isMemberByEmail = (db: Db, organisationId: string, email: string) => memberEmailExists(db, organisationId, email);

/** For invitations: whether the user already belongs to the organisation. */
export const isMember = async (db: Db, organisationId: string, userId: string) => Boolean(await findMember(db, organisationId, userId));

/** For invitations: the user's role in the organisation, undefined when not a member. */
export const memberRoleOf = async (db: Db, organisationId: string, userId: string): Promise<MemberRole | undefined> =>
  (await findMember(db, organisationId, userId))?.role;

/** For invitations and a new organisation's owner: adds the membership (inside the caller's transaction). */
export const addMembership = (db: Db, organisationId: string, userId: string, role: MemberRole) =>
  insertMembership(db, organisationId, userId, role);

/** Those of `userIds` who are members of the organisation (mentions, template owners, hire managers). */
export const membersAmong = (db: Db, organisationId: string, userIds: string[]) => memberIdsAmong(db, organisationId, userIds);

/** The members among `userIds` with their name, email and avatar (interviewers). */
export const memberPeopleOf = (db: Db, organisationId: string, userIds: string[]) => memberPeopleAmong(db, organisationId, userIds);
