import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Whether `value` has the shape randomToken makes (43 URL-safe characters): anything else names nothing. */
export const isRandomToken = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Constant-time string comparison (different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
