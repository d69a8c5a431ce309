import { sql } from 'drizzle-orm';
import { sha256 } from '../src/lib/tokens.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionCache } from '../src/features/auth/session-cache.ts';
import { addMember, type Client, createOrganisation, createUser, onNode, signIn, startTestApp, type TestApp } from './harness.ts';

// Who is asking, remembered between requests (docs/decisions/015-who-is-asking-remembered.md): two
// nodes on one database, each with its cache; a change made through one is forgotten by both at its
// COMMIT (PostgreSQL's notifications, migration 0021).

let a: TestApp;
let b: TestApp;
let org: { id: string };
let owner: { id: string };

const CACHE = { SESSION_CACHE_MS: '300000' };
const cacheOf = (t: TestApp) => t.app.sessionStore.cache as SessionCache;
const teams = (client: Client) => client.get(`organisation/${org.id}/teams`);
const createTeam = (client: Client, name: string) => client.post(`organisation/${org.id}/teams`, { name, kind: 'team' });

beforeAll(async () => {
  a = await startTestApp(CACHE);
  b = await startTestApp(CACHE, { sharing: a });
  owner = await createUser(a);
  org = await createOrganisation(a, owner);
  // Each node trusts its cache once it listens to the announcements.
  await vi.waitFor(() => expect(cacheOf(a).trusted && cacheOf(b).trusted).toBe(true));
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('who is asking, remembered', () => {
  it('answers a repeated request from memory: a session deleted behind the announcements’ back still counts (which is why they exist)', async () => {
    const user = await createUser(a);
    await addMember(a, org.id, user.id, 'recruiter');
    const client = onNode(await signIn(a, user), b);
    expect((await teams(client)).status).toBe(200);
    expect(cacheOf(b).size).toBeGreaterThan(0);
    // Without the trigger, nobody is told: node b goes on answering from what it remembers.
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table sessions disable trigger sessions_changed`);
      await tx.execute(sql`delete from sessions where user_id = ${user.id}`);
      await tx.execute(sql`alter table sessions enable trigger sessions_changed`);
    });
    expect((await teams(client)).status).toBe(200);
    // A node that does not remember (a) asks the database.
    expect((await teams(onNode(client, a))).status).toBe(401);
  });

  it('a sign-out on one node is forgotten by every node', async () => {
    const user = await createUser(a);
    await addMember(a, org.id, user.id, 'recruiter');
    const onA = await signIn(a, user);
    const onB = onNode(onA, b);
    expect((await teams(onB)).status).toBe(200);
    expect((await teams(onA)).status).toBe(200);
    expect((await onA.delete('auth')).status).toBe(204);
    // Node a forgets at once; node b when PostgreSQL's announcement arrives.
    expect((await teams(onNode(onB, a))).status).toBe(401);
    await vi.waitFor(() => expect(cacheOf(b).get(hashOf(onB), org.id, new Date(0))).toBeUndefined());
    expect((await teams(onB)).status).toBe(401);
  });

  it('a role change and a removal reach the other node’s next request', async () => {
    const user = await createUser(a);
    await addMember(a, org.id, user.id, 'recruiter');
    const member = onNode(await signIn(a, user), b);
    const ownerClient = await signIn(a, owner);
    expect((await createTeam(member, 'Made by a recruiter')).status).toBe(201);

    expect((await ownerClient.patch(`organisation/${org.id}/users/${user.id}`, { role: 'interviewer' })).status).toBe(200);
    await vi.waitFor(() => expect(cacheOf(b).get(hashOf(member), org.id, new Date(0))).toBeUndefined());
    expect((await createTeam(member, 'Made by an interviewer')).status).toBe(403);

    expect((await teams(member)).status).toBe(200);
    expect((await ownerClient.delete(`organisation/${org.id}/users/${user.id}`)).status).toBe(200);
    await vi.waitFor(() => expect(cacheOf(b).get(hashOf(member), org.id, new Date(0))).toBeUndefined());
    expect((await teams(member)).status).toBe(404);
  });

  it('joining an organisation is seen at once by a node that remembered “not a member”', async () => {
    const user = await createUser(a);
    const client = onNode(await signIn(a, user), b);
    expect((await teams(client)).status).toBe(404);
    await addMember(a, org.id, user.id, 'recruiter');
    await vi.waitFor(() => expect(cacheOf(b).get(hashOf(client), org.id, new Date(0))).toBeUndefined());
    expect((await teams(client)).status).toBe(200);
  });

  it('stops answering from memory while it cannot hear the announcements, and trusts again once it listens again', async () => {
    const user = await createUser(a);
    await addMember(a, org.id, user.id, 'recruiter');
    const client = onNode(await signIn(a, user), b);
    expect((await teams(client)).status).toBe(200);
    // The listening connections are ended by the server (as a restart or a network fault would).
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen hireloop_auth'`,
    );
    await vi.waitFor(() => expect(cacheOf(b).trusted).toBe(false));
    expect(cacheOf(b).size).toBe(0);
    expect((await teams(client)).status).toBe(200);
    expect(cacheOf(b).size).toBe(0);
    await vi.waitFor(() => expect(cacheOf(b).trusted).toBe(true), { timeout: 10_000 });
  });
});

function hashOf(client: Client): string {
  return sha256(client.cookie('hireloop_session') ?? '');
}
