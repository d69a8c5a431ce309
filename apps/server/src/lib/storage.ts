import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import { randomToken } from './tokens.ts';

/** A stored object as read back: its bytes as a stream and what the store knows about it. */
export type StoredObject = { stream: Readable; size: number; contentType: string | null };

/**
 * Where uploaded bytes live. Keys are relative paths such as `avatars/{user}/{file}.webp`;
 * metadata (owner, name, type, size) is kept in the `stored_files` table, not here.
 */
export type Storage = {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
};

export type S3Settings = { bucket: string; endpoint: string | undefined; region: string; accessKeyId: string; secretAccessKey: string };

export class UnsafeKeyError extends Error {}

/** Segments of lowercase letters, digits, dots, dashes and underscores; no `.`/`..`, no leading slash. */
const SEGMENT = /^[a-z0-9_-][a-z0-9._-]{0,127}$/i;

/** Throws unless the key is a plain relative path that cannot climb out of the store. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const ok = key.length > 0 && key.length <= 512 && segments.every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'));
  if (!ok) throw new UnsafeKeyError(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
}

/** Files under one directory (DATA_DIR/files by default). */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    const file = path.resolve(base, ...key.split('/'));
    // Belt and braces: the resolved path must stay inside the root.
    if (!file.startsWith(base + path.sep)) throw new UnsafeKeyError('storage key escapes the root');
    return file;
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const temp = `${file}.${randomToken().slice(0, 12)}.tmp`;
      await writeFile(temp, bytes, { mode: 0o640 });
      await rename(temp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { stream: createReadStream(file), size: info.size, contentType: null };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2…). The SDK is loaded on first use, so a server that
 * stores files locally never loads it. A custom endpoint uses path-style addressing.
 */
export function createS3Storage(settings: S3Settings): Storage {
  type S3Module = typeof S3;
  let loaded: Promise<{ sdk: S3Module; client: InstanceType<S3Module['S3Client']> }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    })));
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        if (!out.Body) return null;
        const body = out.Body as Readable | { transformToWebStream(): ReadableStream };
        const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as never);
        return { stream, size: out.ContentLength ?? 0, contentType: out.ContentType ?? null };
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      assertSafeKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
  };
}

/** S3 when a bucket is configured, else DATA_DIR/files. */
export function createStorage(config: { dataDir: string; s3: S3Settings | null }): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
