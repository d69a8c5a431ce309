import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../constants.ts';
import type { PolicyActor } from './actor.ts';
import {
  interviewOnlyFor,
  interviewPolicies,
  mayChangeInterview,
  mayViewInterview,
  maySubmitScorecard,
  scorecardsHiddenFrom,
} from './interviews.ts';

const member = (role: MemberRole, userId = 'u-me'): PolicyActor => ({ kind: 'user', userId, role });
const key: PolicyActor = { kind: 'api_key', scopes: ['interviews:write'], createdBy: 'u-owner', creatorRole: 'owner' };
const onPanel = { panelIds: ['u-me', 'u-other'], submittedIds: ['u-other'], status: 'scheduled' };
const submitted = { ...onPanel, submittedIds: ['u-other', 'u-me'] };
const offPanel = { panelIds: ['u-other'], submittedIds: ['u-other'], status: 'scheduled' };

describe('seeing an interview', () => {
  it('an interviewer-role member sees only the interviews they are on; other roles all', () => {
    expect(interviewOnlyFor(member('interviewer'))).toBe('u-me');
    expect(mayViewInterview(member('interviewer'), onPanel.panelIds)).toBe(true);
    expect(mayViewInterview(member('interviewer'), offPanel.panelIds)).toBe(false);
    for (const role of ['owner', 'admin', 'recruiter', 'hiring_manager'] as const) {
      expect(interviewOnlyFor(member(role))).toBeUndefined();
      expect(mayViewInterview(member(role), offPanel.panelIds)).toBe(true);
    }
  });

  it('an API key with the interviews scope sees every interview; one without sees none', () => {
    expect(mayViewInterview(key, offPanel.panelIds)).toBe(true);
    expect(mayViewInterview({ ...key, scopes: ['candidates:read'] }, offPanel.panelIds)).toBe(false);
  });
});

describe('scorecards', () => {
  it('blind feedback: hidden from someone on the panel until theirs is in; never from others', () => {
    expect(scorecardsHiddenFrom(member('recruiter'), onPanel)).toBe(true);
    expect(scorecardsHiddenFrom(member('recruiter'), submitted)).toBe(false);
    expect(scorecardsHiddenFrom(member('owner'), offPanel)).toBe(false);
    expect(scorecardsHiddenFrom(key, onPanel)).toBe(false);
  });

  it('only someone on the panel may submit one, whatever their role; an API key never', () => {
    expect(maySubmitScorecard(member('interviewer'), onPanel)).toBe(true);
    expect(maySubmitScorecard(member('owner'), offPanel)).toBe(false);
    expect(maySubmitScorecard(key, onPanel)).toBe(false);
  });
});

describe('rescheduling and cancelling', () => {
  it('with interviews.manage, while it is scheduled', () => {
    for (const role of ['owner', 'admin', 'recruiter', 'hiring_manager'] as const) {
      expect(mayChangeInterview(member(role), { status: 'scheduled' })).toBe(true);
      expect(mayChangeInterview(member(role), { status: 'cancelled' })).toBe(false);
      expect(mayChangeInterview(member(role), { status: 'completed' })).toBe(false);
    }
    expect(mayChangeInterview(member('interviewer'), { status: 'scheduled' })).toBe(false);
    expect(mayChangeInterview(key, { status: 'scheduled' })).toBe(true);
    expect(mayChangeInterview({ ...key, scopes: ['interviews:read'] }, { status: 'scheduled' })).toBe(false);
  });
});

describe('interviewPolicies', () => {
  it('on the panel and owing one: submit, and not see the others’', () => {
    expect(interviewPolicies(member('interviewer'), onPanel)).toMatchObject({ submit_scorecard: true, view_scorecards: false });
  });

  it('once submitted: see them, nothing more to submit', () => {
    expect(interviewPolicies(member('interviewer'), submitted)).toMatchObject({ submit_scorecard: false, view_scorecards: true });
  });

  it('a cancelled interview takes no scorecard, and stays blind', () => {
    expect(interviewPolicies(member('interviewer'), { ...onPanel, status: 'cancelled' })).toEqual({
      update: false,
      cancel: false,
      submit_scorecard: false,
      view_scorecards: false,
    });
  });

  it('off the panel: an owner sees them and submits none; an interviewer-role member sees nothing', () => {
    expect(interviewPolicies(member('owner'), offPanel)).toEqual({
      update: true,
      cancel: true,
      submit_scorecard: false,
      view_scorecards: true,
    });
    expect(interviewPolicies(member('interviewer'), offPanel)).toEqual({
      update: false,
      cancel: false,
      submit_scorecard: false,
      view_scorecards: false,
    });
  });

  it('an API key reads them and submits none', () => {
    expect(interviewPolicies(key, onPanel)).toEqual({ update: true, cancel: true, submit_scorecard: false, view_scorecards: true });
  });
});
