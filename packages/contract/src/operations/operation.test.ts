import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from './operation.ts';
import { operationPath } from './path.ts';
import { teamOperations, teamsQuery } from './teams.ts';

describe('defineOperation', () => {
  it('derives the params schema from the path', () => {
    const op = defineOperation({
      method: 'GET',
      path: 'organisation/{organisationId}/teams/{teamId}',
      tags: ['teams'],
      summary: 'A team',
      responses: { 200: z.object({ ok: z.boolean() }) },
    });
    expect(op.paramNames).toEqual(['organisationId', 'teamId']);
    expect(op.params?.parse({ organisationId: 'o1', teamId: 't1', extra: 'x' })).toEqual({ organisationId: 'o1', teamId: 't1' });
    expect(op.params?.safeParse({ organisationId: 'o1' }).success).toBe(false);
  });

  it('has no params schema for a path without params', () => {
    const op = defineOperation({ method: 'DELETE', path: 'notifications', tags: [], summary: 'All read', responses: { 204: z.null() } });
    expect(op.params).toBeUndefined();
    expect(op.paramNames).toEqual([]);
  });

  it.each([
    ['/teams', 'leading slash'],
    ['teams/', 'trailing slash'],
    ['teams/:teamId', 'Fastify-style param'],
    ['teams/{teamId', 'unclosed brace'],
    ['teams/{team-id}', 'param name with a dash'],
  ])('refuses the path %s (%s)', (path) => {
    expect(() => defineOperation({ method: 'GET', path, tags: [], summary: 'x', responses: {} })).toThrow(/below \/api\/v1/);
  });

  it('refuses a param named twice', () => {
    expect(() => defineOperation({ method: 'GET', path: 'a/{id}/b/{id}', tags: [], summary: 'x', responses: {} })).toThrow(/twice/);
  });
});

describe('operationPath', () => {
  it('fills the params in, encoded', () => {
    expect(operationPath(teamOperations.get, { organisationId: 'o 1', teamId: 'a/b' })).toBe('organisation/o%201/teams/a%2Fb');
  });

  it('names a missing param', () => {
    expect(() => operationPath(teamOperations.get, { organisationId: 'o1' })).toThrow(
      'GET organisation/{organisationId}/teams/{teamId}: the path param teamId is missing.',
    );
  });
});

describe('list queries in zod', () => {
  it('defaults the sort and refuses an unknown one with the allowed values', () => {
    expect(teamsQuery.parse({}).sort).toBe('name');
    const result = teamsQuery.safeParse({ sort: 'colour' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sort', 'Sort by one of name, -name, created_at, -created_at.'],
    ]);
  });

  it('trims filters, treats an empty one as none and refuses an unknown kind', () => {
    expect(teamsQuery.parse({ filter: { name: '  Acme ', kind: ' client ' } }).filter).toEqual({ name: 'Acme', kind: 'client' });
    expect(teamsQuery.parse({ filter: { name: ' ', kind: '' } }).filter).toEqual({ name: undefined, kind: undefined });
    const result = teamsQuery.safeParse({ filter: { kind: 'partner' } });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['filter.kind', 'Filter by team or client.']]);
  });
});
