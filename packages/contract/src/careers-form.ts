import { z } from 'zod';

/**
 * The careers site's application form: the checks of its typed fields, defined once. The server
 * runs them on the sent form (apps/server/src/features/careers/apply.ts) and the browser runs the
 * same function before submit: the form script ships its source as is
 * (apps/server/src/features/careers/render/form-script.ts). Limits, messages and field names come
 * in as data (`ApplyFieldRules`), so the page can carry them to the browser.
 */

/** The e-mail address pattern: zod's, the one `z.email()` checks with (no flags), as RegExp source. */
export const APPLY_EMAIL_PATTERN = z.regexes.email.source;

export type ApplyFieldRules = {
  texts: Record<
    | 'nameRequired'
    | 'nameMax'
    | 'emailRequired'
    | 'emailInvalid'
    | 'phoneInvalid'
    | 'linksInvalid'
    | 'linksMax'
    | 'coverNoteMax'
    | 'consentRequired'
    | 'answerRequired'
    | 'answerYesNo',
    string
  >;
  limits: { name: number; email: number; phone: number; links: number; link: number; linksText: number; coverNote: number };
  fields: { name: string; email: string; phone: string; links: string; coverNote: string; consent: string };
  /** APPLY_EMAIL_PATTERN. */
  emailPattern: string;
  /** One per question of the role: its field, whether required, yes/no, its length limit and message. */
  questions: { field: string; required: boolean; yesNo: boolean; max: number; maxMessage: string }[];
};

/**
 * The first problem of each typed field (`errors`: name → message; empty when the fields are fine)
 * and the links sent (`links`). Values are taken trimmed; the e-mail address is checked
 * lower-cased; links are one per line, repeats counted once, each an address starting with http://
 * or https:// of at most `limits.link` characters.
 *
 * Self-contained on purpose: its source is sent to the browser as is, so it may use nothing from
 * outside its own body (no imports, no module constants) and only syntax every browser reads.
 */
export function checkApplyFields(
  values: Record<string, string>,
  rules: ApplyFieldRules,
): { errors: Record<string, string>; links: string[] } {
  const t = rules.texts;
  const l = rules.limits;
  const f = rules.fields;
  const errors: Record<string, string> = {};
  const text = (name: string) => (values[name] || '').trim();
  const name = text(f.name);
  if (!name) errors[f.name] = t.nameRequired;
  else if (name.length > l.name) errors[f.name] = t.nameMax;
  const email = text(f.email);
  if (!email) errors[f.email] = t.emailRequired;
  else if (email.length > l.email || !new RegExp(rules.emailPattern).test(email.toLowerCase())) errors[f.email] = t.emailInvalid;
  const phone = text(f.phone);
  if (phone && (phone.length > l.phone || !/^[0-9+()\-. /]*$/.test(phone))) errors[f.phone] = t.phoneInvalid;
  const linksText = text(f.links);
  const links = linksText
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean)
    .filter((s, i, all) => all.indexOf(s) === i);
  // As the candidate's own links (candidates.ts, zod's url check): "https:example.com" is refused.
  const isLink = (s: string) => {
    if (s.length > l.link || !/^https?:\/\//i.test(s)) return false;
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  };
  if (links.length > l.links) errors[f.links] = t.linksMax;
  else if (linksText.length > l.linksText || !links.every(isLink)) errors[f.links] = t.linksInvalid;
  if (text(f.coverNote).length > l.coverNote) errors[f.coverNote] = t.coverNoteMax;
  for (const q of rules.questions) {
    const answer = text(q.field);
    if (!answer) {
      if (q.required) errors[q.field] = q.yesNo ? t.answerYesNo : t.answerRequired;
    } else if (q.yesNo && answer !== 'yes' && answer !== 'no') errors[q.field] = t.answerYesNo;
    else if (answer.length > q.max) errors[q.field] = q.maxMessage;
  }
  if (values[f.consent] !== 'yes' && values[f.consent] !== 'on') errors[f.consent] = t.consentRequired;
  return { errors: errors, links: links };
}
