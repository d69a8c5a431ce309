import fastifyMultipart from '@fastify/multipart';
import { candidateFields } from '@hireloop/contract/candidates';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sniffDocument, type DocumentType } from '../candidates/documents.ts';
import { APPLY_LIMITS, APPLY_TEXTS, FIELDS, QUESTION_PREFIX } from './limits.ts';
import type { CareersRole, FormState } from './model.ts';

/** Fields beyond the fixed ones: one per question, plus room for a browser's extras. */
const MAX_FIELDS = 60;

/** The careers routes take one multipart form: one file of at most 10 MB, a bounded number of fields. */
export async function acceptApplicationForms(app: FastifyInstance) {
  await app.register(fastifyMultipart, {
    // Past the limit the file is cut (and reported on the form) instead of failing the whole request,
    // so the typed answers come back with the message.
    throwFileSizeLimit: false,
    limits: {
      fileSize: APPLY_LIMITS.resumeBytes,
      files: 1,
      fields: MAX_FIELDS,
      parts: MAX_FIELDS + 1,
      fieldSize: 64 * 1024,
      headerPairs: 50,
    },
  });
}

export type SentForm = {
  /** Text fields as sent (kept for the form shown again). */
  values: Record<string, string>;
  file: { bytes: Buffer; filename: string; tooLarge: boolean } | null;
  /** The form could not be read whole (too many fields or files, broken body). */
  problem: string | null;
};

/** Reads the multipart form; nothing is stored here. */
export async function readApplicationForm(request: FastifyRequest): Promise<SentForm> {
  const values: Record<string, string> = {};
  let file: SentForm['file'] = null;
  if (!request.isMultipart()) return { values, file, problem: APPLY_TEXTS.unreadable };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in values) && !(part.fieldname in Object.prototype)) {
          values[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== FIELDS.resume || file) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      file = { bytes, filename: part.filename || 'resume', tooLarge: part.file.truncated };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      return { values, file: null, problem: APPLY_TEXTS.tooManyFields };
    }
    request.log.info({ err: error }, 'careers application form could not be read');
    return { values, file: null, problem: APPLY_TEXTS.unreadable };
  }
  return { values, file, problem: null };
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

const PHONE = /^[0-9+()\-. /]*$/;

/** The name as shown and offered on download: no path, no control characters, the extension of what it really is. */
function cleanFilename(name: string, extension: string) {
  const base =
    [...(name.split(/[\\/]/).pop() ?? '')]
      .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
      .join('')
      .trim()
      .slice(0, 200) || 'resume';
  const stem = base.replace(/\.[^.]*$/, '') || 'resume';
  return `${stem}.${extension}`;
}

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
  const errors: Record<string, string> = {};
  const text = (name: string) => (values[name] ?? '').trim();

  const name = text(FIELDS.name);
  if (!name) errors[FIELDS.name] = APPLY_TEXTS.nameRequired;
  else if (name.length > APPLY_LIMITS.name) errors[FIELDS.name] = APPLY_TEXTS.nameMax;

  const emailRaw = text(FIELDS.email);
  const email = candidateFields.email.safeParse(emailRaw);
  if (!emailRaw) errors[FIELDS.email] = APPLY_TEXTS.emailRequired;
  else if (!email.success || emailRaw.length > APPLY_LIMITS.email) errors[FIELDS.email] = APPLY_TEXTS.emailInvalid;

  const phone = text(FIELDS.phone);
  if (phone && (phone.length > APPLY_LIMITS.phone || !PHONE.test(phone))) errors[FIELDS.phone] = APPLY_TEXTS.phoneInvalid;

  const links = text(FIELDS.links)
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const uniqueLinks = [...new Set(links)];
  if (uniqueLinks.length > APPLY_LIMITS.links) errors[FIELDS.links] = APPLY_TEXTS.linksMax;
  else if (text(FIELDS.links).length > APPLY_LIMITS.linksText || !candidateFields.links.safeParse(uniqueLinks).success)
    errors[FIELDS.links] = APPLY_TEXTS.linksInvalid;

  const coverNote = text(FIELDS.coverNote);
  if (coverNote.length > APPLY_LIMITS.coverNote) errors[FIELDS.coverNote] = APPLY_TEXTS.coverNoteMax;

  const answers: ApplicationInput['answers'] = [];
  for (const q of role.questions) {
    const field = `${QUESTION_PREFIX}${q.id}`;
    const answer = text(field);
    if (!answer) {
      if (q.required) errors[field] = q.kind === 'yes_no' ? APPLY_TEXTS.answerYesNo : APPLY_TEXTS.answerRequired;
      continue;
    }
    if (q.kind === 'yes_no' && answer !== 'yes' && answer !== 'no') {
      errors[field] = APPLY_TEXTS.answerYesNo;
      continue;
    }
    const max = q.kind === 'long_text' ? APPLY_LIMITS.longAnswer : APPLY_LIMITS.shortAnswer;
    if (answer.length > max) {
      errors[field] = APPLY_TEXTS.answerMax(max);
      continue;
    }
    answers.push({ question_id: q.id, label: q.label, answer: q.kind === 'yes_no' ? (answer === 'yes' ? 'Yes' : 'No') : answer });
  }

  if (values[FIELDS.consent] !== 'yes' && values[FIELDS.consent] !== 'on') errors[FIELDS.consent] = APPLY_TEXTS.consentRequired;

  let status: 413 | 422 = 422;
  let type: DocumentType | null = null;
  const file = form.file;
  if (!file || file.bytes.length === 0) errors[FIELDS.resume] = APPLY_TEXTS.resumeRequired;
  else if (file.tooLarge || file.bytes.length > APPLY_LIMITS.resumeBytes) {
    errors[FIELDS.resume] = APPLY_TEXTS.resumeTooLarge;
    status = 413;
  } else {
    type = sniffDocument(file.bytes);
    if (!type) errors[FIELDS.resume] = APPLY_TEXTS.resumeType;
  }

  if (Object.keys(errors).length > 0 || !file || !type || !email.success) {
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
      name,
      email: email.data,
      phone: phone || null,
      links: uniqueLinks,
      coverNote: coverNote || null,
      answers,
      resume: { bytes: file.bytes, filename: cleanFilename(file.filename, type.extension), type },
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
