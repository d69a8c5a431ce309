import { CANDIDATE_FILE_KINDS, CANDIDATE_TEXTS, MAX_DOCUMENT_BYTES, type CandidateFileKind } from '@hireloop/contract/candidates';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import {
  acceptOneFileUploads,
  checkUploadedFile,
  DOCUMENT_TYPES,
  receiveUploadedFile,
  sendStoredFile,
  sniffDocument,
  type DocumentType,
} from '../../lib/uploaded-files.ts';
import type { FileService, StoredFile } from '../files/service.ts';

/** Lets the routes of the calling plugin take one multipart document of at most 10 MB. */
export async function acceptDocumentUploads(app: FastifyInstance) {
  await acceptOneFileUploads(app, { fileSize: MAX_DOCUMENT_BYTES });
}

const tooLarge = () => new AppError('payload_too_large', CANDIDATE_TEXTS.documentTooLarge, { file: [CANDIDATE_TEXTS.documentTooLarge] });

export type DocumentUpload = { bytes: Buffer; filename: string; kind: CandidateFileKind; type: DocumentType };

/** Reads `file` and `kind` from the multipart body and checks the document's type by its bytes. Nothing is stored here. */
export async function readDocumentUpload(request: FastifyRequest): Promise<DocumentUpload> {
  const sent: { kind?: string } = {};
  const received = await receiveUploadedFile(request, tooLarge, (name, value) => {
    if (name === 'kind') sent.kind = value;
  });
  const kind = sent.kind;
  const errors: Record<string, string[]> = {};
  const chosenKind = kind === undefined || kind === '' ? 'resume' : kind;
  if (!(CANDIDATE_FILE_KINDS as readonly string[]).includes(chosenKind)) errors.kind = ['Choose résumé, cover letter or other.'];
  const file = checkUploadedFile(received, { maxBytes: MAX_DOCUMENT_BYTES, sniff: sniffDocument, fallbackName: 'document' });
  if (!file.ok && file.problem === 'too_large') throw tooLarge();
  if (!file.ok) errors.file = [file.problem === 'missing' ? CANDIDATE_TEXTS.documentMissing : CANDIDATE_TEXTS.documentType];
  if (Object.keys(errors).length > 0 || !file.ok) throw validationFailed(errors);
  return { bytes: file.bytes, filename: file.filename, kind: chosenKind as CandidateFileKind, type: file.type };
}

/**
 * Sends a candidate document after the route has authorised the caller: its own content type
 * (only the three document types are ever stored), a download unless `inline` is asked for a PDF,
 * `nosniff`, and a sandboxing CSP so it can never run as a page of the app.
 */
export function sendDocument(reply: FastifyReply, files: FileService, file: StoredFile, inline: boolean) {
  return sendStoredFile(reply, files.storage, file, { types: DOCUMENT_TYPES, inline, notFound: CANDIDATE_TEXTS.fileNotFound });
}
