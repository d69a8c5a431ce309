import fastifyMultipart from '@fastify/multipart';
import { CANDIDATE_FILE_KINDS, CANDIDATE_TEXTS, MAX_DOCUMENT_BYTES, type CandidateFileKind } from '@hireloop/contract/candidates';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { FileService, StoredFile } from '../files/service.ts';

export type DocumentType = { contentType: string; extension: 'pdf' | 'doc' | 'docx' };

const PDF: DocumentType = { contentType: 'application/pdf', extension: 'pdf' };
const DOC: DocumentType = { contentType: 'application/msword', extension: 'doc' };
const DOCX: DocumentType = { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' };

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

/** Lets the routes of the calling plugin take one multipart document of at most 10 MB. */
export async function acceptDocumentUploads(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
}

const tooLarge = () => new AppError('payload_too_large', CANDIDATE_TEXTS.documentTooLarge, { file: [CANDIDATE_TEXTS.documentTooLarge] });
const missing = () => validationFailed({ file: [CANDIDATE_TEXTS.documentMissing] });

export type DocumentUpload = { bytes: Buffer; filename: string; kind: CandidateFileKind; type: DocumentType };

/** Reads `file` and `kind` from the multipart body and checks the document's type by its bytes. Nothing is stored here. */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  if (!request.isMultipart()) throw missing();
  let bytes: Buffer | undefined;
  let filename = 'document';
  let kind: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'kind' && typeof part.value === 'string') kind = part.value;
        continue;
      }
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
  const errors: Record<string, string[]> = {};
  const chosenKind = kind === undefined || kind === '' ? 'resume' : kind;
  if (!(CANDIDATE_FILE_KINDS as readonly string[]).includes(chosenKind)) errors.kind = ['Choose résumé, cover letter or other.'];
  if (!bytes || bytes.length === 0) errors.file = [CANDIDATE_TEXTS.documentMissing];
  else if (bytes.length > MAX_DOCUMENT_BYTES) throw tooLarge();
  const type = bytes && bytes.length > 0 ? sniffDocument(bytes) : null;
  if (bytes && bytes.length > 0 && !type) errors.file = [CANDIDATE_TEXTS.documentType];
  if (Object.keys(errors).length > 0 || !bytes || !type) throw validationFailed(errors);
  return { bytes, filename: cleanFilename(filename, type.extension), kind: chosenKind as CandidateFileKind, type };
}

/** The name as shown and offered on download: no path, no control characters, the extension of what it really is. */
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

/**
 * Sends a candidate document after the route has authorised the caller: its own content type
 * (only the three document types are ever stored), a download unless `inline` is asked for a PDF,
 * `nosniff`, and a sandboxing CSP so it can never run as a page of the app.
 */
export async function sendDocument(reply: FastifyReply, files: FileService, file: StoredFile, inline: boolean) {
  const object = await files.storage.get(file.key);
  if (!object) {
    reply.log.warn({ key: file.key }, 'stored file row without bytes');
    throw new AppError('not_found', CANDIDATE_TEXTS.fileNotFound);
  }
  const known = [PDF, DOC, DOCX].find((t) => t.contentType === file.contentType);
  const contentType = known?.contentType ?? 'application/octet-stream';
  const disposition = inline && known === PDF ? 'inline' : 'attachment';
  return reply
    .type(contentType)
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
