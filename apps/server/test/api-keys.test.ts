import { API_KEY_SCOPES, type ApiKeyScope } from '@hireloop/contract/api-keys';
import { apiKeyOperations } from '@hireloop/contract/operations/api-keys';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema/api-keys.ts';
import { auditLog } from '../src/db/schema/audit-log.ts';
import { memberships } from '../src/db/schema/organisations.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { Client, addMember, createOrganisation, createUser, signIn, startTestApp, type TestApp, apiKeyClient } from './harness.ts';
import { expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

async function ownerOfNewOrganisation() {
  const owner = await createUser(t, { name: 'Olivia Owner' });
  const org = await createOrganisation(t, owner);
  const client = await signIn(t, owner);
  return { owner, org, client, base: `organisation/${org.id}` };
}

/** A new key of the organisation (`base` is `organisation/{id}`), through the create operation, its answer parsed with its schema. */
async function createKey(client: Client, base: string, scopes: readonly ApiKeyScope[], name = 'Integration') {
  const organisationId = base.slice('organisation/'.length);
  return expectStatus(client, apiKeyOperations.create, 201, { params: { organisationId }, body: { name, scopes: [...scopes] } });
}

/** A caller with nothing but the key (harness.ts). */
const withKey = (token: string) => apiKeyClient(t, token);

describe('POST organisation/{id}/api-keys', () => {
  it('creates a key and shows its token once: hl_ + 43 characters, prefix = its first 11, only the hash stored', async () => {
    const { org, client, base } = await ownerOfNewOrganisation();
    const res = await client.post(`${base}/api-keys`, {
      name: '  Zapier  ',
      scopes: ['offers:write', 'candidates:read', 'candidates:write'],
    });
    expect(res.status).toBe(201);
    const { api_key: key, token } = res.json;
    expect(token).toMatch(/^hl_[A-Za-z0-9_-]{43}$/);
    expect(key).toEqual({
      id: expect.any(String),
      name: 'Zapier',
      prefix: token.slice(0, 11),
      scopes: ['candidates:read', 'candidates:write', 'offers:write'],
      created_by: { id: expect.any(String), name: 'Olivia Owner' },
      created_at: expect.any(String),
      last_used_at: null,
    });
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, 'api_key.created')));
    expect(entry).toMatchObject({
      actorName: 'Olivia Owner',
      targetId: key.id,
      after: { name: 'Zapier', prefix: key.prefix, scopes: ['candidates:read', 'candidates:write', 'offers:write'] },
    });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('answers 422 with field messages for a bad name or scopes, and creates nothing', async () => {
    const { client, base } = await ownerOfNewOrganisation();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ name: 'x', scopes: ['candidates:read'] }, { name: ['The name must be at least 2 characters.'] }],
      [{ name: 'y'.repeat(81), scopes: ['candidates:read'] }, { name: ['The name may not be longer than 80 characters.'] }],
      [{ name: 'Sync', scopes: [] }, { scopes: ['Choose at least one scope.'] }],
      [{ name: 'Sync', scopes: ['candidates:read', 'candidates:read'] }, { scopes: ['Name each scope once.'] }],
      [{ name: 'Sync', scopes: ['read'] }, { 'scopes.0': [`A scope is one of ${API_KEY_SCOPES.join(', ')}.`] }],
      [{ name: 'Sync', scopes: ['website:write'] }, { 'scopes.0': [`A scope is one of ${API_KEY_SCOPES.join(', ')}.`] }],
      [{ name: 'Sync' }, { scopes: ['Choose at least one scope.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await client.post(`${base}/api-keys`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.errors).toEqual(errors);
    }
    expect((await client.get(`${base}/api-keys`)).json.api_keys.data).toEqual([]);
  });

  it('is for owners and admins only', async () => {
    const { org, base } = await ownerOfNewOrganisation();
    for (const [role, status] of [
      ['admin', 201],
      ['recruiter', 403],
      ['hiring_manager', 403],
    ] as const) {
      const member = await createUser(t);
      await addMember(t, org.id, member.id, role);
      const client = await signIn(t, member);
      expect((await client.post(`${base}/api-keys`, { name: `${role} key`, scopes: ['candidates:read'] })).status).toBe(status);
      expect((await client.get(`${base}/api-keys`)).status).toBe(status === 201 ? 200 : 403);
    }
  });
});

describe('GET organisation/{id}/api-keys', () => {
  it('lists live keys newest first with prefix, scopes, creator and last use, never the token or hash', async () => {
    const { client, base } = await ownerOfNewOrganisation();
    const first = await createKey(client, base, ['organisation:read'], 'Reporting');
    const second = await createKey(client, base, ['organisation:read', 'organisation:write'], 'HRIS sync');
    expect((await withKey(first.token).get(`${base}/role`)).status).toBe(200);
    const res = await client.get(`${base}/api-keys`);
    expect(res.status).toBe(200);
    expect(res.json.api_keys.meta).toEqual({ page: 1, per_page: 25, total: 2, last_page: 1 });
    const [newest, oldest] = res.json.api_keys.data;
    expect(newest).toMatchObject({ id: second.api_key.id, name: 'HRIS sync', prefix: second.token.slice(0, 11), last_used_at: null });
    expect(oldest).toMatchObject({
      id: first.api_key.id,
      name: 'Reporting',
      scopes: ['organisation:read'],
      created_by: { name: 'Olivia Owner' },
    });
    expect(Date.parse(oldest.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    for (const secret of [first.token, second.token, sha256(first.token), sha256(second.token)]) expect(res.text).not.toContain(secret);
    expect(Object.keys(newest).sort()).toEqual(['created_at', 'created_by', 'id', 'last_used_at', 'name', 'prefix', 'scopes']);
  });
});

describe('a key as Authorization: Bearer', () => {
  it('reads organisation routes whose permission allows keys, with no cookie and no XSRF token', async () => {
    const { org, client, base } = await ownerOfNewOrganisation();
    await client.post(`${base}/experience-level`, { name: 'Senior' });
    const key = withKey((await createKey(client, base, ['organisation:read'])).token);
    const roles = await key.get(`${base}/role`);
    expect(roles.status).toBe(200);
    expect(roles.json.roles.data).toEqual([]);
    const levels = await key.get(`${base}/experience-level?filter[name]=sen`);
    expect(levels.status).toBe(200);
    expect(levels.json.levels.data.map((l: { name: string }) => l.name)).toEqual(['Senior']);
    expect((await key.get(`${base}/users`)).status).toBe(200);
    expect((await key.get(`organisation/${org.id}/recruitment-status`)).status).toBe(200);
  });

  it('refuses writes to a read key (403) and lets a write key write, without an XSRF token', async () => {
    const { client, base } = await ownerOfNewOrganisation();
    const read = withKey((await createKey(client, base, ['organisation:read'])).token);
    const refused = await read.post(`${base}/role`, { name: 'Data Engineer' });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: 'This API key lacks the organisation:write scope.', code: 'forbidden' });
    const write = withKey((await createKey(client, base, ['organisation:write'])).token);
    const created = await write.post(`${base}/role`, { name: 'Data Engineer' });
    expect(created.status).toBe(201);
    expect((await write.get(`${base}/role`)).json.roles.data.map((r: { name: string }) => r.name)).toEqual(['Data Engineer']);
  });

  it('never reaches settings routes, whatever its scopes (403)', async () => {
    const { client, base } = await ownerOfNewOrganisation();
    const key = withKey((await createKey(client, base, API_KEY_SCOPES)).token);
    const refused = [
      await key.get(`${base}/api-keys`),
      await key.post(`${base}/api-keys`, { name: 'Escalation', scopes: ['organisation:write'] }),
      await key.patch(`${base}/recruitment-settings`, { default_interview_minutes: 90 }),
      await key.post(`${base}/experience-level`, { name: 'Principal' }),
      await key.patch(`${base}/recruitment-status/reorder`, { original: 1, new: 1 }),
      await key.get(`${base}/billing`),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    // Reading the recruitment defaults is allowed (recruitment_settings.view: read).
    expect((await key.get(`${base}/recruitment-settings`)).status).toBe(200);
    expect((await client.get(`${base}/recruitment-settings`)).json.recruitment_settings.default_interview_minutes).toBe(45);
    expect((await client.get(`${base}/api-keys`)).json.api_keys.meta.total).toBe(1);
  });

  it("answers 404 on another organisation's id, and never shows its data", async () => {
    const a = await ownerOfNewOrganisation();
    const b = await ownerOfNewOrganisation();
    const key = withKey((await createKey(a.client, a.base, API_KEY_SCOPES)).token);
    for (const res of [
      await key.get(`${b.base}/role`),
      await key.post(`${b.base}/role`, { name: 'Mole' }),
      await key.get(`${b.base}/users`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ message: 'Not found.', code: 'not_found' });
    }
    expect((await b.client.get(`${b.base}/role`)).json.roles.data).toEqual([]);
  });

  it('stops working once revoked (401); revoking again is the same 204, another organisation’s key is 404', async () => {
    const { org, client, base } = await ownerOfNewOrganisation();
    const created = await createKey(client, base, ['organisation:read']);
    const key = withKey(created.token);
    expect((await key.get(`${base}/role`)).status).toBe(200);
    const revoked = await client.delete(`${base}/api-keys/${created.api_key.id}`);
    expect(revoked.status).toBe(204);
    const refused = await key.get(`${base}/role`);
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ message: 'The API key is not valid or has been revoked.', code: 'unauthenticated' });
    expect((await client.get(`${base}/api-keys`)).json.api_keys.data).toEqual([]);
    expect((await client.delete(`${base}/api-keys/${created.api_key.id}`)).status).toBe(204);
    expect((await client.delete(`${base}/api-keys/not-a-uuid`)).status).toBe(404);
    const other = await ownerOfNewOrganisation();
    const theirs = await createKey(other.client, other.base, ['organisation:read']);
    expect((await client.delete(`${base}/api-keys/${theirs.api_key.id}`)).status).toBe(404);
    expect((await withKey(theirs.token).get(`${other.base}/role`)).status).toBe(200);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, 'api_key.revoked')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetId: created.api_key.id,
      before: { prefix: created.api_key.prefix, scopes: ['organisation:read'] },
      after: null,
    });
  });

  it('revoked twice at once (a double click): both 204, one audit entry', async () => {
    const { org, client, base } = await ownerOfNewOrganisation();
    const created = await createKey(client, base, ['organisation:read']);
    const path = `${base}/api-keys/${created.api_key.id}`;
    const [first, second] = await Promise.all([client.delete(path), client.delete(path)]);
    expect([first.status, second.status]).toEqual([204, 204]);
    expect((await withKey(created.token).get(`${base}/role`)).status).toBe(401);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, org.id), eq(auditLog.action, 'api_key.revoked')));
    expect(entries).toHaveLength(1);
  });

  it('refuses a malformed or unknown key (401)', async () => {
    const { base } = await ownerOfNewOrganisation();
    for (const token of ['hl_short', `hl_${'A'.repeat(43)}`, 'not-a-key']) {
      expect((await withKey(token).get(`${base}/role`)).status).toBe(401);
    }
  });

  it('is rate limited per key (API_KEY_RATE_PER_MINUTE calls a minute), then 429', async () => {
    const max = t.config.apiKeyRatePerMinute;
    const { client, base } = await ownerOfNewOrganisation();
    const busy = withKey((await createKey(client, base, ['organisation:read'], 'Busy')).token);
    const calm = withKey((await createKey(client, base, ['organisation:read'], 'Calm')).token);
    const statuses: number[] = [];
    const BATCH = 25;
    for (let sent = 0; sent < max; sent += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, max - sent) }, () => busy.get(`${base}/role?per_page=1`));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const limited = await busy.get(`${base}/role`);
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ message: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
    // Another key, and the owner's session, are not slowed down by it.
    expect((await calm.get(`${base}/role`)).status).toBe(200);
    expect((await client.get(`${base}/role`)).status).toBe(200);
  });
});

describe('scopes per resource: candidates, applications, recruitments, interviews, offers', () => {
  /** An organisation with a recruitment, a candidate in it (an application) and keys of the given scopes. */
  async function seeded() {
    const o = await ownerOfNewOrganisation();
    const pipeline = await seedPipeline(t, o.org.id);
    const recruitment = await pipeline.recruitment('Scoped');
    const { candidate, applications } = await seedCandidate(t, o.org.id, pipeline.statuses[0]!.id, { name: 'Scoped Person' }, [
      recruitment.id,
    ]);
    const key = async (...scopes: ApiKeyScope[]) => withKey((await createKey(o.client, o.base, scopes, scopes.join(' '))).token);
    return { ...o, recruitment, candidate, application: applications[0]!, key };
  }

  it('a key without the candidates scope gets 403 naming it; with candidates:read it reads; it writes only with candidates:write', async () => {
    const s = await seeded();
    const none = await s.key('recruitments:read');
    for (const res of [await none.get(`${s.base}/candidates`), await none.get(`${s.base}/candidates/${s.candidate.id}`)]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ message: 'This API key lacks the candidates:read scope.', code: 'forbidden' });
    }
    const read = await s.key('candidates:read');
    const list = await read.get(`${s.base}/candidates`);
    expect(list.status, list.text).toBe(200);
    expect(list.json.candidates.data.map((c: { name: string }) => c.name)).toEqual(['Scoped Person']);
    const refused = await read.patch(`${s.base}/candidates/${s.candidate.id}`, { name: 'Renamed' });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This API key lacks the candidates:write scope.');
    const write = await s.key('candidates:write');
    // Write includes read.
    expect((await write.get(`${s.base}/candidates/${s.candidate.id}`)).status).toBe(200);
    const renamed = await write.patch(`${s.base}/candidates/${s.candidate.id}`, { name: 'Renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await s.client.get(`${s.base}/candidates/${s.candidate.id}`)).json.candidate.name).toBe('Renamed');
  });

  it('applications need the applications scope, not the candidates one', async () => {
    const s = await seeded();
    const candidatesOnly = await s.key('candidates:write');
    const refused = await candidatesOnly.get(`${s.base}/recruitments/${s.recruitment.id}/applications`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This API key lacks the applications:read scope.');
    const read = await s.key('applications:read');
    expect((await read.get(`${s.base}/recruitments/${s.recruitment.id}/applications`)).status).toBe(200);
    const notWrite = await read.patch(`${s.base}/applications/${s.application.id}`, { tags: ['keyed'] });
    expect(notWrite.status).toBe(403);
    expect(notWrite.json.message).toBe('This API key lacks the applications:write scope.');
    const write = await s.key('applications:write');
    const tagged = await write.patch(`${s.base}/applications/${s.application.id}`, { tags: ['keyed'] });
    expect(tagged.status, tagged.text).toBe(200);
  });

  it('recruitments, interviews and offers each need their own scope; a read key cannot write', async () => {
    const s = await seeded();
    const reads = [
      ['recruitments:read', `${s.base}/recruitments`],
      ['interviews:read', `${s.base}/recruitments/${s.recruitment.id}/interviews`],
      ['offers:read', `${s.base}/recruitments/${s.recruitment.id}/offers`],
    ] as const;
    const nothing = await s.key('candidates:read');
    for (const [scope, path] of reads) {
      const refused = await nothing.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.json.message).toBe(`This API key lacks the ${scope} scope.`);
      expect((await (await s.key(scope)).get(path)).status, path).toBe(200);
    }
    const recruitmentsRead = await s.key('recruitments:read');
    const notStarted = await recruitmentsRead.post(`${s.base}/recruitments`, { role_id: s.recruitment.roleId, name: 'By key' });
    expect(notStarted.status).toBe(403);
    expect(notStarted.json.message).toBe('This API key lacks the recruitments:write scope.');
    const started = await (
      await s.key('recruitments:write')
    ).post(`${s.base}/recruitments`, { role_id: s.recruitment.roleId, name: 'By key' });
    expect(started.status, started.text).toBe(201);
    const offersRead = await s.key('offers:read');
    const offerBody = { salary: 50000, currency: 'EUR', salary_period: 'year', contract_type: 'full_time' };
    const noOffer = await offersRead.post(`${s.base}/applications/${s.application.id}/offers`, offerBody);
    expect(noOffer.status).toBe(403);
    expect(noOffer.json.message).toBe('This API key lacks the offers:write scope.');
    const interviewsRead = await s.key('interviews:read');
    const noInterview = await interviewsRead.post(`${s.base}/applications/${s.application.id}/interviews`, {});
    expect(noInterview.status).toBe(403);
    expect(noInterview.json.message).toBe('This API key lacks the interviews:write scope.');
  });

  it("a key with every scope still gets 404 on another organisation's candidates, applications, recruitments, interviews and offers", async () => {
    const a = await seeded();
    const b = await seeded();
    const key = withKey((await createKey(a.client, a.base, API_KEY_SCOPES)).token);
    for (const res of [
      await key.get(`${b.base}/candidates`),
      await key.get(`${a.base}/candidates/${b.candidate.id}`),
      await key.patch(`${b.base}/applications/${b.application.id}`, { tags: ['mole'] }),
      await key.patch(`${a.base}/applications/${b.application.id}`, { tags: ['mole'] }),
      await key.get(`${b.base}/recruitments`),
      await key.get(`${b.base}/recruitments/${b.recruitment.id}/interviews`),
      await key.get(`${b.base}/recruitments/${b.recruitment.id}/offers`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Scoped Person');
    }
  });

  it('never exceeds its creator: once the admin who made it leaves or loses the role, it is refused (403)', async () => {
    const s = await seeded();
    const admin = await createUser(t);
    await addMember(t, s.org.id, admin.id, 'admin');
    const adminClient = await signIn(t, admin);
    const made = await createKey(adminClient, s.base, ['candidates:write'], 'Admin key');
    const key = withKey(made.token);
    expect((await key.get(`${s.base}/candidates`)).status).toBe(200);
    // Demoted to interviewer: may read candidates, not edit them.
    await t.database.db
      .update(memberships)
      .set({ role: 'interviewer' })
      .where(and(eq(memberships.organisationId, s.org.id), eq(memberships.userId, admin.id)));
    expect((await key.get(`${s.base}/candidates`)).status).toBe(200);
    const demoted = await key.patch(`${s.base}/candidates/${s.candidate.id}`, { name: 'Nope' });
    expect(demoted.status).toBe(403);
    expect(demoted.json.message).toBe('The member who created this API key may not do this (permission candidates.manage).');
    // Gone from the organisation: the key reaches nothing.
    await t.database.db.delete(memberships).where(and(eq(memberships.organisationId, s.org.id), eq(memberships.userId, admin.id)));
    const left = await key.get(`${s.base}/candidates`);
    expect(left.status).toBe(403);
    expect(left.json.message).toBe('The member who created this API key is no longer in the organisation; create a new key.');
  });
});

describe('the OpenAPI document', () => {
  it('describes the bearerAuth scheme and marks which organisation routes accept a key', async () => {
    const res = await new Client(t.baseUrl).get('openapi.json');
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.bearerAuth.description).toContain('docs/permissions.md');
    const op = (path: string, method: string) => doc.paths[`/api/v1/organisation/{organisationId}${path}`][method];
    expect(op('/role', 'get').security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    expect(op('/role', 'post').description).toContain('`organisation:write` scope');
    expect(op('/candidates', 'get').description).toContain('`candidates:read` scope (or `candidates:write`)');
    expect(op('/applications/{application}/move', 'post').description).toContain('`applications:write` scope');
    expect(op('/experience-level', 'get').security).toEqual([{ session: [] }, { bearerAuth: [] }]);
    expect(op('/api-keys', 'get').security).toEqual([{ session: [] }]);
    expect(op('/api-keys', 'post').description).toContain('Sessions only');
    expect(op('/recruitment-settings', 'patch').security).toEqual([{ session: [] }]);
  });
});
