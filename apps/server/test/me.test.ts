import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NOTIFICATION_TYPES } from '@hireloop/contract/notification-types';
import { authOperations as auth } from '@hireloop/contract/operations/auth';
import { fileOperations as files } from '@hireloop/contract/operations/files';
import { meOperations as me } from '@hireloop/contract/operations/me';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, addMember, createOrganisation, createUser, signIn, signInThroughIssuer, startTestApp, type TestApp } from './harness.ts';
import { expectOk, expectStatus } from './operations.ts';
import { download, pngOf, upload } from './uploads.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-me-'));
  t = await startTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET /me', () => {
  it('returns the profile with every notification type, email on by default', async () => {
    const user = await createUser(t, { name: 'Ada Lovelace', email: 'ada@example.test' });
    const client = await signIn(t, user);
    const { profile } = await expectStatus(client, me.profile, 200, { params: {} });
    expect(profile).toEqual({
      id: user.id,
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      avatar_url: null,
      timezone: 'UTC',
      email_preferences: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, true])),
    });
  });

  it('requires a session (401)', async () => {
    const anonymous = await new Client(t.baseUrl).csrf();
    await expectStatus(anonymous, me.profile, 401, { params: {} });
    await expectStatus(anonymous, me.update, 401, { params: {}, body: { name: 'Nobody' } });
  });
});

describe('PATCH /me', () => {
  it('changes name, timezone and email preferences; GET auth shows the new name', async () => {
    const client = await signIn(t, await createUser(t));
    const res = await expectStatus(client, me.update, 200, {
      params: {},
      body: { name: '  Grace Hopper ', timezone: 'Europe/London', email_preferences: { mention: false } },
    });
    expect(res.profile).toMatchObject({ name: 'Grace Hopper', timezone: 'Europe/London' });
    expect(res.profile.email_preferences).toMatchObject({ mention: false, assigned: true });
    // Preferences merge: a later change to another type keeps this one.
    const again = await expectOk(client, me.update, { params: {}, body: { email_preferences: { offer_approval: false } } });
    expect(again.profile.email_preferences).toMatchObject({ mention: false, offer_approval: false, assigned: true });
    expect((await expectOk(client, auth.get, { params: {} })).auth.user.name).toBe('Grace Hopper');
  });

  it('keeps the changed name and uploaded photo when the person signs in again through the provider', async () => {
    const user = await createUser(t, { name: 'Provider Name' });
    const client = await signIn(t, user);
    await expectOk(client, me.update, { params: {}, body: { name: 'Chosen Name' } });
    const photo = await upload(client, 'me/avatar', 'avatar', { bytes: await pngOf(32, 32), filename: 'a.png', type: 'image/png' });
    const again = new Client(t.baseUrl);
    await signInThroughIssuer(again, { sub: user.oidcSub });
    expect((await expectOk(again, me.profile, { params: {} })).profile).toMatchObject({
      name: 'Chosen Name',
      avatar_url: photo.json.profile.avatar_url,
    });
  });

  it('stores a timezone in its canonical IANA spelling', async () => {
    const client = await signIn(t, await createUser(t));
    expect((await expectOk(client, me.update, { params: {}, body: { timezone: 'europe/berlin' } })).profile.timezone).toBe('Europe/Berlin');
  });

  it('refuses a short name and an unknown timezone with field messages, and changes nothing', async () => {
    const user = await createUser(t, { name: 'Unchanged Person' });
    const client = await signIn(t, user);
    const res = await expectStatus(client, me.update, 422, { params: {}, body: { name: 'A', timezone: 'Mars/Olympus_Mons' } });
    expect(res.errors).toEqual({
      name: ['Your name must be at least 2 characters.'],
      timezone: ['Choose a valid timezone, e.g. Europe/London.'],
    });
    expect((await expectOk(client, me.profile, { params: {} })).profile).toMatchObject({ name: 'Unchanged Person', timezone: 'UTC' });
  });

  it('refuses a name over 120 characters, an unknown notification type and a non-boolean preference', async () => {
    const client = await signIn(t, await createUser(t));
    const long = await expectStatus(client, me.update, 422, { params: {}, body: { name: 'x'.repeat(121) } });
    expect(long.errors?.name).toEqual(['Your name may not be longer than 120 characters.']);
    const unknown = await client.patch('me', { email_preferences: { lottery_win: true } });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.json.errors)).toEqual(['email_preferences']);
    const wrongType = await client.patch('me', { email_preferences: { mention: 'no' } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.json.errors['email_preferences.mention']).toEqual(['Use true or false.']);
    expect((await expectOk(client, me.profile, { params: {} })).profile.email_preferences.mention).toBe(true);
  });
});

describe('avatar', () => {
  it('stores an uploaded PNG as a 256×256 WebP that GET auth points to', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user);
    const res = await upload(client, 'me/avatar', 'avatar', { bytes: await pngOf(800, 500), filename: 'me.png', type: 'image/png' });
    expect(res.status, res.text).toBe(200);
    const url: string = res.json.profile.avatar_url;
    expect(url).toMatch(new RegExp(`^/api/v1/files/avatars/${user.id}/[0-9a-f-]{36}$`));
    expect((await expectOk(client, auth.get, { params: {} })).auth.user.avatar_url).toBe(url);

    const image = await download(client, url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-disposition')).toMatch(/^inline; filename="avatar\.webp"$/);
    const meta = await sharp(image.bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('refuses a text file named .png (422) and keeps the current avatar', async () => {
    const client = await signIn(t, await createUser(t));
    const first = await upload(client, 'me/avatar', 'avatar', { bytes: await pngOf(64, 64), filename: 'a.png', type: 'image/png' });
    const res = await upload(client, 'me/avatar', 'avatar', {
      bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      filename: 'evil.png',
      type: 'image/png',
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ avatar: ['The file must be a PNG, JPEG, WebP or GIF image.'] });
    expect((await expectOk(client, me.profile, { params: {} })).profile.avatar_url).toBe(first.json.profile.avatar_url);
  });

  it('refuses an image over 2 MB (413) with the field message and changes nothing', async () => {
    const client = await signIn(t, await createUser(t));
    const big = Buffer.concat([await pngOf(8, 8), Buffer.alloc(3 * 1024 * 1024, 7)]);
    const res = await upload(client, 'me/avatar', 'avatar', { bytes: big, filename: 'big.png', type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.json.errors).toEqual({ avatar: ['The image may not be larger than 2 MB.'] });
    expect((await expectOk(client, me.profile, { params: {} })).profile.avatar_url).toBeNull();
  });

  it('refuses a request without a file, or with a JSON body, with the field message', async () => {
    const client = await signIn(t, await createUser(t));
    const wrongField = await upload(client, 'me/avatar', 'photo', { bytes: await pngOf(8, 8), filename: 'a.png', type: 'image/png' });
    expect(wrongField.status).toBe(422);
    expect(wrongField.json.errors).toEqual({ avatar: ['Choose an image to upload.'] });
    const json = await client.post('me/avatar', { avatar: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(422);
    expect(json.json.errors).toEqual({ avatar: ['Choose an image to upload.'] });
  });

  it('shows the avatar to people who share an organisation, not to strangers or signed-out visitors', async () => {
    const owner = await createUser(t);
    const colleague = await createUser(t);
    const stranger = await createUser(t);
    const org = await createOrganisation(t, owner);
    await addMember(t, org.id, colleague.id, 'interviewer');
    await createOrganisation(t, stranger);
    const res = await upload(await signIn(t, owner), 'me/avatar', 'avatar', {
      bytes: await pngOf(300, 300),
      filename: 'me.png',
      type: 'image/png',
    });
    const url: string = res.json.profile.avatar_url;
    const fileId = url.split('/').at(-1) ?? '';
    expect((await download(await signIn(t, colleague), url)).status).toBe(200);
    await expectStatus(await signIn(t, stranger), files.avatar, 404, { params: { userId: owner.id, fileId } });
    await expectStatus(new Client(t.baseUrl), files.avatar, 401, { params: { userId: owner.id, fileId } });
    // Another user's id with this file id: not their file.
    await expectStatus(await signIn(t, colleague), files.avatar, 404, { params: { userId: colleague.id, fileId } });
  });

  it('replaces the previous avatar (its URL stops working) and can be removed', async () => {
    const client = await signIn(t, await createUser(t));
    const first = (await upload(client, 'me/avatar', 'avatar', { bytes: await pngOf(40, 40), filename: 'a.png', type: 'image/png' })).json
      .profile.avatar_url;
    const gif = await sharp({ create: { width: 30, height: 60, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    const second = await upload(client, 'me/avatar', 'avatar', { bytes: gif, filename: 'b.gif', type: 'image/gif' });
    expect(second.status).toBe(200);
    expect(second.json.profile.avatar_url).not.toBe(first);
    expect((await download(client, first)).status).toBe(404);
    expect((await download(client, second.json.profile.avatar_url)).status).toBe(200);

    const removed = await expectStatus(client, me.removeAvatar, 200, { params: {} });
    expect(removed.profile.avatar_url).toBeNull();
    expect((await download(client, second.json.profile.avatar_url)).status).toBe(404);
  });
});

describe('sessions', () => {
  it('lists my live sessions, the current one first and marked', async () => {
    const user = await createUser(t);
    const laptop = await signIn(t, user);
    await signIn(t, user);
    await signIn(t, await createUser(t));
    const { sessions } = await expectStatus(laptop, me.sessions, 200, { params: {} });
    expect(sessions.data).toHaveLength(2);
    expect(sessions.data.map((s) => s.current)).toEqual([true, false]);
    expect(sessions.meta).toMatchObject({ page: 1, total: 2 });
    expect(sessions.data[0]).toEqual({
      id: expect.any(String),
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      user_agent: null,
      ip: null,
      current: true,
    });
  });

  it('ends one other session: that browser is signed out (401), this one is not', async () => {
    const user = await createUser(t);
    const laptop = await signIn(t, user);
    const phone = await signIn(t, user);
    const phoneSession = (await expectOk(phone, me.sessions, { params: {} })).sessions.data.find((s) => s.current)?.id ?? '';
    await expectStatus(laptop, me.endSession, 204, { params: { sessionId: phoneSession } });
    await expectStatus(phone, auth.get, 401, { params: {} });
    await expectStatus(laptop, auth.get, 200, { params: {} });
    await expectStatus(laptop, me.endSession, 404, { params: { sessionId: phoneSession } });
  });

  it("refuses to end the current session that way (422) and another user's session (404)", async () => {
    const user = await createUser(t);
    const laptop = await signIn(t, user);
    const own = (await expectOk(laptop, me.sessions, { params: {} })).sessions.data[0]?.id ?? '';
    const current = await expectStatus(laptop, me.endSession, 422, { params: { sessionId: own } });
    expect(current.errors).toEqual({ session: ['This is the session you are using. Log out instead.'] });
    const other = await signIn(t, await createUser(t));
    const theirs = (await expectOk(other, me.sessions, { params: {} })).sessions.data[0]?.id ?? '';
    await expectStatus(laptop, me.endSession, 404, { params: { sessionId: theirs } });
    await expectStatus(other, auth.get, 200, { params: {} });
    await expectStatus(laptop, me.endSession, 404, { params: { sessionId: 'not-a-uuid' } });
  });

  it('signs out everywhere else: every other session dies, the current one lives', async () => {
    const user = await createUser(t);
    const laptop = await signIn(t, user);
    const phone = await signIn(t, user);
    const tablet = await signIn(t, user);
    const bystander = await signIn(t, await createUser(t));
    const res = await expectStatus(laptop, me.endOtherSessions, 200, { params: {} });
    expect(res).toEqual({ ended: 2 });
    await expectStatus(phone, auth.get, 401, { params: {} });
    await expectStatus(tablet, auth.get, 401, { params: {} });
    await expectStatus(laptop, auth.get, 200, { params: {} });
    await expectStatus(bystander, auth.get, 200, { params: {} });
    expect((await expectOk(laptop, me.sessions, { params: {} })).sessions.data).toHaveLength(1);
  });
});
