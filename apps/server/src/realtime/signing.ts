import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 as lowercase hex: the one primitive of the Pusher protocol's signatures. */
export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

/** Compares two strings in time independent of where they differ (their lengths may differ). */
export function constantTimeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  // Compare equal-length buffers always, so a length mismatch costs the same as a content mismatch.
  const same = timingSafeEqual(createHash('sha256').update(x).digest(), createHash('sha256').update(y).digest());
  return same && x.length === y.length;
}

/**
 * The `auth` a client presents to join a private channel: `{key}:{hmac(secret, "{socket_id}:{channel}")}`.
 * (Presence channels would append `:{channel_data}`; they are not used here.)
 */
export function channelAuth(key: string, secret: string, socketId: string, channel: string): string {
  return `${key}:${hmacHex(secret, `${socketId}:${channel}`)}`;
}

export function verifyChannelAuth(key: string, secret: string, socketId: string, channel: string, auth: unknown): boolean {
  return typeof auth === 'string' && constantTimeEqual(auth, channelAuth(key, secret, socketId, channel));
}

/**
 * The string an HTTP API request signs: `METHOD\nPATH\nsorted query` where the query holds every
 * parameter but auth_signature, keys lower-cased, sorted by key, not URL-encoded.
 */
export function httpStringToSign(method: string, path: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .filter(([k]) => k !== 'auth_signature')
    .map(([k, v]) => [k.toLowerCase(), v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${query}`;
}

export function signHttpRequest(secret: string, method: string, path: string, params: Record<string, string>): string {
  return hmacHex(secret, httpStringToSign(method, path, params));
}
