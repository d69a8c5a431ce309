import { createHash } from 'node:crypto';
import { checkApplyFields, type ApplyFieldRules } from '@hireloop/contract/careers-form';
import { APPLY_LIMITS, APPLY_TEXTS, FIELDS, applyFieldRules } from '../limits.ts';
import type { CareersRole } from '../model.ts';

/**
 * The application form's progressive enhancement: the server's own check of the typed fields
 * (`checkApplyFields`, packages/contract/src/careers-form.ts, shipped as its source) with the same
 * rules and messages (passed in a JSON block the page renders), plus a check of the chosen résumé,
 * run before submit so a chosen résumé is not lost to a 422. Without the script the form works as before.
 */

export type FormRules = ApplyFieldRules & {
  texts: ApplyFieldRules['texts'] & Record<'resumeRequired' | 'resumeType' | 'resumeTooLarge' | 'summary', string>;
  limits: ApplyFieldRules['limits'] & { resumeBytes: number };
  fields: ApplyFieldRules['fields'] & { resume: string };
  resumeExtensions: string[];
  resumeTypes: string[];
  /** Field name → DOM id of its control (or group base id), the summary link's target and whether it is a fieldset. */
  controls: { field: string; id: string; anchor: string; group: boolean }[];
};

export type ChosenFile = { name: string; size: number; type: string };

/**
 * The browser's check of the chosen résumé (the server sniffs the bytes instead). Self-contained on
 * purpose: its source is sent to the browser as is.
 */
export function resumeErrors(file: ChosenFile | null, rules: FormRules): Record<string, string> {
  const t = rules.texts;
  const errors: Record<string, string> = {};
  if (!file || file.size === 0) errors[rules.fields.resume] = t.resumeRequired;
  else {
    const extension = (/\.([^.]+)$/.exec(file.name) || ['', ''])[1]!.toLowerCase();
    if (rules.resumeExtensions.indexOf(extension) < 0 && rules.resumeTypes.indexOf(file.type) < 0)
      errors[rules.fields.resume] = t.resumeType;
    else if (file.size > rules.limits.resumeBytes) errors[rules.fields.resume] = t.resumeTooLarge;
  }
  return errors;
}

/** What the browser reports (first message per field): the shared field check and the résumé's. */
export function checkFormValues(values: Record<string, string>, file: ChosenFile | null, rules: FormRules): Record<string, string> {
  return { ...checkApplyFields(values, rules).errors, ...resumeErrors(file, rules) };
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
  var errors = fieldCheck(values, rules).errors;
  var fileErrors = resumeCheck(chosen ? { name: chosen.name, size: chosen.size, type: chosen.type } : null, rules);
  for (var k in fileErrors) errors[k] = fileErrors[k];
  var items = rules.controls.filter(function (c) { return errors[c.field]; }).map(function (c) { return { c: c, message: errors[c.field] }; });
  clear();
  if (!items.length) return;
  event.preventDefault();
  items.forEach(function (item) { mark(item.c, item.message); });
  summary(items);
});
`;

/** The served script: the checks' own source (the field check is the server's) and the page glue, in one function scope. */
export const FORM_SCRIPT = `(function () {\n'use strict';\nvar fieldCheck = ${checkApplyFields.toString()};\nvar resumeCheck = ${resumeErrors.toString()};\n${ENHANCE}})();\n`;
export const FORM_SCRIPT_VERSION = createHash('sha256').update(FORM_SCRIPT).digest('hex').slice(0, 12);
/** Under the careers prefix (`_assets` is no organisation slug: slugs have no underscore). */
export const FORM_SCRIPT_PATH = `/careers/_assets/form.${FORM_SCRIPT_VERSION}.js`;

/** The rules for a role's form: the server's field rules (limits.ts) and the résumé's. */
export function formRules(role: CareersRole, controls: FormRules['controls']): FormRules {
  const fieldRules = applyFieldRules(role.questions);
  return {
    ...fieldRules,
    texts: {
      ...fieldRules.texts,
      resumeRequired: APPLY_TEXTS.resumeRequired,
      resumeType: APPLY_TEXTS.resumeType,
      resumeTooLarge: APPLY_TEXTS.resumeTooLarge,
      summary: APPLY_TEXTS.summary,
    },
    limits: { ...fieldRules.limits, resumeBytes: APPLY_LIMITS.resumeBytes },
    fields: { ...fieldRules.fields, resume: FIELDS.resume },
    resumeExtensions: ['pdf', 'doc', 'docx'],
    resumeTypes: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    controls,
  };
}
