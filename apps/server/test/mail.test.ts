import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { devMailbox, outbox } from '../src/db/schema/outbox.ts';
import { devMailboxRoutes } from '../src/features/mail/routes.ts';
import { enqueueMail } from '../src/features/mail/service.ts';
import { backoffMs, OUTBOX_MAX_ATTEMPTS } from '../src/features/outbox/service.ts';
import { registerErrorHandling } from '../src/http/errors.ts';
import { purgeOutbox } from '../src/jobs/outbox-retention.ts';
import { startOutboxWorker, type OutboxWorker } from '../src/jobs/outbox-worker.ts';
import { Client, freePort, startTestApp, type TestApp } from './harness.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

let t: TestApp;
let smtp: SmtpSink;
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await t.database.db.delete(outbox);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A worker as serve.ts starts one, but run by hand (`runOnce`) unless an interval is given. */
function worker(env: Record<string, string> = {}, intervalMs = 0) {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const w = startOutboxWorker({ db: t.database.db, config, log: t.app.log, intervalMs });
  workers.push(w);
  return w;
}

const jobs = () => t.database.db.select().from(outbox);
const secondsUntil = (d: Date) => (d.getTime() - Date.now()) / 1000;

describe('mail over SMTP', () => {
  it('delivers a queued mail with text, HTML and an attachment, from MAIL_FROM, and marks the job done', async () => {
    const before = smtp.received.length;
    await enqueueMail(t.database.db, {
      to: 'ada@example.test',
      subject: 'Your offer',
      text: 'Hello Ada,\nsee the attached letter.',
      html: '<p>Hello Ada, see the attached letter.</p>',
      attachments: [{ filename: 'offer.txt', contentType: 'text/plain', content: Buffer.from('Offer letter').toString('base64') }],
    });
    const result = await worker({ SMTP_URL: smtp.url, MAIL_FROM: 'Northwind <jobs@northwind.example>' }).runOnce();
    expect(result).toEqual({ delivered: 1, retried: 0, failed: 0 });

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail).toMatchObject({
      envelopeTo: ['ada@example.test'],
      from: '"Northwind" <jobs@northwind.example>',
      subject: 'Your offer',
      text: 'Hello Ada,\nsee the attached letter.',
      html: '<p>Hello Ada, see the attached letter.</p>',
    });
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: 'offer.txt', contentType: 'text/plain' });
    expect(mail!.attachments[0]!.content.toString()).toBe('Offer letter');

    const [job] = await jobs();
    expect(job).toMatchObject({ kind: 'mail', status: 'done', attempts: 0, lastError: null, lockedUntil: null });
    expect(job!.doneAt).toBeInstanceOf(Date);
  });

  it('keeps a mail queued in a transaction that rolls back out of the outbox', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'nobody@example.test', subject: 'Never', text: 'Never sent.' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobs()).toEqual([]);
  });

  it('refuses an unusable mail at enqueue time', async () => {
    await expect(enqueueMail(t.database.db, { to: 'x', subject: '', text: '' })).rejects.toThrow();
    expect(await jobs()).toEqual([]);
  });

  it('retries with back-off when the SMTP server refuses connections, and a later worker delivers it', async () => {
    const closedPort = await freePort();
    const before = smtp.received.length;
    await enqueueMail(t.database.db, { to: 'grace@example.test', subject: 'Retry me', text: 'Second time lucky.' });

    const failing = worker({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
    expect(await failing.runOnce()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [job] = await jobs();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(secondsUntil(job!.nextAttemptAt)).toBeGreaterThan(25);
    expect(secondsUntil(job!.nextAttemptAt)).toBeLessThanOrEqual(30);

    // Not due yet: nothing happens.
    expect(await failing.runOnce()).toEqual({ delivered: 0, retried: 0, failed: 0 });

    // Once due, a second failure waits twice as long.
    await t.database.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    expect(await failing.runOnce()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    [job] = await jobs();
    expect(job!.attempts).toBe(2);
    expect(secondsUntil(job!.nextAttemptAt)).toBeGreaterThan(55);
    expect(secondsUntil(job!.nextAttemptAt)).toBeLessThanOrEqual(60);
    await failing.stop();

    // After a restart with a working server, the queued mail goes out: nothing was lost.
    await t.database.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    expect(await worker({ SMTP_URL: smtp.url }).runOnce()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail).toMatchObject({ subject: 'Retry me', envelopeTo: ['grace@example.test'] });
    [job] = await jobs();
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up after the last attempt and keeps the last error', async () => {
    const closedPort = await freePort();
    await enqueueMail(t.database.db, { to: 'lost@example.test', subject: 'Lost', text: 'Lost.' });
    await t.database.db.update(outbox).set({ attempts: OUTBOX_MAX_ATTEMPTS - 1 });
    expect(await worker({ SMTP_URL: `smtp://127.0.0.1:${closedPort}` }).runOnce()).toEqual({ delivered: 0, retried: 0, failed: 1 });
    const [job] = await jobs();
    expect(job).toMatchObject({ status: 'failed', attempts: OUTBOX_MAX_ATTEMPTS });
    expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('gives up at once on a payload that can never be sent', async () => {
    await t.database.db.insert(outbox).values({ kind: 'mail', payload: { to: 'x@example.test' } });
    expect(await worker({ SMTP_URL: smtp.url }).runOnce()).toEqual({ delivered: 0, retried: 0, failed: 1 });
    const [job] = await jobs();
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job!.lastError).toContain('invalid mail payload');
  });

  it('backs off 30 s · 2^(attempt − 1), at most an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600]);
  });

  it('delivers each mail once when two workers run at the same time', async () => {
    const before = smtp.received.length;
    for (let i = 0; i < 6; i++) await enqueueMail(t.database.db, { to: `team${i}@example.test`, subject: `Batch ${i}`, text: 'Hi.' });
    const [a, b] = await Promise.all([worker({ SMTP_URL: smtp.url }).runOnce(), worker({ SMTP_URL: smtp.url }).runOnce()]);
    expect(a!.delivered + b!.delivered).toBe(6);
    const arrived = (await smtp.waitFor(before + 6)).slice(before);
    expect(arrived.map((m) => m.subject).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `Batch ${i}`));
    expect((await jobs()).every((j) => j.status === 'done')).toBe(true);
  });

  it('polls on its own when started with an interval', async () => {
    const before = smtp.received.length;
    worker({ SMTP_URL: smtp.url }, 20);
    await enqueueMail(t.database.db, { to: 'poll@example.test', subject: 'Polled', text: 'Found by the poll.' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.subject).toBe('Polled');
  });
});

describe('the development mailbox', () => {
  it('receives mail when SMTP_URL is not set, and lists it newest first with every value escaped', async () => {
    await t.database.db.delete(devMailbox);
    await enqueueMail(t.database.db, { to: 'first@example.test', subject: 'First', text: 'One.' });
    await enqueueMail(t.database.db, {
      to: 'eve@example.test',
      subject: '<script>alert(1)</script> & more',
      text: 'Open https://app.example/invitations/abc?x=1&y=2 now.\n<b>not bold</b>',
      html: '<p onclick="evil()">Hi</p>',
    });
    expect((await worker().runOnce()).delivered).toBe(2);

    const browser = new Client(t.baseUrl);
    const list = await browser.get('/dev/mailbox', { headers: { accept: 'text/html' } });
    expect(list.status).toBe(200);
    expect(list.headers.get('content-type')).toContain('text/html');
    expect(list.text).not.toContain('<script>');
    expect(list.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(list.text.indexOf('&lt;script&gt;')).toBeLessThan(list.text.indexOf('First'));

    const id = /href="\/dev\/mailbox\/([0-9a-f-]{36})">&lt;script/.exec(list.text)?.[1];
    expect(id).toBeDefined();
    const detail = await browser.get(`/dev/mailbox/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain('<a href="https://app.example/invitations/abc?x=1&amp;y=2">');
    expect(detail.text).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(detail.text).toContain('&lt;p onclick=&quot;evil()&quot;&gt;Hi&lt;/p&gt;');
    expect(detail.text).not.toContain('<p onclick');
    expect(detail.text).not.toMatch(/<script/i);
    expect(detail.text).toContain('Hireloop &lt;no-reply@hireloop.local&gt;');
  });

  it('answers 404 for an unknown or malformed message id', async () => {
    const browser = new Client(t.baseUrl);
    expect((await browser.get('/dev/mailbox/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await browser.get('/dev/mailbox/nope')).status).toBe(404);
  });

  it('does not exist in production', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(devMailboxRoutes(t.database.db, { production: true }));
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    await app.close();
  });

  it('in production without SMTP_URL keeps mail queued with a clear error instead of dropping it', async () => {
    await enqueueMail(t.database.db, { to: 'prod@example.test', subject: 'Prod', text: 'Prod.' });
    const config = { env: 'production' as const, mail: { smtpUrl: undefined, from: 'Hireloop <no-reply@hireloop.local>' } };
    const w = startOutboxWorker({ db: t.database.db, config, log: t.app.log, intervalMs: 0 });
    workers.push(w);
    expect(await w.runOnce()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [job] = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
    expect(job!.lastError).toContain('SMTP_URL is not set');
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM, with a default sender, and refuses a non-SMTP URL', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Hireloop <no-reply@hireloop.local>' });
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465', MAIL_FROM: 'HR <hr@example.com>' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'HR <hr@example.com>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
  });
});

describe('outbox retention', () => {
  const DAY = 86_400_000;

  it('reads OUTBOX_RETENTION_DAYS: 30 by default, a whole number of days of at least 1', () => {
    expect(loadConfig({}).outboxRetentionDays).toBe(30);
    expect(loadConfig({ OUTBOX_RETENTION_DAYS: '7' }).outboxRetentionDays).toBe(7);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' })).toThrow(/OUTBOX_RETENTION_DAYS/);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: 'soon' })).toThrow(/OUTBOX_RETENTION_DAYS/);
  });

  it('purges delivered and failed jobs, and dev mailbox mail, older than the period; pending jobs stay, however old', async () => {
    const db = t.database.db;
    await db.delete(devMailbox);
    await enqueueMail(db, { to: 'delivered@example.test', subject: 'Delivered', text: 'Sent long ago.' });
    expect((await worker().runOnce()).delivered).toBe(1);
    await enqueueMail(db, { to: 'failed@example.test', subject: 'Failed', text: 'Never went out.' });
    await db
      .update(outbox)
      .set({ status: 'failed', lastError: 'refused' })
      .where(sql`payload->>'to' = 'failed@example.test'`);
    await enqueueMail(db, { to: 'pending@example.test', subject: 'Pending', text: 'Still to go.' });
    await db
      .update(outbox)
      .set({ createdAt: new Date(Date.now() - 400 * DAY), nextAttemptAt: new Date(Date.now() + DAY) })
      .where(sql`payload->>'to' = 'pending@example.test'`);
    expect(await db.select().from(devMailbox)).toHaveLength(1);

    const now = Date.now();
    expect(await purgeOutbox(db, { retentionDays: 30, now: new Date(now + 29 * DAY) })).toEqual({ jobs: 0, devMail: 0 });
    expect(await jobs()).toHaveLength(3);

    expect(await purgeOutbox(db, { retentionDays: 30, now: new Date(now + 31 * DAY) })).toEqual({ jobs: 2, devMail: 1 });
    expect((await jobs()).map((j) => (j.payload as { to: string }).to)).toEqual(['pending@example.test']);
    expect(await db.select().from(devMailbox)).toEqual([]);

    // A shorter setting purges sooner.
    await enqueueMail(db, { to: 'weekly@example.test', subject: 'Weekly', text: 'Short retention.' });
    expect((await worker().runOnce()).delivered).toBe(1);
    expect(await purgeOutbox(db, { retentionDays: 7, now: new Date(now + 6 * DAY) })).toEqual({ jobs: 0, devMail: 0 });
    expect(await purgeOutbox(db, { retentionDays: 7, now: new Date(now + 8 * DAY) })).toEqual({ jobs: 1, devMail: 1 });
  });
});
