import { INTERVIEW_TEXTS } from '@hireloop/contract/interviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { seedCandidate, seedPipeline } from './candidate-fixtures.ts';
import { addMember, Client, createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';

/*
 * The browser tests' server moves its clock ahead (PUT /dev/clock, TEST_CLOCK) instead of waiting
 * for an interview to start. Only there: a server without TEST_CLOCK has no such route, and the
 * configuration refuses it in production.
 */

const HOUR = 3_600_000;
let t: TestApp;
let plain: TestApp;

beforeAll(async () => {
  [t, plain] = await Promise.all([startTestApp({ TEST_CLOCK: '1' }), startTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), plain?.close()]);
});

describe('the adjustable clock of the browser tests', () => {
  it('does not exist without TEST_CLOCK, and production refuses TEST_CLOCK', async () => {
    const anonymous = new Client(plain.baseUrl);
    expect((await anonymous.get('/dev/clock')).status).toBe(404);
    expect((await anonymous.put('/dev/clock', { offset_ms: HOUR })).status).toBe(404);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1', APP_URL: 'https://hire.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: '1', APP_URL: 'https://hire.example.com' })).toThrow(
      /TEST_CLOCK is for browser tests only/,
    );
  });

  it('moves the app ahead: a scorecard refused before the interview starts is taken once the clock passes its start', async () => {
    const owner = await createUser(t, { name: 'Clock Owner' });
    const org = await createOrganisation(t, owner, { name: 'Clock Org' });
    const elena = await createUser(t, { name: 'Clock Elena' });
    await addMember(t, org.id, elena.id, 'interviewer');
    const [asOwner, asElena] = await Promise.all([signIn(t, owner), signIn(t, elena)]);
    const api = (path: string) => `organisation/${org.id}/${path}`;
    const { statuses, recruitment } = await seedPipeline(t, org.id);
    const r = await recruitment('Clock engineer');
    const c = await seedCandidate(t, org.id, statuses[0]!.id, { name: 'Clock Candidate' }, [r.id]);
    const type = await asOwner.post(api('interview-types'), { name: 'Technical', criteria: ['Depth'] });
    expect(type.status, type.text).toBe(201);

    const anonymous = new Client(t.baseUrl);
    const before = (await anonymous.get('/dev/clock')).json;
    expect(before.offset_ms).toBe(0);
    const startsAt = new Date(Date.parse(before.now) + HOUR);
    const scheduled = await asOwner.post(api(`applications/${c.applications[0]!.id}/interviews`), {
      type_id: type.json.interview_type.id,
      starts_at: startsAt.toISOString(),
      duration_minutes: 30,
      location: 'Room 1',
      interviewer_ids: [elena.id],
    });
    expect(scheduled.status, scheduled.text).toBe(201);
    const card = { ratings: [{ criterion: 'Depth', rating: 3 }], recommendation: 'yes', notes: 'Good.' };
    const early = await asElena.post(api(`interviews/${scheduled.json.interview.id}/scorecard`), card);
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(INTERVIEW_TEXTS.scorecardBeforeStart);

    const moved = await anonymous.put('/dev/clock', { offset_ms: 2 * HOUR });
    expect(moved.status, moved.text).toBe(200);
    expect(Date.parse(moved.json.now)).toBeGreaterThan(startsAt.getTime());
    const late = await asElena.post(api(`interviews/${scheduled.json.interview.id}/scorecard`), card);
    expect(late.status, late.text).toBe(201);

    // Bad input is refused with a message and changes nothing.
    const negative = await anonymous.put('/dev/clock', { offset_ms: -1 });
    expect(negative.status).toBe(422);
    expect(negative.json.message).toBeTruthy();
    expect((await anonymous.get('/dev/clock')).json.offset_ms).toBe(2 * HOUR);
    expect((await anonymous.put('/dev/clock', { offset_ms: 0 })).json.offset_ms).toBe(0);
  });
});
