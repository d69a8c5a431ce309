import { checkApplyFields } from '@hireloop/contract/careers-form';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { hasControlCharacters, hasLineBreaksOrControls } from '@hireloop/contract/text';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  acceptOneFileUploads,
  checkUploadedFile,
  isMultipartLimitError,
  readMultipartFile,
  sniffDocument,
  type DocumentType,
  type ReceivedFile,
} from '../../lib/uploaded-files.ts';
import { APPLY_LIMITS, APPLY_TEXTS, FIELDS, QUESTION_PREFIX, applyFieldRules } from './limits.ts';
import type { CareersRole, FormState } from './model.ts';

/** Fields beyond the fixed ones: one per question, plus room for a browser's extras. */
const MAX_FIELDS = 60;

/** The careers routes take one multipart form: one file of at most 10 MB, a bounded number of fields. */
export async function acceptApplicationForms(app: FastifyInstance) {
  // Past the limit the file is cut (and reported on the form) instead of failing the whole request,
  // so the typed answers come back with the message.
  await acceptOneFileUploads(app, {
    fileSize: APPLY_LIMITS.resumeBytes,
    fields: MAX_FIELDS,
    fieldSize: 64 * 1024,
    throwFileSizeLimit: false,
  });
}

export type SentForm = {
  /** Text fields as sent (kept for the form shown again). */
  values: Record<string, string>;
  file: ReceivedFile | null;
  /** The form could not be read whole (too many fields or files, broken body). */
  problem: string | null;
};

/** Reads the multipart form; nothing is stored here. */
export async function readApplicationForm(request: FastifyRequest): Promise<SentForm> {
  const values: Record<string, string> = {};
  if (!request.isMultipart()) return { values, file: null, problem: APPLY_TEXTS.unreadable };
  try {
    const file = await readMultipartFile(request, FIELDS.resume, (name, value) => {
      if (!(name in values) && !(name in Object.prototype)) values[name] = value;
    });
    return { values, file, problem: null };
  } catch (error) {
    if (isMultipartLimitError(error)) return { values, file: null, problem: APPLY_TEXTS.tooManyFields };
    request.log.info({ err: error }, 'careers application form could not be read');
    return { values, file: null, problem: APPLY_TEXTS.unreadable };
  }
}

export type ApplicationInput = {
  name: string;
  email: string;
  phone: string | null;
  links: string[];
  coverNote: string | null;
  answers: { question_id: string; label: string; answer: string }[];
  resume: { bytes: Buffer; filename: string; type: DocumentType };
};

export type Checked =
  | { ok: true; input: ApplicationInput }
  | { ok: false; status: 413 | 422; state: FormState; message: string; errors: Record<string, string[]> };

const RESUME_PROBLEMS = {
  missing: APPLY_TEXTS.resumeRequired,
  too_large: APPLY_TEXTS.resumeTooLarge,
  wrong_type: APPLY_TEXTS.resumeType,
} as const;

/** Checks the sent form against the role; every problem is reported at once, per field. */
export function checkApplication(form: SentForm, role: CareersRole): Checked {
  const values = form.values;
  if (form.problem) {
    // The form was not read whole: one message for the form, not guesses per field.
    return {
      ok: false,
      status: 422,
      message: form.problem,
      state: { values: keptValues(values), errors: {}, message: form.problem },
      errors: {},
    };
  }
  // The typed fields: the same check the browser runs before submit (packages/contract/src/careers-form.ts).
  const checked = checkApplyFields(values, applyFieldRules(role.questions));
  const errors = checked.errors;
  const text = (name: string) => (values[name] ?? '').trim();

  // The text rule of the API: one-line fields take no line breaks or control characters, the others no control characters.
  const multiLine = new Set<string>([
    FIELDS.links,
    FIELDS.coverNote,
    ...role.questions.filter((q) => q.kind === 'long_text').map((q) => `${QUESTION_PREFIX}${q.id}`),
  ]);
  for (const field of [FIELDS.name, FIELDS.email, FIELDS.phone, ...multiLine, ...role.questions.map((q) => `${QUESTION_PREFIX}${q.id}`)]) {
    const value = values[field] ?? '';
    if (multiLine.has(field) ? hasControlCharacters(value) : hasLineBreaksOrControls(value))
      errors[field] = multiLine.has(field) ? ERROR_TEXTS.controlCharacters : ERROR_TEXTS.singleLine;
  }

  const resume = checkUploadedFile(form.file, { maxBytes: APPLY_LIMITS.resumeBytes, sniff: sniffDocument, fallbackName: 'resume' });
  if (!resume.ok) errors[FIELDS.resume] = RESUME_PROBLEMS[resume.problem];
  const status = !resume.ok && resume.problem === 'too_large' ? 413 : 422;

  if (Object.keys(errors).length > 0 || !resume.ok) {
    return {
      ok: false,
      status,
      message: APPLY_TEXTS.summary,
      state: { values: keptValues(values), errors },
      errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])),
    };
  }
  return {
    ok: true,
    input: {
      name: text(FIELDS.name),
      email: text(FIELDS.email).toLowerCase(),
      phone: text(FIELDS.phone) || null,
      links: checked.links,
      coverNote: text(FIELDS.coverNote) || null,
      answers: role.questions.flatMap((q) => {
        const answer = text(`${QUESTION_PREFIX}${q.id}`);
        if (!answer) return [];
        return [{ question_id: q.id, label: q.label, answer: q.kind === 'yes_no' ? (answer === 'yes' ? 'Yes' : 'No') : answer }];
      }),
      resume: { bytes: resume.bytes, filename: resume.filename, type: resume.type },
    },
  };
}

/** What is typed back into the form after a refusal: the known fields and the answers, never the honeypot. */
const keptValues = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([k]) => Object.hasOwn(FIELDS_KEPT, k) || k.startsWith(QUESTION_PREFIX)));

const FIELDS_KEPT: Record<string, true> = {
  [FIELDS.name]: true,
  [FIELDS.email]: true,
  [FIELDS.phone]: true,
  [FIELDS.links]: true,
  [FIELDS.coverNote]: true,
  [FIELDS.consent]: true,
};

/** A robot filled the field people never see. */
export const isHoneypotFilled = (form: SentForm) => (form.values[FIELDS.honeypot] ?? '').trim() !== '';
