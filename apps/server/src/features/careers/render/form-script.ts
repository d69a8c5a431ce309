import { createHash } from 'node:crypto';
import { z } from 'zod';
import { APPLY_LIMITS, APPLY_TEXTS, FIELDS, QUESTION_PREFIX } from '../limits.ts';
import type { CareersRole } from '../model.ts';

/**
 * The application form's progressive enhancement: the same checks as the server (same rules, same
 * messages, passed in a JSON block the page renders) run before submit, so a chosen résumé is not
 * lost to a 422. Without the script the form works as before.
 */

export type FormRules = {
  texts: Record<
    | 'nameRequired'
    | 'nameMax'
    | 'emailRequired'
    | 'emailInvalid'
    | 'phoneInvalid'
    | 'linksInvalid'
    | 'linksMax'
    | 'resumeRequired'
    | 'resumeType'
    | 'resumeTooLarge'
    | 'coverNoteMax'
    | 'consentRequired'
    | 'answerRequired'
    | 'answerYesNo'
    | 'summary',
    string
  >;
  limits: {
    name: number;
    email: number;
    phone: number;
    links: number;
    link: number;
    linksText: number;
    coverNote: number;
    resumeBytes: number;
  };
  fields: { name: string; email: string; phone: string; links: string; resume: string; coverNote: string; consent: string };
  emailPattern: string;
  resumeExtensions: string[];
  resumeTypes: string[];
  questions: { field: string; required: boolean; yesNo: boolean; max: number; maxMessage: string }[];
  /** Field name → DOM id of its control (or group base id), the summary link's target and whether it is a fieldset. */
  controls: { field: string; id: string; anchor: string; group: boolean }[];
};

export type ChosenFile = { name: string; size: number; type: string };

/**
 * The browser-side check (first message per field). Self-contained on purpose: its source is sent
 * to the browser as is, so it may use nothing from outside its own body.
 */
export function checkFormValues(values: Record<string, string>, file: ChosenFile | null, rules: FormRules): Record<string, string> {
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
  const isLink = (s: string) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'http:' || u.protocol === 'https:') && s.length <= l.link;
    } catch {
      return false;
    }
  };
  if (links.length > l.links) errors[f.links] = t.linksMax;
  else if (linksText.length > l.linksText || !links.every(isLink)) errors[f.links] = t.linksInvalid;
  if (!file || file.size === 0) errors[f.resume] = t.resumeRequired;
  else {
    const extension = (/\.([^.]+)$/.exec(file.name) || ['', ''])[1]!.toLowerCase();
    if (rules.resumeExtensions.indexOf(extension) < 0 && rules.resumeTypes.indexOf(file.type) < 0) errors[f.resume] = t.resumeType;
    else if (file.size > l.resumeBytes) errors[f.resume] = t.resumeTooLarge;
  }
  if (text(f.coverNote).length > l.coverNote) errors[f.coverNote] = t.coverNoteMax;
  for (const q of rules.questions) {
    const answer = text(q.field);
    if (!answer) {
      if (q.required) errors[q.field] = q.yesNo ? t.answerYesNo : t.answerRequired;
    } else if (q.yesNo && answer !== 'yes' && answer !== 'no') errors[q.field] = t.answerYesNo;
    else if (answer.length > q.max) errors[q.field] = q.maxMessage;
  }
  if (values[f.consent] !== 'yes' && values[f.consent] !== 'on') errors[f.consent] = t.consentRequired;
  return errors;
}

/** The page side: reads the form, runs the check, and shows the result as the server's 422 page would. */
const ENHANCE = `
var form = document.getElementById('apply-form');
var block = document.getElementById('apply-rules');
if (!form || !block || !window.FormData || !form.closest) return;
var rules = JSON.parse(block.textContent);
form.setAttribute('novalidate', '');
function el(tag, attrs, text) {
  var node = document.createElement(tag);
  for (var k in attrs) node.setAttribute(k, attrs[k]);
  if (text) node.textContent = text;
  return node;
}
function errorLine(id, message) {
  var p = el('p', { class: 'error', id: id + '-error' });
  p.appendChild(el('span', { class: 'vh' }, 'Error: '));
  p.appendChild(document.createTextNode(message));
  return p;
}
function clear() {
  var old = form.querySelectorAll('p.error');
  for (var i = 0; i < old.length; i++) old[i].parentNode.removeChild(old[i]);
  var marked = form.querySelectorAll('[aria-invalid], [aria-describedby]');
  for (var j = 0; j < marked.length; j++) {
    marked[j].removeAttribute('aria-invalid');
    var ids = (marked[j].getAttribute('aria-describedby') || '').split(' ').filter(function (s) { return s && !/-error$/.test(s); });
    if (ids.length) marked[j].setAttribute('aria-describedby', ids.join(' '));
    else marked[j].removeAttribute('aria-describedby');
  }
}
function mark(c, message) {
  var control = document.getElementById(c.anchor);
  if (!control) return;
  var target = c.group ? control.closest('fieldset') : control;
  var line = errorLine(c.id, message);
  if (c.group) {
    var legend = target.querySelector('legend');
    target.insertBefore(line, legend ? legend.nextSibling : target.firstChild);
    if (c.field === rules.fields.consent) control.setAttribute('aria-invalid', 'true');
  } else target.parentNode.insertBefore(line, target);
  var ids = (target.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
  ids.push(c.id + '-error');
  target.setAttribute('aria-describedby', ids.join(' '));
  target.setAttribute('aria-invalid', 'true');
}
function summary(items) {
  var box = el('div', { class: 'error-summary', id: 'error-summary', role: 'alert', tabindex: '-1', 'aria-labelledby': 'error-summary-title' });
  box.appendChild(el('h2', { id: 'error-summary-title' }, rules.texts.summary));
  var list = el('ul', {});
  items.forEach(function (item) {
    var li = el('li', {});
    li.appendChild(el('a', { href: '#' + item.c.anchor }, item.message));
    list.appendChild(li);
  });
  box.appendChild(list);
  var before = form.previousElementSibling;
  if (before && (before.id === 'error-summary' || before.tagName === 'P')) before.parentNode.replaceChild(box, before);
  else form.parentNode.insertBefore(box, form);
  if (!/^Error: /.test(document.title)) document.title = 'Error: ' + document.title;
  box.focus();
}
form.addEventListener('submit', function (event) {
  var values = {};
  new FormData(form).forEach(function (v, k) { if (typeof v === 'string' && !(k in values)) values[k] = v; });
  var input = form.elements.namedItem(rules.fields.resume);
  var chosen = input && input.files && input.files[0];
  var errors = check(values, chosen ? { name: chosen.name, size: chosen.size, type: chosen.type } : null, rules);
  var items = rules.controls.filter(function (c) { return errors[c.field]; }).map(function (c) { return { c: c, message: errors[c.field] }; });
  clear();
  if (!items.length) return;
  event.preventDefault();
  items.forEach(function (item) { mark(item.c, item.message); });
  summary(items);
});
`;

/** The served script: the check's own source and the page glue, in one function scope. */
export const FORM_SCRIPT = `(function () {\n'use strict';\nvar check = ${checkFormValues.toString()};\n${ENHANCE}})();\n`;
export const FORM_SCRIPT_VERSION = createHash('sha256').update(FORM_SCRIPT).digest('hex').slice(0, 12);
/** Under the careers prefix (`_assets` is no organisation slug: slugs have no underscore). */
export const FORM_SCRIPT_PATH = `/careers/_assets/form.${FORM_SCRIPT_VERSION}.js`;

const RULE_TEXTS = [
  'nameRequired',
  'nameMax',
  'emailRequired',
  'emailInvalid',
  'phoneInvalid',
  'linksInvalid',
  'linksMax',
  'resumeRequired',
  'resumeType',
  'resumeTooLarge',
  'coverNoteMax',
  'consentRequired',
  'answerRequired',
  'answerYesNo',
  'summary',
] as const;

/** The rules for a role's form, from the same limits and texts the server checks with. */
export function formRules(role: CareersRole, controls: FormRules['controls']): FormRules {
  const { email, name, phone, links, link, linksText, coverNote, resumeBytes } = APPLY_LIMITS;
  return {
    texts: Object.fromEntries(RULE_TEXTS.map((k) => [k, APPLY_TEXTS[k]])) as FormRules['texts'],
    limits: { email, name, phone, links, link, linksText, coverNote, resumeBytes },
    fields: {
      name: FIELDS.name,
      email: FIELDS.email,
      phone: FIELDS.phone,
      links: FIELDS.links,
      resume: FIELDS.resume,
      coverNote: FIELDS.coverNote,
      consent: FIELDS.consent,
    },
    emailPattern: z.regexes.email.source,
    resumeExtensions: ['pdf', 'doc', 'docx'],
    resumeTypes: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    questions: role.questions.map((q) => {
      const max = q.kind === 'long_text' ? APPLY_LIMITS.longAnswer : APPLY_LIMITS.shortAnswer;
      return {
        field: `${QUESTION_PREFIX}${q.id}`,
        required: q.required,
        yesNo: q.kind === 'yes_no',
        max,
        maxMessage: APPLY_TEXTS.answerMax(max),
      };
    }),
    controls,
  };
}
