import { describe, expect, it } from 'vitest';
import { candidateFields } from './candidates.ts';
import { APPLY_EMAIL_PATTERN, checkApplyFields, type ApplyFieldRules } from './careers-form.ts';

const rules: ApplyFieldRules = {
  texts: {
    nameRequired: 'name required',
    nameMax: 'name too long',
    emailRequired: 'email required',
    emailInvalid: 'email invalid',
    phoneInvalid: 'phone invalid',
    linksInvalid: 'links invalid',
    linksMax: 'too many links',
    coverNoteMax: 'cover note too long',
    consentRequired: 'consent required',
    answerRequired: 'answer required',
    answerYesNo: 'yes or no',
  },
  limits: { name: 200, email: 254, phone: 40, links: 10, link: 500, linksText: 6000, coverNote: 10_000 },
  fields: { name: 'name', email: 'email', phone: 'phone', links: 'links', coverNote: 'cover_note', consent: 'consent' },
  emailPattern: APPLY_EMAIL_PATTERN,
  questions: [{ field: 'q_visa', required: true, yesNo: true, max: 500, maxMessage: 'too long' }],
};
const valid = { name: 'Ada', email: 'ada@example.com', links: '', q_visa: 'no', consent: 'yes' };
const errorsOf = (values: Record<string, string>) => checkApplyFields({ ...valid, ...values }, rules).errors;

const EMAILS = [
  'Ada@Example.COM',
  ' ada@example.com ',
  'ada@localhost',
  'a..b@example.com',
  'ådå@example.com',
  '"a b"@example.com',
  'ada@[1.2.3.4]',
];
const LINKS = [
  'https://github.com/ada',
  'HTTPS://EXAMPLE.COM',
  'https:example.com',
  'http:/example.com',
  'http://',
  'ftp://example.com',
  'javascript:alert(1)',
  'https://ex ample.com',
  'https://example.com:99999',
  `https://example.com/${'x'.repeat(480)}`,
  `https://example.com/${'x'.repeat(481)}`,
];

describe('the careers application form’s field check (server and browser)', () => {
  it('passes a good form and reports each field’s first problem', () => {
    expect(checkApplyFields(valid, rules)).toEqual({ errors: {}, links: [] });
    expect(checkApplyFields({ email: 'nope', phone: 'abc', links: 'ftp://x', q_visa: 'maybe' }, rules).errors).toEqual({
      name: 'name required',
      email: 'email invalid',
      phone: 'phone invalid',
      links: 'links invalid',
      q_visa: 'yes or no',
      consent: 'consent required',
    });
  });

  it('accepts an e-mail address exactly when the candidate’s own e-mail rule does', () => {
    for (const email of EMAILS) {
      expect(errorsOf({ email }).email === undefined, email).toBe(candidateFields.email.safeParse(email).success);
    }
  });

  it('accepts a link exactly when the candidate’s own link rule does, and lists each link once', () => {
    for (const link of LINKS) {
      expect(errorsOf({ links: link }).links === undefined, link).toBe(candidateFields.links.safeParse([link]).success);
    }
    expect(checkApplyFields({ ...valid, links: ' https://a.example \n\nhttps://b.example\r\nhttps://a.example' }, rules).links).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(errorsOf({ links: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}`).join('\n') }).links).toBe('too many links');
  });

  it('is self-contained: its source alone, as the browser gets it, gives the same answers', () => {
    const shipped = new Function(`return ${checkApplyFields.toString()}`)() as typeof checkApplyFields;
    for (const values of [
      valid,
      { email: 'nope', phone: 'abc' },
      ...EMAILS.map((email) => ({ email })),
      ...LINKS.map((links) => ({ links })),
    ]) {
      expect(shipped({ ...valid, ...values }, rules)).toEqual(checkApplyFields({ ...valid, ...values }, rules));
    }
  });
});
