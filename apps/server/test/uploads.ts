import sharp from 'sharp';
import type { Client } from './harness.ts';

/** A real PNG of the given size (a colour gradient-free block; enough for decoding and resizing). */
export function pngOf(width: number, height: number, colour = { r: 20, g: 120, b: 200, alpha: 1 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

/** Sends one file as multipart/form-data with the client's session and anti-forgery cookies. */
export function upload(
  client: Client,
  path: string,
  field: string,
  file: { bytes: Buffer; filename: string; type: string },
  method: 'POST' | 'PUT' = 'POST',
) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  return sendForm(client, path, form, method);
}

/** Sends a multipart/form-data body (the test client sends JSON only) with the client's session and anti-forgery cookies. */
export async function sendForm(client: Client, path: string, form: FormData, method: 'POST' | 'PUT' = 'POST') {
  const session = client.cookie('hireloop_session');
  const xsrf = client.cookie('XSRF-TOKEN');
  const headers: Record<string, string> = { accept: 'application/json' };
  headers.cookie = [session ? `hireloop_session=${session}` : '', xsrf ? `XSRF-TOKEN=${xsrf}` : ''].filter(Boolean).join('; ');
  if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
  const url = `${client.baseUrl}${path.startsWith('/') ? path : `/api/v1/${path}`}`;
  const res = await fetch(url, { method, headers, body: form });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  return { status: res.status, headers: res.headers, text, json: json as any };
}

/** GETs a binary response with the client's cookies. */
export async function download(client: Client, path: string) {
  const session = client.cookie('hireloop_session');
  const res = await fetch(`${client.baseUrl}${path}`, { headers: session ? { cookie: `hireloop_session=${session}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
