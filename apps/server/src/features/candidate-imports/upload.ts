import fastifyMultipart from '@fastify/multipart';
import { CANDIDATE_TEXTS, IMPORT_MAX_BYTES } from '@hireloop/contract/candidates';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { hasControlCharacters, hasLineBreaksOrControls } from '@hireloop/contract/text';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationFailed } from '../../http/errors.ts';
import { parseMapping } from './csv.ts';
import type { ImportUpload } from './service.ts';

/** Room for the multipart envelope and the mapping field around the file. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = () => new AppError('payload_too_large', CANDIDATE_TEXTS.importTooLarge, { file: [CANDIDATE_TEXTS.importTooLarge] });

/** Multipart bodies for the import routes of this plugin: one file of at most IMPORT_MAX_BYTES and a few fields. */
export async function acceptImportUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 16 * 1024, headerPairs: 50 },
  });
}

/** Reads `file` (the CSV) and `mapping` (JSON) from the multipart body; a body announced larger than the limit is refused unread. */
export async function readImportUpload(request: FastifyRequest, reply: FastifyReply): Promise<ImportUpload> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > IMPORT_MAX_BYTES + ENVELOPE_BYTES) {
    // Do not read 50 MB just to refuse it: answer now and close the connection.
    reply.header('connection', 'close');
    throw tooLarge();
  }
  if (!request.isMultipart()) throw validationFailed({ file: [CANDIDATE_TEXTS.importMissing] }, CANDIDATE_TEXTS.importMissing);
  let bytes: Buffer | undefined;
  let filename = 'import.csv';
  let mapping: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping' && typeof part.value === 'string') mapping = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || bytes) {
        part.file.resume();
        continue;
      }
      bytes = await part.toBuffer();
      filename = ([...(part.filename ?? '')].filter((c) => !hasLineBreaksOrControls(c)).join('') || filename).slice(0, 200);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationFailed({ file: ['Send one file at a time.'] });
    }
    if (code === 'FST_PART_FIELD_SIZE_LIMIT' || code === 'FST_REQ_FIELD_SIZE_LIMIT' || code === 'FST_FIELD_SIZE_LIMIT') {
      throw validationFailed({ mapping: ['The mapping is too long.'] });
    }
    throw new AppError('bad_request', 'The upload could not be read. Try again.');
  }
  if (!bytes || bytes.length === 0) throw validationFailed({ file: [CANDIDATE_TEXTS.importMissing] }, CANDIDATE_TEXTS.importMissing);
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  const columns = parseMapping(mapping);
  if (Object.values(columns).some((c) => hasControlCharacters(c))) throw validationFailed({ mapping: [ERROR_TEXTS.controlCharacters] });
  return { bytes, filename, mapping: columns };
}
