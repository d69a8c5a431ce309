import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import type { MemberRole } from '@hireloop/contract/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, Client, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

/**
 * The `policies` each object carries (packages/contract/src/policies/) tell the truth: for every
 * kind of caller, what the response says they may do is what the server then lets them do.
 */

let t: TestApp;
let org: { id: string };
const people = {} as Record<'owner' | 'admin' | 'recruiter' | 'hiring_manager' | 'author' | 'interviewer', { id: string; client: Client }>;
let pipeline: Awaited<ReturnType<typeof seedPipeline>>;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await createUser(t, { name: 'Olivia Owner' });
  org = await createOrganisation(t, owner);
  people.owner = { id: owner.id, client: await signIn(t, owner) };
  const roles: Array<[Exclude<keyof typeof people, 'owner'>, MemberRole]> = [
    ['admin', 'admin'],
    ['recruiter', 'recruiter'],
    ['hiring_manager', 'hiring_manager'],
    ['author', 'interviewer'],
    ['interviewer', 'interviewer'],
  ];
  for (const [who, role] of roles) {
    const user = await createUser(t, { name: `${who} ${role}` });
    await addMember(t, org.id, user.id, role);
    people[who] = { id: user.id, client: await signIn(t, user) };
  }
  pipeline = await seedPipeline(t, org.id);
});
afterAll(async () => t.close());

const base = (path = '') => `organisation/${org.id}${path}`;

/** A caller with nothing but an API key (no cookies). */
function withKey(token: string) {
  const client = new Client(t.baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (path: string) => client.get(path, { headers }),
    delete: (path: string) => client.delete(path, { headers }),
  };
}

describe('note policies', () => {
  // Who sees `delete: true` on a note by the interviewer "author": them, an owner, an admin.
  const expected: Record<keyof typeof people, boolean> = {
    owner: true,
    admin: true,
    recruiter: false,
    hiring_manager: false,
    author: true,
    interviewer: false,
  };

  it.each(Object.keys(expected) as Array<keyof typeof people>)('%s: the note says what DELETE then does', async (who) => {
    const { candidate } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id);
    const notes = `/candidates/${candidate.id}/notes`;
    const written = await people.author.client.post(base(notes), { body: 'Strong on systems design.' });
    expect(written.status, written.text).toBe(201);
    expect(written.json.note.policies).toEqual({ delete: true });

    const list = await people[who].client.get(base(notes));
    expect(list.status, list.text).toBe(200);
    const note = list.json.notes.data.find((n: { id: string }) => n.id === written.json.note.id);
    expect(note.policies).toEqual({ delete: expected[who] });

    const res = await people[who].client.delete(base(`${notes}/${note.id}`));
    if (note.policies.delete) {
      expect(res.status, res.text).toBe(204);
    } else {
      expect(res.status).toBe(403);
      expect(res.json.message).toBe(CANDIDATE_TEXTS.noteNotYours);
    }
  });

  it('an API key reads notes with delete: false, and DELETE refuses it', async () => {
    const { candidate } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id);
    const notes = `/candidates/${candidate.id}/notes`;
    const written = await people.owner.client.post(base(notes), { body: 'Owner note' });
    const created = await people.owner.client.post(base('/api-keys'), { name: 'Reader', scopes: ['candidates:write'] });
    expect(created.status, created.text).toBe(201);
    const key = withKey(created.json.token);
    const list = await key.get(base(notes));
    expect(list.status, list.text).toBe(200);
    expect(list.json.notes.data.map((n: { policies: unknown }) => n.policies)).toEqual([{ delete: false }]);
    expect((await key.delete(base(`${notes}/${written.json.note.id}`))).status).toBe(403);
  });
});
