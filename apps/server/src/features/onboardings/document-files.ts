import fastifyMultipart from '@fastify/multipart';
import { HIRE_DOCUMENT_MAX_BYTES, ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import { sniffImageType } from '../../lib/images.ts';
import { sniffDocument } from '../candidates/documents.ts';
import type { FileService, StoredFile } from '../files/service.ts';

export type HireFileType = { contentType: string; extension: 'pdf' | 'doc' | 'docx' | 'png' | 'jpg' };
export type HireFileUpload = { bytes: Buffer; filename: string; type: HireFileType };

const KNOWN: HireFileType[] = [
  { contentType: 'application/pdf', extension: 'pdf' },
  { contentType: 'application/msword', extension: 'doc' },
  { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  { contentType: 'image/png', extension: 'png' },
  { contentType: 'image/jpeg', extension: 'jpg' },
];

/** PDF, DOC, DOCX, PNG or JPEG by the file's first bytes (the name and declared type are not trusted); else null. */
export function sniffHireFile(bytes: Buffer): HireFileType | null {
  const document = sniffDocument(bytes);
  if (document) return document;
  const image = sniffImageType(bytes);
  return KNOWN.find((k) => k.contentType === image) ?? null;
}

/** Lets the routes of the calling plugin take one multipart file of at most 10 MB. */
export async function acceptHireFileUploads(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: HIRE_DOCUMENT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
}

const tooLarge = () => new AppError('payload_too_large', ONBOARDING_TEXTS.fileTooLarge, { file: [ONBOARDING_TEXTS.fileTooLarge] });
const missing = () => validationFailed({ file: [ONBOARDING_TEXTS.fileMissing] }, ONBOARDING_TEXTS.fileMissing);

/** Reads multipart `file` and checks its type by its bytes. Nothing is stored here: a refused upload changes nothing. */
export async function readHireFileUpload(request: FastifyRequest): Promise<HireFileUpload> {
  if (!request.isMultipart()) throw missing();
  let bytes: Buffer | undefined;
  let filename = 'document';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      filename = part.filename || filename;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationFailed({ file: ['Send one file at a time.'] });
    }
    throw new AppError('bad_request', 'The upload could not be read. Try again.');
  }
  if (!bytes || bytes.length === 0) throw missing();
  if (bytes.length > HIRE_DOCUMENT_MAX_BYTES) throw tooLarge();
  const type = sniffHireFile(bytes);
  if (!type) throw validationFailed({ file: [ONBOARDING_TEXTS.fileType] }, ONBOARDING_TEXTS.fileType);
  return { bytes, filename: cleanFilename(filename, type.extension), type };
}

/** No path, no control characters or quotes, the extension of what it really is. */
function cleanFilename(name: string, extension: string) {
  const base =
    [...(name.split(/[\\/]/).pop() ?? '')]
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
      .join('')
      .trim()
      .slice(0, 200) || 'document';
  const stem = base.replace(/\.[^.]*$/, '') || 'document';
  return `${stem}.${extension}`;
}

const asciiFilename = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'file';

/** Sends a hire's document as a download (after the route authorised the caller), never as a page of the app. */
export async function sendHireFile(reply: FastifyReply, files: FileService, file: StoredFile) {
  const object = await files.storage.get(file.key);
  if (!object) {
    reply.log.warn({ key: file.key }, 'stored file row without bytes');
    throw new AppError('not_found', ONBOARDING_TEXTS.fileNotUploaded);
  }
  const known = KNOWN.find((t) => t.contentType === file.contentType);
  return reply
    .type(known?.contentType ?? 'application/octet-stream')
    .header('content-length', String(object.size || file.size))
    .header(
      'content-disposition',
      `attachment; filename="${asciiFilename(file.filename)}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(object.stream);
}
