import { CANDIDATE_LINKS_MAX, CANDIDATE_NAME_MAX, MAX_DOCUMENT_BYTES } from '@hireloop/contract/candidates';
import { APPLY_EMAIL_PATTERN, type ApplyFieldRules } from '@hireloop/contract/careers-form';
import type { CareerQuestion } from '@hireloop/contract/website';

/** What the application form takes (the form's maxlength attributes and the server's checks agree). */
export const APPLY_LIMITS = {
  name: CANDIDATE_NAME_MAX,
  email: 254,
  phone: 40,
  links: CANDIDATE_LINKS_MAX,
  link: 500,
  linksText: 6000,
  coverNote: 10_000,
  shortAnswer: 500,
  longAnswer: 5000,
  resumeBytes: MAX_DOCUMENT_BYTES,
} as const;

/** Form field names. `q_<question id>` holds a question's answer; `website` is the honeypot. */
export const FIELDS = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  links: 'links',
  resume: 'resume',
  coverNote: 'cover_note',
  consent: 'consent',
  honeypot: 'website',
} as const;
export const QUESTION_PREFIX = 'q_';

export const APPLY_TEXTS = {
  nameRequired: 'Enter your name.',
  nameMax: `Your name may not be longer than ${APPLY_LIMITS.name} characters.`,
  emailRequired: 'Enter your email address.',
  emailInvalid: 'Enter an email address in the right format, like name@example.com.',
  phoneInvalid: `Enter a phone number of at most ${APPLY_LIMITS.phone} characters, using digits, spaces and + ( ) - . only.`,
  linksInvalid: 'Enter each link as a web address starting with http:// or https://, one per line.',
  linksMax: `Enter at most ${APPLY_LIMITS.links} links.`,
  resumeRequired: 'Choose your résumé (PDF, DOC or DOCX).',
  resumeType: 'Your résumé must be a PDF, DOC or DOCX document.',
  resumeTooLarge: 'Your résumé may not be larger than 10 MB.',
  coverNoteMax: `Your cover note may not be longer than ${APPLY_LIMITS.coverNote.toLocaleString('en')} characters.`,
  consentRequired: 'Agree to the processing of your data to apply.',
  answerRequired: 'Answer this question.',
  answerYesNo: 'Choose yes or no.',
  answerMax: (max: number) => `Your answer may not be longer than ${max.toLocaleString('en')} characters.`,
  tooManyFields: 'The form sent too many fields or files. Reload the page and try again.',
  unreadable: 'Your application could not be read. Reload the page and try again.',
  summary: 'There is a problem with your application',
  roleGone: 'This role is no longer open for applications.',
  rateLimited: 'You have sent too many applications in a short time. Please wait 10 minutes and try again.',
} as const;

const FIELD_TEXTS = [
  'nameRequired',
  'nameMax',
  'emailRequired',
  'emailInvalid',
  'phoneInvalid',
  'linksInvalid',
  'linksMax',
  'coverNoteMax',
  'consentRequired',
  'answerRequired',
  'answerYesNo',
] as const;

/**
 * The typed fields' rules for a role's form (`checkApplyFields`, packages/contract/src/careers-form.ts):
 * the server checks the sent form with them, and the page hands the same object to the browser.
 */
export function applyFieldRules(questions: CareerQuestion[]): ApplyFieldRules {
  const { name, email, phone, links, link, linksText, coverNote } = APPLY_LIMITS;
  return {
    texts: Object.fromEntries(FIELD_TEXTS.map((k) => [k, APPLY_TEXTS[k]])) as ApplyFieldRules['texts'],
    limits: { name, email, phone, links, link, linksText, coverNote },
    fields: {
      name: FIELDS.name,
      email: FIELDS.email,
      phone: FIELDS.phone,
      links: FIELDS.links,
      coverNote: FIELDS.coverNote,
      consent: FIELDS.consent,
    },
    emailPattern: APPLY_EMAIL_PATTERN,
    questions: questions.map((q) => {
      const max = q.kind === 'long_text' ? APPLY_LIMITS.longAnswer : APPLY_LIMITS.shortAnswer;
      return {
        field: `${QUESTION_PREFIX}${q.id}`,
        required: q.required,
        yesNo: q.kind === 'yes_no',
        max,
        maxMessage: APPLY_TEXTS.answerMax(max),
      };
    }),
  };
}
