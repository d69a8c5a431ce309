import { HIRE_DOCUMENT_MAX_BYTES, ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import { sniffImageType } from '../../lib/images.ts';
import {
  acceptOneFileUploads,
  checkUploadedFile,
  DOCUMENT_TYPES,
  receiveUploadedFile,
  sendStoredFile,
  sniffDocument,
} from '../../lib/uploaded-files.ts';
import type { FileService, StoredFile } from '../files/service.ts';
import type { HireFileType, HireFileUpload } from './service.ts';

const IMAGES: HireFileType[] = [
  { contentType: 'image/png', extension: 'png' },
  { contentType: 'image/jpeg', extension: 'jpg' },
];
const KNOWN: readonly HireFileType[] = [...DOCUMENT_TYPES, ...IMAGES];

/** PDF, DOC, DOCX, PNG or JPEG by the file's first bytes (the name and declared type are not trusted); else null. */
function sniffHireFile(bytes: Buffer): HireFileType | null {
  const document = sniffDocument(bytes);
  if (document) return document;
  const image = sniffImageType(bytes);
  return IMAGES.find((k) => k.contentType === image) ?? null;
}

/** Lets the routes of the calling plugin take one multipart file of at most 10 MB. */
export async function acceptHireFileUploads(app: FastifyInstance) {
  await acceptOneFileUploads(app, { fileSize: HIRE_DOCUMENT_MAX_BYTES });
}

const tooLarge = () => new AppError('payload_too_large', ONBOARDING_TEXTS.fileTooLarge, { file: [ONBOARDING_TEXTS.fileTooLarge] });

/** Reads multipart `file` and checks its type by its bytes. Nothing is stored here: a refused upload changes nothing. */
export async function readHireFileUpload(request: FastifyRequest): Promise<HireFileUpload> {
  const received = await receiveUploadedFile(request, tooLarge);
  const file = checkUploadedFile(received, { maxBytes: HIRE_DOCUMENT_MAX_BYTES, sniff: sniffHireFile, fallbackName: 'document' });
  if (file.ok) return { bytes: file.bytes, filename: file.filename, type: file.type };
  if (file.problem === 'too_large') throw tooLarge();
  const message = file.problem === 'missing' ? ONBOARDING_TEXTS.fileMissing : ONBOARDING_TEXTS.fileType;
  throw validationFailed({ file: [message] }, message);
}

/** Sends a hire's document as a download (after the route authorised the caller), never as a page of the app. */
export function sendHireFile(reply: FastifyReply, files: FileService, file: StoredFile) {
  return sendStoredFile(reply, files.storage, file, { types: KNOWN, notFound: ONBOARDING_TEXTS.fileNotUploaded });
}
