import { describe, expect, it } from 'vitest';
import { actionLabel, auditChanges, targetLabel } from './audit-format.ts';

describe('audit log formatting', () => {
  it('labels actions and targets for people', () => {
    expect(actionLabel('member.role_changed')).toBe('Member role changed');
    expect(actionLabel('organisation.updated')).toBe('Organisation updated');
    expect(targetLabel('api_key')).toBe('API key');
    expect(targetLabel('member')).toBe('Member');
  });

  it('lists changed fields as before → after, dropping context that did not change', () => {
    expect(auditChanges({ name: 'Priya', role: 'interviewer' }, { name: 'Priya', role: 'recruiter' })).toEqual([
      { field: 'role', before: 'interviewer', after: 'recruiter' },
    ]);
    expect(auditChanges({ website: null }, { website: 'https://x.example' })).toEqual([
      { field: 'website', before: '—', after: 'https://x.example' },
    ]);
  });

  it('shows creations (no before) and unchanged records in full', () => {
    expect(auditChanges(null, { email: 'a@b.c', role: 'admin' })).toEqual([
      { field: 'email', before: '—', after: 'a@b.c' },
      { field: 'role', before: '—', after: 'admin' },
    ]);
    expect(auditChanges({ n: 1 }, { n: 1 })).toEqual([{ field: 'n', before: '1', after: '1' }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges(null, { scopes: ['read'] })).toEqual([{ field: 'scopes', before: '—', after: '["read"]' }]);
  });
});
