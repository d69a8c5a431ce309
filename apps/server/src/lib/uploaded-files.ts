import fastifyMultipart from '@fastify/multipart';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { hasControlCharacters, hasLineBreaksOrControls } from '@hireloop/contract/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../http/errors.ts';
import type { Storage } from './storage.ts';

/**
 * Uploaded documents, shared by the candidates' documents, the careers site's résumé and the
 * onboarding hires' files: the multipart reading, the size and type checks by the bytes, the
 * name kept, and the download.
 */

export type DocumentType = { contentType: string; extension: 'pdf' | 'doc' | 'docx' };

export const PDF: DocumentType = { contentType: 'application/pdf', extension: 'pdf' };
export const DOC: DocumentType = { contentType: 'application/msword', extension: 'doc' };
export const DOCX: DocumentType = {
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: 'docx',
};
export const DOCUMENT_TYPES: readonly DocumentType[] = [PDF, DOC, DOCX];

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What the document is, by its first bytes (the name and declared type are not trusted):
 * PDF (`%PDF-`), Word 97–2003 (an OLE2 compound file) or Word 2007+ (a ZIP with a `word/` entry,
 * found by walking the names of the ZIP's local file headers). Anything else: null.
 */
export function sniffDocument(bytes: Buffer): DocumentType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(OLE2)) return DOC;
  if (bytes.length >= 30 && bytes.subarray(0, 4).equals(ZIP_LOCAL_HEADER) && zipHasWordEntry(bytes)) return DOCX;
  return null;
}

/**
 * Looks at every local file header (`PK\3\4`) of the archive: the name is at offset 30, its length
 * at 26. Headers are searched for rather than walked by their sizes, which entries written with a
 * data descriptor leave at 0.
 */
function zipHasWordEntry(bytes: Buffer): boolean {
  let at = 0;
  while (at >= 0 && at + 30 <= bytes.length) {
    const nameLength = bytes.readUInt16LE(at + 26);
    const name = bytes.subarray(at + 30, at + 30 + nameLength).toString('latin1');
    if (name.startsWith('word/')) return true;
    at = bytes.indexOf(ZIP_LOCAL_HEADER, at + 4);
  }
  return false;
}

/**
 * Lets the routes of the calling plugin (only those: Fastify encapsulates it) take a multipart
 * body of one file of at most `fileSize` bytes and at most `fields` text fields of `fieldSize`.
 * With `throwFileSizeLimit: false` a larger file is cut and reported as `truncated` instead of failing the request.
 */
export async function acceptOneFileUploads(
  app: FastifyInstance,
  options: { fileSize: number; fields?: number; fieldSize?: number; throwFileSizeLimit?: boolean },
) {
  const fields = options.fields ?? 5;
  await app.register(fastifyMultipart, {
    ...(options.throwFileSizeLimit === false ? { throwFileSizeLimit: false } : {}),
    limits: { fileSize: options.fileSize, files: 1, fields, parts: fields + 1, fieldSize: options.fieldSize ?? 1024, headerPairs: 50 },
  });
}

export type ReceivedFile = { bytes: Buffer; filename: string; truncated: boolean };

/**
 * Reads a multipart body: the first file of field `fileField` (any other file is skipped), each
 * text field handed to `onField`. Errors of the body (limits, broken parts) are thrown as they come.
 */
export async function readMultipartFile(
  request: FastifyRequest,
  fileField: string,
  onField?: (name: string, value: string) => void,
): Promise<ReceivedFile | null> {
  let file: ReceivedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') onField?.(part.fieldname, part.value);
      continue;
    }
    if (part.fieldname !== fileField || file) {
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer();
    file = { bytes, filename: part.filename, truncated: part.file.truncated };
  }
  return file;
}

/** More files, parts or fields than the body may have. */
export const isMultipartLimitError = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code;
  return code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT';
};

/**
 * Reads multipart `file` for the API: null when the body is not multipart or has no such file;
 * a file over the limit throws `tooLarge()`, too many parts a 422 on `file`, a broken body a 400.
 */
export async function receiveUploadedFile(
  request: FastifyRequest,
  tooLarge: () => AppError,
  onField?: (name: string, value: string) => void,
): Promise<ReceivedFile | null> {
  if (!request.isMultipart()) return null;
  // The text rule of JSON bodies, for the text fields sent along: a field that breaks it is refused, not handed on.
  const refused: Record<string, string[]> = {};
  let file: ReceivedFile | null;
  try {
    file = await readMultipartFile(request, 'file', (name, value) => {
      if (hasControlCharacters(name) || hasControlCharacters(value))
        refused[hasControlCharacters(name) ? 'body' : name] = [ERROR_TEXTS.controlCharacters];
      else onField?.(name, value);
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (isMultipartLimitError(error)) throw validationFailed({ file: ['Send one file at a time.'] });
    throw new AppError('bad_request', 'The upload could not be read. Try again.');
  }
  if (Object.keys(refused).length > 0) throw validationFailed(refused);
  return file;
}

export type CheckedFile<T> =
  { ok: true; bytes: Buffer; filename: string; type: T } | { ok: false; problem: 'missing' | 'too_large' | 'wrong_type' };

/**
 * Checks a received file: not empty, at most `maxBytes` (and not cut), of a type `sniff` knows by
 * its bytes. The name kept is cleaned and given the extension of what the file really is.
 */
export function checkUploadedFile<T extends { extension: string }>(
  file: ReceivedFile | null,
  options: { maxBytes: number; sniff: (bytes: Buffer) => T | null; fallbackName: string },
): CheckedFile<T> {
  if (!file || file.bytes.length === 0) return { ok: false, problem: 'missing' };
  if (file.truncated || file.bytes.length > options.maxBytes) return { ok: false, problem: 'too_large' };
  const type = options.sniff(file.bytes);
  if (!type) return { ok: false, problem: 'wrong_type' };
  return { ok: true, bytes: file.bytes, filename: cleanFilename(file.filename, type.extension, options.fallbackName), type };
}

/** The name as shown and offered on download: no path, no control characters or quotes, the extension of what it really is. */
export function cleanFilename(name: string, extension: string, fallback: string) {
  const base =
    [...(name.split(/[\\/]/).pop() ?? '')]
      .filter((c) => !hasLineBreaksOrControls(c) && c !== '"')
      .join('')
      .trim()
      .slice(0, 200) || fallback;
  const stem = base.replace(/\.[^.]*$/, '') || fallback;
  return `${stem}.${extension}`;
}

const asciiFilename = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'file';

export type SentFile = { key: string; filename: string; contentType: string; size: number };

/**
 * Sends a stored file after the route has authorised the caller: its own content type when it
 * is one of `types` (else `application/octet-stream`), a download unless `inline` is asked for a PDF,
 * `nosniff`, and a sandboxing CSP so it can never run as a page of the app.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: Storage,
  file: SentFile,
  options: { types: readonly { contentType: string }[]; inline?: boolean; notFound: string },
) {
  const object = await storage.get(file.key);
  if (!object) {
    reply.log.warn({ key: file.key }, 'stored file row without bytes');
    throw new AppError('not_found', options.notFound);
  }
  const known = options.types.find((t) => t.contentType === file.contentType);
  const disposition = options.inline && known?.contentType === PDF.contentType ? 'inline' : 'attachment';
  return reply
    .type(known?.contentType ?? 'application/octet-stream')
    .header('content-length', String(object.size || file.size))
    .header(
      'content-disposition',
      `${disposition}; filename="${asciiFilename(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(object.stream);
}
