import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/lib/images.ts';
import { UnsafeKeyError, assertSafeKey, createLocalStorage, createS3Storage, type Storage } from '../src/lib/storage.ts';
import { storedFiles } from '../src/db/schema/outbox.ts';
import { createOrganisation, createUser, signIn, startTestApp, type TestApp } from './harness.ts';
import { download, pngOf } from './uploads.ts';

async function text(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** put → get → remove, and a missing key reads as null: what every Storage must do. */
async function exerciseStorage(storage: Storage) {
  await storage.put('avatars/u1/f1.webp', Buffer.from('first bytes'), 'image/webp');
  const got = await storage.get('avatars/u1/f1.webp');
  expect(got).not.toBeNull();
  expect(got!.size).toBe(11);
  expect(await text(got!.stream)).toBe('first bytes');
  await storage.put('avatars/u1/f1.webp', Buffer.from('second'), 'image/webp');
  expect(await text((await storage.get('avatars/u1/f1.webp'))!.stream)).toBe('second');
  await storage.remove('avatars/u1/f1.webp');
  expect(await storage.get('avatars/u1/f1.webp')).toBeNull();
  await storage.remove('avatars/u1/f1.webp'); // removing twice is fine
  expect(await storage.get('never/was.png')).toBeNull();
}

describe('storage keys', () => {
  it.each(['../etc/passwd', 'a/../../b', '/abs/path', 'a//b', '', 'a/./b', 'a\\b', 'dir/', '.hidden', 'a/..', 'x'.repeat(600), 'sp ace'])(
    'refuses %j',
    (key) => {
      expect(() => assertSafeKey(key)).toThrow(UnsafeKeyError);
    },
  );

  it.each(['avatars/5d0c/0f1e.webp', 'organisations/abc/logo/x.png', 'a_b-c.d'])('accepts %j', (key) => {
    expect(() => assertSafeKey(key)).not.toThrow();
  });
});

describe('local storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'hireloop-files-'));
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('puts, gets and removes files under its root', async () => {
    await exerciseStorage(createLocalStorage(root));
  });

  it('keeps files inside the root and never touches anything outside it', async () => {
    const outer = await mkdtemp(path.join(root, 'outer-'));
    const storage = createLocalStorage(path.join(outer, 'inner'));
    await storage.put('a/b.png', Buffer.from('x'), 'image/png');
    expect(await readdir(path.join(outer, 'inner', 'a'))).toEqual(['b.png']);
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(UnsafeKeyError);
    await expect(storage.get('../inner/a/b.png')).rejects.toThrow(UnsafeKeyError);
    await expect(storage.remove('../../etc/hosts')).rejects.toThrow(UnsafeKeyError);
    expect(await readdir(outer)).toEqual(['inner']);
  });
});

/**
 * The S3 implementation against an in-process stand-in for the S3 REST API (path-style
 * PUT/GET/DELETE object): no network, no real S3. It proves the SDK calls and our handling of
 * bodies, types and missing keys; signatures are not verified.
 */
describe('S3 storage (against a local fake of the S3 object API)', () => {
  let server: Server;
  let endpoint: string;
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: string[] = [];

  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(`${req.method} ${url.pathname} ${req.headers.authorization ? 'signed' : 'unsigned'}`);
    const key = decodeURIComponent(url.pathname);
    if (req.method === 'PUT') {
      let bytes = await body(req);
      // The SDK may send aws-chunked bodies with a trailing checksum; unwrap the single data chunk.
      if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
        const s = bytes.toString('latin1');
        const size = parseInt(s.slice(0, s.indexOf('\r\n')), 16);
        const start = s.indexOf('\r\n') + 2;
        bytes = bytes.subarray(start, start + size);
      }
      objects.set(key, { body: bytes, type: String(req.headers['content-type'] ?? '') });
      res.writeHead(200, { etag: '"x"' }).end();
    } else if (req.method === 'GET') {
      const o = objects.get(key);
      if (!o) {
        res
          .writeHead(404, { 'content-type': 'application/xml' })
          .end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': o.type, 'content-length': String(o.body.length) }).end(o.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  };

  beforeAll(async () => {
    // A request the fake cannot read (the SDK aborted it) fails that request, not the test run.
    server = createServer((req, res) => {
      handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and removes objects in the bucket, path-style and signed', async () => {
    const storage = createS3Storage({ bucket: 'hireloop-test', endpoint, region: 'eu-west-1', accessKeyId: 'AKIA', secretAccessKey: 's' });
    await exerciseStorage(storage);
    expect(seen.some((s) => s.startsWith('PUT /hireloop-test/avatars/u1/f1.webp signed'))).toBe(true);
    await storage.put('organisations/o/logo/l.png', Buffer.from('png'), 'image/png');
    expect(objects.get('/hireloop-test/organisations/o/logo/l.png')?.type).toBe('image/png');
    expect((await storage.get('organisations/o/logo/l.png'))?.contentType).toBe('image/png');
  });

  it('refuses unsafe keys before calling S3', async () => {
    const before = seen.length;
    const storage = createS3Storage({ bucket: 'b', endpoint, region: 'eu-west-1', accessKeyId: 'a', secretAccessKey: 's' });
    await expect(storage.put('../x', Buffer.from('x'), 'image/png')).rejects.toThrow(UnsafeKeyError);
    expect(seen.length).toBe(before);
  });
});

describe('image sniffing', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes, and nothing else', async () => {
    expect(sniffImageType(await pngOf(2, 2))).toBe('image/png');
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from('<!doctype html><html>'))).toBeNull();
    expect(sniffImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('serving stored files', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hireloop-serve-'));
    t = await startTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never serves a stored file as HTML, even if its row says text/html: a nosniff download instead', async () => {
    const owner = await createUser(t);
    const org = await createOrganisation(t, owner);
    // A row as a bug or a tampered database might leave it.
    const key = `organisations/${org.id}/logo/00000000-0000-4000-8000-000000000001.png`;
    await createLocalStorage(path.join(dataDir, 'files')).put(key, Buffer.from('<script>alert(1)</script>'), 'text/html');
    await t.database.db.insert(storedFiles).values({ organisationId: org.id, key, filename: 'x.html', contentType: 'text/html', size: 25 });
    const res = await download(await signIn(t, owner), `/api/v1/organisation/${org.id}/logo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="x.html"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await readFile(path.join(dataDir, 'files', key), 'utf8')).toContain('script');
  });

  it('answers 404 when the row exists but the bytes are gone', async () => {
    const owner = await createUser(t);
    const org = await createOrganisation(t, owner);
    await t.database.db.insert(storedFiles).values({
      organisationId: org.id,
      key: `organisations/${org.id}/logo/00000000-0000-4000-8000-000000000002.png`,
      filename: 'logo.png',
      contentType: 'image/png',
      size: 10,
    });
    expect((await download(await signIn(t, owner), `/api/v1/organisation/${org.id}/logo`)).status).toBe(404);
  });
});
