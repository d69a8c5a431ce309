import { IMAGE_CONTENT_TYPES } from '@hireloop/contract/files';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../http/errors.ts';
import type { FileService, StoredFile } from './service.ts';

/** Types a browser may show inline. Anything else is a download; nothing is ever served as HTML or script. */
const INLINE_TYPES = new Set<string>(IMAGE_CONTENT_TYPES);

const asciiFilename = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'file';

/**
 * Sends a stored file after the route has authorised the caller. The stored content type is
 * trusted only when it is an image type; `nosniff` stops the browser from guessing another,
 * and the file's own CSP sandboxes it should it ever be opened as a document.
 */
export async function sendStoredFile(reply: FastifyReply, files: FileService, file: StoredFile, cacheControl: string) {
  const object = await files.storage.get(file.key);
  if (!object) {
    reply.log.warn({ key: file.key }, 'stored file row without bytes');
    throw notFound();
  }
  const inline = INLINE_TYPES.has(file.contentType);
  return reply
    .type(inline ? file.contentType : 'application/octet-stream')
    .header('content-length', String(object.size || file.size))
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${asciiFilename(file.filename)}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', cacheControl)
    .send(object.stream);
}
