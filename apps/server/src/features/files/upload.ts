import fastifyMultipart from '@fastify/multipart';
import { IMAGE_ERRORS, MAX_IMAGE_BYTES } from '@hireloop/contract/files';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import {
  ImageDecodeError,
  ImageTooLargeError,
  processImage,
  sniffImageType,
  type ImagePurpose,
  type ProcessedImage,
} from '../../lib/images.ts';

/**
 * Lets the routes of the calling plugin (only those: Fastify encapsulates it) take one
 * multipart image of at most 2 MB. JSON stays the only body type everywhere else.
 */
export async function acceptImageUploads(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 },
  });
}

const tooLarge = (field: string) => new AppError('payload_too_large', IMAGE_ERRORS.tooLarge, { [field]: [IMAGE_ERRORS.tooLarge] });
const notAnImage = (field: string) => validationFailed({ [field]: [IMAGE_ERRORS.notAnImage] });

/**
 * Reads the image sent in multipart field `field`, checks it by its first bytes (PNG, JPEG,
 * WebP, GIF: the name and declared type are not trusted) and re-encodes it for `purpose`.
 * Nothing is stored here: a refused upload changes nothing.
 */
export async function readImageUpload(request: FastifyRequest, field: string, purpose: ImagePurpose): Promise<ProcessedImage> {
  if (!request.isMultipart()) throw validationFailed({ [field]: [IMAGE_ERRORS.missing] });
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(field);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationFailed({ [field]: ['Send one image at a time.'] });
    }
    throw new AppError('bad_request', 'The upload could not be read. Try again.');
  }
  if (!bytes || bytes.length === 0) throw validationFailed({ [field]: [IMAGE_ERRORS.missing] });
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge(field);
  if (!sniffImageType(bytes)) throw notAnImage(field);
  try {
    return await processImage(bytes, purpose);
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw validationFailed({ [field]: [IMAGE_ERRORS.tooManyPixels] });
    if (error instanceof ImageDecodeError) throw notAnImage(field);
    throw error;
  }
}
