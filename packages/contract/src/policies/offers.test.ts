import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, type MemberRole } from '../constants.ts';
import { OFFER_STATUSES } from '../offers.ts';
import type { PolicyActor } from './actor.ts';
import { currentApproverOf, mayDecideOffer, mayViewOffers, offerPolicies, offerStatusAllows, roleMayApproveOffers } from './offers.ts';

const member = (role: MemberRole, userId = 'u-me'): PolicyActor => ({ kind: 'user', userId, role });
const key = (scopes: string[]): PolicyActor => ({ kind: 'api_key', scopes, createdBy: 'u-owner', creatorRole: 'owner' });
const chain = (decisions: Array<[string, string]>) => decisions.map(([approverId, decision]) => ({ approverId, decision }));
const myTurn = {
  status: 'pending_approval',
  approvals: chain([
    ['u-first', 'approved'],
    ['u-me', 'pending'],
    ['u-last', 'pending'],
  ]),
};
const notYet = {
  status: 'pending_approval',
  approvals: chain([
    ['u-first', 'pending'],
    ['u-me', 'pending'],
  ]),
};

describe('offer policies', () => {
  it('the approver whose turn it is: the first not yet approved, only while pending approval', () => {
    expect(currentApproverOf(myTurn)?.approverId).toBe('u-me');
    expect(currentApproverOf({ ...myTurn, status: 'draft' })).toBeNull();
    expect(currentApproverOf({ status: 'pending_approval', approvals: [] })).toBeNull();
  });

  it('decide: only the approver whose turn it is, with offers.approve; not before their turn, not an API key', () => {
    expect(mayDecideOffer(member('hiring_manager'), myTurn)).toBe(true);
    expect(mayDecideOffer(member('hiring_manager'), notYet)).toBe(false);
    expect(mayDecideOffer(member('owner', 'u-other'), myTurn)).toBe(false);
    expect(mayDecideOffer(member('interviewer'), myTurn)).toBe(false);
    expect(mayDecideOffer(key(['offers:write']), myTurn)).toBe(false);
  });

  it('manager actions: offers.manage, and each only in the statuses that allow it', () => {
    const open = (status: string) => offerPolicies(member('recruiter'), { status, approvals: [] });
    expect(open('draft')).toEqual({ update: true, submit: true, send: false, withdraw: true, decide: false });
    expect(open('pending_approval')).toEqual({ update: true, submit: false, send: false, withdraw: true, decide: false });
    expect(open('approved')).toEqual({ update: true, submit: false, send: true, withdraw: true, decide: false });
    expect(open('sent')).toEqual({ update: false, submit: false, send: false, withdraw: true, decide: false });
    for (const status of ['accepted', 'declined', 'withdrawn', 'expired']) {
      expect(open(status)).toEqual({ update: false, submit: false, send: false, withdraw: false, decide: false });
    }
  });

  it('a hiring manager may approve but not manage; an API key with offers:write manages', () => {
    expect(offerPolicies(member('hiring_manager'), myTurn)).toEqual({
      update: false,
      submit: false,
      send: false,
      withdraw: false,
      decide: true,
    });
    expect(offerPolicies(key(['offers:write']), { status: 'draft', approvals: [] })).toMatchObject({ update: true, submit: true });
    expect(offerPolicies(key(['offers:read']), { status: 'draft', approvals: [] })).toMatchObject({ update: false, submit: false });
  });

  it('send only from approved, submit only from draft', () => {
    expect(OFFER_STATUSES.filter((s) => offerStatusAllows('send', s))).toEqual(['approved']);
    expect(OFFER_STATUSES.filter((s) => offerStatusAllows('submit', s))).toEqual(['draft']);
  });

  it('who sees offers and who can approve them at all: the permission matrix', () => {
    expect(MEMBER_ROLES.filter((r) => mayViewOffers(member(r)))).toEqual(['owner', 'admin', 'recruiter', 'hiring_manager']);
    expect(MEMBER_ROLES.filter(roleMayApproveOffers)).toEqual(['owner', 'admin', 'recruiter', 'hiring_manager']);
    expect(roleMayApproveOffers(null)).toBe(false);
  });
});
