import fastifyMultipart from '@fastify/multipart';
import { CANDIDATE_TEXTS, IMPORT_MAX_BYTES, candidateImportPreviewResponse, candidateImportResponse } from '@hireloop/contract/candidates';
import { errorResponse } from '@hireloop/contract/error-response';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { hasControlCharacters, hasLineBreaksOrControls } from '@hireloop/contract/text';
import { RECRUITMENT_TEXTS } from '@hireloop/contract/recruitments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { OrganisationTransactions } from '../../db/organisation-transaction.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import { actorOf, organisationIdOf } from '../../http/organisation-scope.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Storage } from '../../lib/storage.ts';
import { parseMapping } from './csv.ts';
import { createImportService, type ImportRunnerOptions, type ImportUpload } from './service.ts';

const tags = ['candidates'];
/** Room for the multipart envelope and the mapping field around the file. */
const ENVELOPE_BYTES = 64 * 1024;
const IMPORT_RATE = { max: 10, timeWindow: '1 minute' };
/** A preview runs again whenever the mapping changes. */
const PREVIEW_RATE = { max: 60, timeWindow: '1 minute' };

const tooLarge = () => new AppError('payload_too_large', CANDIDATE_TEXTS.importTooLarge, { file: [CANDIDATE_TEXTS.importTooLarge] });

/** Reads `file` (the CSV) and `mapping` (JSON) from the multipart body; a body announced larger than the limit is refused unread. */
async function readImportUpload(request: FastifyRequest, reply: FastifyReply): Promise<ImportUpload> {
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

/** organisation/{id}/recruitments/{recruitment}/imports (CSV import) and organisation/{id}/imports/{import} (its progress). */
export function candidateImportRoutes(
  db: Db,
  storage: Storage,
  inOrganisation: OrganisationTransactions,
  runner: ImportRunnerOptions = {},
) {
  return async (app: FastifyInstance) => {
    const imports = createImportService(db, app.log, storage, inOrganisation, runner);
    await app.register(fastifyMultipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 16 * 1024, headerPairs: 50 },
    });
    // Resumes the imports no live node holds (a stopped process's, or one whose node died), then
    // keeps this node's leases. On close, running imports stop after their batch, free for another node.
    // (Never fatal: an app built without a migrated database, e.g. to render the API documents, still starts.)
    app.addHook('onReady', async () => {
      try {
        await imports.startRunner();
      } catch (error) {
        app.log.warn({ err: error }, 'could not start the candidate import runner');
      }
    });
    app.addHook('onClose', async () => imports.drain());
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/recruitments/:recruitment/imports',
      {
        config: { permission: 'candidates.import', rateLimit: IMPORT_RATE },
        schema: {
          tags,
          summary:
            'Imports candidates from a CSV file (multipart `file`, UTF-8, at most 20 MB and 50,000 rows) with `mapping` (JSON: field → column). Answers 202 at once; GET /imports/{import} shows the progress and the refused rows',
          consumes: ['multipart/form-data'],
          params: z.object({ organisationId: z.string(), recruitment: z.string() }),
          response: { 202: candidateImportResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.recruitment)) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
        await imports.assertRecruitment(organisationIdOf(request), request.params.recruitment);
        const upload = await readImportUpload(request, reply);
        const started = await imports.start(organisationIdOf(request), actorOf(request), request.params.recruitment, upload);
        return reply.code(202).send({ import: started });
      },
    );

    r.post(
      '/recruitments/:recruitment/imports/preview',
      {
        config: { permission: 'candidates.import', rateLimit: PREVIEW_RATE },
        schema: {
          tags,
          summary:
            'What importing this CSV file (same body as the import) would do, nothing saved: how many rows would be imported, and each unreadable, invalid or duplicate row (and each matched to an existing candidate) with the reason',
          consumes: ['multipart/form-data'],
          params: z.object({ organisationId: z.string(), recruitment: z.string() }),
          response: { 200: candidateImportPreviewResponse, 404: errorResponse, 413: errorResponse, 422: errorResponse },
        },
      },
      async (request, reply) => {
        if (!isUuid(request.params.recruitment)) throw new AppError('not_found', RECRUITMENT_TEXTS.notFound);
        await imports.assertRecruitment(organisationIdOf(request), request.params.recruitment);
        const upload = await readImportUpload(request, reply);
        return { preview: await imports.preview(organisationIdOf(request), request.params.recruitment, upload) };
      },
    );

    r.get(
      '/imports/:import',
      {
        config: { permission: 'candidates.import' },
        schema: {
          tags,
          summary: 'A CSV import: its status, progress and the rows it refused and why',
          params: z.object({ organisationId: z.string(), import: z.string() }),
          response: { 200: candidateImportResponse, 404: errorResponse },
        },
      },
      async (request) => {
        if (!isUuid(request.params.import)) throw new AppError('not_found', CANDIDATE_TEXTS.importNotFound);
        return { import: await imports.get(organisationIdOf(request), request.params.import) };
      },
    );
  };
}
