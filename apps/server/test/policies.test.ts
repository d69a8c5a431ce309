import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import type { MemberRole } from '@hireloop/contract/constants';
import { INTERVIEW_TEXTS } from '@hireloop/contract/interviews';
import { MEMBER_TEXTS } from '@hireloop/contract/members';
import { OFFER_TEXTS } from '@hireloop/contract/offers';
import { candidateOperations as candidateOps } from '@hireloop/contract/operations/candidates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { pastInterview } from './interview-fixtures.ts';
import { expectStatus } from './operations.ts';
import { addMember, type Client, createOrganisation, createUser, signIn, startTestApp, type TestApp, apiKeyClient } from './harness.ts';

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

/** A caller with nothing but the key (harness.ts). */
const withKey = (token: string) => apiKeyClient(t, token);

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
    const params = { organisationId: org.id, candidate: candidate.id };
    const written = await expectStatus(people.author.client, candidateOps.addNote, 201, {
      params,
      body: { body: 'Strong on systems design.' },
    });
    expect(written.note.policies).toEqual({ delete: true });

    const list = await expectStatus(people[who].client, candidateOps.notes, 200, { params });
    const note = list.notes.data.find((n) => n.id === written.note.id)!;
    expect(note.policies).toEqual({ delete: expected[who] });

    if (note.policies.delete) {
      await expectStatus(people[who].client, candidateOps.removeNote, 204, { params: { ...params, note: note.id } });
    } else {
      const res = await expectStatus(people[who].client, candidateOps.removeNote, 403, { params: { ...params, note: note.id } });
      expect(res.message).toBe(CANDIDATE_TEXTS.noteNotYours);
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

describe('member policies', () => {
  type Caller = 'owner' | 'admin' | 'recruiter';
  // What each caller may do to an interviewer and to an(other) owner: remove and change_role alike.
  const expected: Record<Caller, { interviewer: boolean; owner: boolean }> = {
    owner: { interviewer: true, owner: true },
    admin: { interviewer: true, owner: false },
    recruiter: { interviewer: false, owner: false },
  };
  let n = 0;
  /** A new member with a name no one else has, so a search finds only them. */
  async function newMember(role: MemberRole) {
    const name = `Target ${role} ${++n}`;
    const user = await createUser(t, { name });
    await addMember(t, org.id, user.id, role);
    return { id: user.id, name };
  }
  async function policiesOf(client: { get: Client['get'] }, target: { id: string; name: string }) {
    const list = await client.get(base(`/users?filter[name]=${encodeURIComponent(target.name)}`));
    expect(list.status, list.text).toBe(200);
    expect(list.json.users.data.map((u: { id: string }) => u.id)).toEqual([target.id]);
    return list.json.users.data[0].policies as { remove: boolean; change_role: boolean };
  }

  it.each(Object.keys(expected) as Caller[])('%s: each member says what PATCH and DELETE then do', async (who) => {
    const client = people[who].client;
    for (const role of ['interviewer', 'owner'] as const) {
      const may = expected[who][role];
      const target = await newMember(role);
      expect(await policiesOf(client, target)).toEqual({ remove: may, change_role: may });
      const changed = await client.patch(base(`/users/${target.id}`), { role: 'hiring_manager' });
      expect(changed.status, changed.text).toBe(may ? 200 : 403);
      if (may) expect(changed.json.user.policies).toEqual({ remove: true, change_role: true });
      // The refusal names the owner rule to whoever may manage members at all.
      if (!may && who === 'admin') expect(changed.json.message).toBe(MEMBER_TEXTS.onlyOwnerChangesOwner);
      const again = await newMember(role);
      const removed = await client.delete(base(`/users/${again.id}`));
      expect(removed.status, removed.text).toBe(may ? 200 : 403);
      if (!may && who === 'admin') expect(removed.json.message).toBe(MEMBER_TEXTS.onlyOwnerRemovesOwner);
    }
  });

  it('the last owner shows as removable to an owner; removing them is refused with its reason (422)', async () => {
    const owner = await createUser(t, { name: 'Solo Owner' });
    const alone = await createOrganisation(t, owner);
    const client = await signIn(t, owner);
    const list = await client.get(`organisation/${alone.id}/users`);
    expect(list.json.users.data[0].policies).toEqual({ remove: true, change_role: true });
    const res = await client.delete(`organisation/${alone.id}/users/${owner.id}`);
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(MEMBER_TEXTS.lastOwnerRemove);
  });

  it('an API key lists members with nothing allowed, and may not change them', async () => {
    const created = await people.owner.client.post(base('/api-keys'), { name: 'Directory', scopes: ['organisation:write'] });
    expect(created.status, created.text).toBe(201);
    const key = withKey(created.json.token);
    const target = await newMember('interviewer');
    expect(await policiesOf(key, target)).toEqual({ remove: false, change_role: false });
    expect((await key.patch(base(`/users/${target.id}`), { role: 'recruiter' })).status).toBe(403);
    expect((await key.delete(base(`/users/${target.id}`))).status).toBe(403);
  });
});

describe('interview policies', () => {
  const card = { ratings: [{ criterion: 'Depth', rating: 3 }], recommendation: 'yes', notes: 'Solid.' };
  /** A past interview with the interviewer "author" and the hiring manager on its panel. */
  async function panelInterview() {
    const recruitment = await pipeline.recruitment(`Interviews ${crypto.randomUUID()}`);
    const { applications } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, {}, [recruitment.id]);
    const type = await people.owner.client.post(base('/interview-types'), { name: `Tech ${crypto.randomUUID()}`, criteria: ['Depth'] });
    expect(type.status, type.text).toBe(201);
    return pastInterview(t, people.recruiter.client, {
      organisationId: org.id,
      applicationId: applications[0]!.id,
      typeId: type.json.interview_type.id,
      interviewerIds: [people.author.id, people.hiring_manager.id],
    });
  }
  /** What the caller is told, and what GET …/scorecards and POST …/scorecard then do. */
  async function check(client: { get: Client['get']; post: Client['post'] }, id: string) {
    const got = await client.get(base(`/interviews/${id}`));
    expect(got.status, got.text).toBe(200);
    const policies = got.json.interview.policies as {
      update: boolean;
      cancel: boolean;
      submit_scorecard: boolean;
      view_scorecards: boolean;
    };
    const cards = await client.get(base(`/interviews/${id}/scorecards`));
    expect(cards.status, cards.text).toBe(200);
    expect(cards.json.hidden).toBe(!policies.view_scorecards);
    return policies;
  }

  it('someone on the panel: submits while they owe one, then sees the others’; a second one is refused', async () => {
    const id = await panelInterview();
    const manager = people.hiring_manager.client;
    expect(await check(manager, id)).toEqual({ update: true, cancel: true, submit_scorecard: true, view_scorecards: false });
    expect((await manager.post(base(`/interviews/${id}/scorecard`), card)).status).toBe(201);
    expect(await check(manager, id)).toEqual({ update: true, cancel: true, submit_scorecard: false, view_scorecards: true });
    const twice = await manager.post(base(`/interviews/${id}/scorecard`), card);
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe(INTERVIEW_TEXTS.scorecardTwice);
  });

  it('an interviewer-role member on the panel may not reschedule or cancel (403); a manager may', async () => {
    const id = await panelInterview();
    expect(await check(people.author.client, id)).toMatchObject({ update: false, cancel: false });
    expect((await people.author.client.patch(base(`/interviews/${id}`), { location: 'Room 2' })).status).toBe(403);
    expect((await people.author.client.post(base(`/interviews/${id}/cancel`), {})).status).toBe(403);
    expect(await check(people.hiring_manager.client, id)).toMatchObject({ update: true, cancel: true });
    expect((await people.hiring_manager.client.patch(base(`/interviews/${id}`), { location: 'Room 2' })).status).toBe(200);
    expect((await people.hiring_manager.client.post(base(`/interviews/${id}/cancel`), {})).status).toBe(200);
  });

  it('off the panel: an owner sees the scorecards and may not submit one (403); an interviewer-role member sees nothing', async () => {
    const id = await panelInterview();
    expect(await check(people.owner.client, id)).toEqual({ update: true, cancel: true, submit_scorecard: false, view_scorecards: true });
    const refused = await people.owner.client.post(base(`/interviews/${id}/scorecard`), card);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(INTERVIEW_TEXTS.scorecardNotInterviewer);
    expect((await people.interviewer.client.get(base(`/interviews/${id}`))).status).toBe(404);
  });

  it('a cancelled interview: nothing to submit (409), and the panel stays blind', async () => {
    const id = await panelInterview();
    expect((await people.recruiter.client.post(base(`/interviews/${id}/cancel`), {})).status).toBe(200);
    const author = people.author.client;
    expect(await check(author, id)).toEqual({ update: false, cancel: false, submit_scorecard: false, view_scorecards: false });
    const refused = await author.post(base(`/interviews/${id}/scorecard`), card);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(INTERVIEW_TEXTS.scorecardCancelled);
    // Nor may it be changed any more, by anyone.
    expect(await check(people.recruiter.client, id)).toMatchObject({ update: false, cancel: false });
    const moved = await people.recruiter.client.patch(base(`/interviews/${id}`), { location: 'Room 2' });
    expect(moved.status).toBe(409);
    expect(moved.json.message).toBe(INTERVIEW_TEXTS.notScheduled);
  });

  it('an API key reads the interview and its scorecards, and may submit none', async () => {
    const id = await panelInterview();
    const created = await people.owner.client.post(base('/api-keys'), { name: 'Calendar', scopes: ['interviews:write'] });
    expect(created.status, created.text).toBe(201);
    const key = withKey(created.json.token);
    expect(await check(key, id)).toEqual({ update: true, cancel: true, submit_scorecard: false, view_scorecards: true });
    expect((await key.post(base(`/interviews/${id}/scorecard`), card)).status).toBe(403);
  });
});

describe('offer policies', () => {
  type OfferPolicies = { update: boolean; submit: boolean; send: boolean; withdraw: boolean; decide: boolean };
  const none: OfferPolicies = { update: false, submit: false, send: false, withdraw: false, decide: false };
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const policiesOf = async (who: keyof typeof people, id: string) => {
    const res = await people[who].client.get(base(`/offers/${id}`));
    expect(res.status, res.text).toBe(200);
    expect(res.json.offer.can_approve).toBe(res.json.offer.policies.decide);
    return res.json.offer.policies as OfferPolicies;
  };

  it('through draft, approval, sending and withdrawal each caller is told what the server then does', async () => {
    const recruitment = await pipeline.recruitment(`Offers ${crypto.randomUUID()}`);
    const { applications } = await seedCandidate(t, org.id, pipeline.statuses[0]!.id, {}, [recruitment.id]);
    const created = await people.recruiter.client.post(base(`/applications/${applications[0]!.id}/offers`), {
      salary: 85000,
      currency: 'EUR',
      salary_period: 'year',
      start_date: future(40),
      contract_type: 'full_time',
      expires_on: future(14),
      approver_ids: [people.hiring_manager.id, people.admin.id],
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.offer.id as string;
    const act = (who: keyof typeof people, action: string, body: unknown = {}) =>
      people[who].client.post(base(`/offers/${id}/${action}`), body);

    // Draft: the recruiter manages it; the hiring manager (an approver later) may do nothing yet.
    expect(await policiesOf('recruiter', id)).toEqual({ update: true, submit: true, send: false, withdraw: true, decide: false });
    expect(await policiesOf('hiring_manager', id)).toEqual(none);
    expect((await act('hiring_manager', 'submit')).status).toBe(403);
    const early = await act('recruiter', 'send');
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(OFFER_TEXTS.notApproved);
    expect((await act('recruiter', 'submit')).status).toBe(200);

    // Pending approval: only the approver whose turn it is decides.
    expect(await policiesOf('admin', id)).toMatchObject({ decide: false, submit: false, update: true });
    const notYet = await act('admin', 'approve');
    expect(notYet.status).toBe(403);
    expect(notYet.json.message).toBe(OFFER_TEXTS.notYourTurn);
    expect(await policiesOf('hiring_manager', id)).toEqual({ ...none, decide: true });
    expect((await act('hiring_manager', 'approve')).status).toBe(200);
    expect(await policiesOf('admin', id)).toMatchObject({ decide: true });
    expect((await act('admin', 'approve')).status).toBe(200);

    // Approved: it may be sent; once sent it can no longer be changed, only withdrawn.
    expect(await policiesOf('recruiter', id)).toEqual({ update: true, submit: false, send: true, withdraw: true, decide: false });
    expect((await act('recruiter', 'send')).status).toBe(200);
    expect(await policiesOf('recruiter', id)).toEqual({ ...none, withdraw: true });
    const change = await people.recruiter.client.patch(base(`/offers/${id}`), { salary: 90000 });
    expect(change.status).toBe(409);
    expect(change.json.message).toBe(OFFER_TEXTS.notEditable);
    expect((await act('recruiter', 'withdraw')).status).toBe(200);
    expect(await policiesOf('recruiter', id)).toEqual(none);
    const again = await act('recruiter', 'submit');
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(OFFER_TEXTS.notDraft);
  });
});
