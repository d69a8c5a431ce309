import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../constants.ts';
import type { PolicyActor } from './actor.ts';
import { mayDeleteNote, notePolicies } from './notes.ts';

const member = (role: MemberRole, userId = 'u-me'): PolicyActor => ({ kind: 'user', userId, role });
const key = (creatorRole: MemberRole | null): PolicyActor => ({
  kind: 'api_key',
  scopes: ['candidates:write'],
  createdBy: 'u-me',
  creatorRole,
});
const mine = { authorId: 'u-me' };
const theirs = { authorId: 'u-other' };
const orphan = { authorId: null };

describe('mayDeleteNote', () => {
  it.each(['owner', 'admin', 'recruiter', 'hiring_manager', 'interviewer'] as const)(
    'the author (%s) may delete their own note',
    (role) => {
      expect(mayDeleteNote(member(role), mine)).toBe(true);
    },
  );

  it.each([
    ['owner', true],
    ['admin', true],
    ['recruiter', false],
    ['hiring_manager', false],
    ['interviewer', false],
  ] as const)("a %s deleting a colleague's note: %s", (role, allowed) => {
    expect(mayDeleteNote(member(role), theirs)).toBe(allowed);
  });

  it('a note whose author is gone: only an owner or admin', () => {
    expect(mayDeleteNote(member('owner'), orphan)).toBe(true);
    expect(mayDeleteNote(member('admin'), orphan)).toBe(true);
    expect(mayDeleteNote(member('recruiter'), orphan)).toBe(false);
  });

  it('an API key may not, not even an owner’s key on a note without author', () => {
    expect(mayDeleteNote(key('owner'), orphan)).toBe(false);
    expect(mayDeleteNote(key('owner'), theirs)).toBe(false);
    expect(mayDeleteNote(key(null), orphan)).toBe(false);
  });
});

describe('notePolicies', () => {
  it('answers each action as the rule does', () => {
    expect(notePolicies(member('recruiter'), mine)).toEqual({ delete: true });
    expect(notePolicies(member('recruiter'), theirs)).toEqual({ delete: false });
  });
});
