import { CAREERS_APPLY_ANCHOR, careersApplyPath, careersPath, careersRolePath } from '@hireloop/contract/website';
import { APPLY_LIMITS, APPLY_TEXTS, FIELDS, QUESTION_PREFIX } from '../limits.ts';
import type { CareersRole, CareersSite, FormState } from '../model.ts';
import { FORM_SCRIPT_PATH, formRules } from './form-script.ts';
import { jobPostingScript, scriptJson } from './json-ld.ts';
import { e, EMPLOYMENT_LABELS, excerpt, LOCATION_TYPE_LABELS, page, plainText, salaryText } from './layout.ts';

/**
 * The description's headings sit under the page's h2 "About the role": shifted so the highest
 * becomes h3 (one h1 per page, no skipped levels introduced).
 */
export function demoteHeadings(html: string): string {
  const levels = [...html.matchAll(/<h([1-6])\b/gi)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shift = 3 - Math.min(...levels);
  if (shift <= 0) return html;
  return html.replace(/<(\/?)h([1-6])\b/gi, (_m, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + shift)}`);
}

/** DOM id of a question's control (question ids are free text; the DOM id is by position). */
const questionId = (index: number) => `q-${index + 1}`;
export const questionField = (id: string) => `${QUESTION_PREFIX}${id}`;

type Control = { id: string; name: string; label: string; hint?: string; required: boolean };

function described(c: Control, error: string | undefined) {
  const ids = [c.hint ? `${c.id}-hint` : '', error ? `${c.id}-error` : ''].filter(Boolean).join(' ');
  return (ids ? ` aria-describedby="${ids}"` : '') + (error ? ' aria-invalid="true"' : '');
}

function labelText(c: Control) {
  return `${e(c.label)}${c.required ? '' : ' <span class="muted">(optional)</span>'}`;
}

function messages(c: Control, error: string | undefined) {
  return (
    (c.hint ? `<p class="hint" id="${c.id}-hint">${e(c.hint)}</p>` : '') +
    (error ? `<p class="error" id="${c.id}-error"><span class="vh">Error: </span>${e(error)}</p>` : '')
  );
}

function input(c: Control & { type: string; autocomplete?: string; maxlength?: number; accept?: string }, value: string, error?: string) {
  return (
    `<div class="field"><label for="${c.id}">${labelText(c)}</label>${messages(c, error)}` +
    `<input type="${c.type}" id="${c.id}" name="${e(c.name)}"` +
    (c.type !== 'file' ? ` value="${e(value)}"` : '') +
    (c.autocomplete ? ` autocomplete="${c.autocomplete}"` : '') +
    (c.maxlength ? ` maxlength="${c.maxlength}"` : '') +
    (c.accept ? ` accept="${c.accept}"` : '') +
    (c.required ? ' required' : '') +
    `${described(c, error)}></div>`
  );
}

function textarea(c: Control & { maxlength: number; rows?: number }, value: string, error?: string) {
  return (
    `<div class="field"><label for="${c.id}">${labelText(c)}</label>${messages(c, error)}` +
    `<textarea id="${c.id}" name="${e(c.name)}" rows="${c.rows ?? 5}" maxlength="${c.maxlength}"${c.required ? ' required' : ''}${described(c, error)}>${e(value)}</textarea></div>`
  );
}

function yesNo(c: Control, value: string, error?: string) {
  const radio = (v: 'yes' | 'no', text: string) =>
    `<label class="choice" for="${c.id}-${v}"><input type="radio" id="${c.id}-${v}" name="${e(c.name)}" value="${v}"${value === v ? ' checked' : ''}${c.required ? ' required' : ''}>${text}</label>`;
  return (
    `<fieldset${described(c, error)}><legend>${labelText(c)}</legend>${messages(c, error)}` +
    `${radio('yes', 'Yes')}${radio('no', 'No')}</fieldset>`
  );
}

/** Where the error summary's link for a field goes (the first control of a group). */
function anchorOf(field: string, role: CareersRole): string {
  if (field.startsWith(QUESTION_PREFIX)) {
    const index = role.questions.findIndex((q) => questionField(q.id) === field);
    const q = role.questions[index];
    if (!q) return '#apply-form';
    return `#${questionId(index)}${q.kind === 'yes_no' ? '-yes' : ''}`;
  }
  const ids: Record<string, string> = {
    [FIELDS.name]: 'f-name',
    [FIELDS.email]: 'f-email',
    [FIELDS.phone]: 'f-phone',
    [FIELDS.links]: 'f-links',
    [FIELDS.resume]: 'f-resume',
    [FIELDS.coverNote]: 'f-cover-note',
    [FIELDS.consent]: 'f-consent',
  };
  return `#${ids[field] ?? 'apply-form'}`;
}

/** The order fields appear in, for the error summary. */
function fieldOrder(role: CareersRole): string[] {
  return [
    FIELDS.name,
    FIELDS.email,
    FIELDS.phone,
    FIELDS.links,
    FIELDS.resume,
    FIELDS.coverNote,
    ...role.questions.map((q) => questionField(q.id)),
    FIELDS.consent,
  ];
}

/** The rules the enhancement script checks with (same limits and messages as the server), as data. */
function rulesBlock(role: CareersRole): string {
  const controls = fieldOrder(role).map((field) => {
    const anchor = anchorOf(field, role).slice(1);
    const index = role.questions.findIndex((q) => questionField(q.id) === field);
    const yesNo = index >= 0 && role.questions[index]!.kind === 'yes_no';
    return { field, id: index >= 0 ? questionId(index) : anchor, anchor, group: yesNo || field === FIELDS.consent };
  });
  return `<script type="application/json" id="apply-rules">${scriptJson(formRules(role, controls))}</script>`;
}

function errorSummary(role: CareersRole, state: FormState): string {
  const order = fieldOrder(role);
  const fields = Object.keys(state.errors).sort((a, b) => {
    const ia = order.indexOf(a);
    const ib = order.indexOf(b);
    return (ia < 0 ? 999 : ia) - (ib < 0 ? 999 : ib);
  });
  const items = fields.map((f) => `<li><a href="${anchorOf(f, role)}">${e(state.errors[f]!)}</a></li>`).join('');
  const general = state.message ? `<p>${e(state.message)}</p>` : '';
  return (
    `<div class="error-summary" id="error-summary" role="alert" tabindex="-1" autofocus aria-labelledby="error-summary-title">` +
    `<h2 id="error-summary-title">${APPLY_TEXTS.summary}</h2>${general}${items ? `<ul>${items}</ul>` : ''}</div>`
  );
}

/** The application form; `state` after a refusal (values kept, messages per field). */
export function applicationForm(site: CareersSite, role: CareersRole, state?: FormState): string {
  const v = (name: string) => state?.values[name] ?? '';
  const err = (name: string) => state?.errors[name];
  const hasErrors = state !== undefined && (Object.keys(state.errors).length > 0 || Boolean(state.message));
  const questions = role.questions
    .map((q, i) => {
      const c: Control = { id: questionId(i), name: questionField(q.id), label: q.label, required: q.required };
      if (q.kind === 'yes_no') return yesNo(c, v(c.name), err(c.name));
      if (q.kind === 'long_text') return textarea({ ...c, maxlength: APPLY_LIMITS.longAnswer }, v(c.name), err(c.name));
      return input({ ...c, type: 'text', maxlength: APPLY_LIMITS.shortAnswer }, v(c.name), err(c.name));
    })
    .join('');
  const consentError = err(FIELDS.consent);
  const consent =
    `<fieldset${consentError ? ' aria-invalid="true" aria-describedby="f-consent-error"' : ''}><legend>Consent</legend>` +
    (consentError ? `<p class="error" id="f-consent-error"><span class="vh">Error: </span>${e(consentError)}</p>` : '') +
    `<label class="choice" for="f-consent"><input type="checkbox" id="f-consent" name="${FIELDS.consent}" value="yes" required${v(FIELDS.consent) === 'yes' ? ' checked' : ''}${consentError ? ' aria-invalid="true"' : ''}>` +
    `I agree that ${e(site.organisation.name)} stores and processes the information in this application to consider me for this and future roles.</label></fieldset>`;
  return (
    `<section class="apply" id="${CAREERS_APPLY_ANCHOR}" aria-labelledby="apply-title"><h2 id="apply-title">Apply for this role</h2>` +
    (hasErrors ? errorSummary(role, state) : '<p class="muted">Fields are required unless marked optional.</p>') +
    `<form id="apply-form" method="post" action="${e(careersApplyPath(site.organisation.slug, role.id))}" enctype="multipart/form-data">` +
    input(
      {
        id: 'f-name',
        name: FIELDS.name,
        label: 'Full name',
        type: 'text',
        autocomplete: 'name',
        maxlength: APPLY_LIMITS.name,
        required: true,
      },
      v(FIELDS.name),
      err(FIELDS.name),
    ) +
    input(
      {
        id: 'f-email',
        name: FIELDS.email,
        label: 'Email',
        type: 'email',
        autocomplete: 'email',
        maxlength: APPLY_LIMITS.email,
        required: true,
      },
      v(FIELDS.email),
      err(FIELDS.email),
    ) +
    input(
      {
        id: 'f-phone',
        name: FIELDS.phone,
        label: 'Phone',
        type: 'tel',
        autocomplete: 'tel',
        maxlength: APPLY_LIMITS.phone,
        required: false,
      },
      v(FIELDS.phone),
      err(FIELDS.phone),
    ) +
    textarea(
      {
        id: 'f-links',
        name: FIELDS.links,
        label: 'Links',
        hint: 'LinkedIn, GitHub, portfolio…: one web address per line.',
        maxlength: APPLY_LIMITS.linksText,
        rows: 3,
        required: false,
      },
      v(FIELDS.links),
      err(FIELDS.links),
    ) +
    input(
      {
        id: 'f-resume',
        name: FIELDS.resume,
        label: 'Résumé',
        hint:
          hasErrors && !err(FIELDS.resume)
            ? 'PDF, DOC or DOCX, up to 10 MB. Choose it again: files are not kept.'
            : 'PDF, DOC or DOCX, up to 10 MB.',
        type: 'file',
        accept:
          '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        required: true,
      },
      '',
      err(FIELDS.resume),
    ) +
    textarea(
      { id: 'f-cover-note', name: FIELDS.coverNote, label: 'Cover note', maxlength: APPLY_LIMITS.coverNote, rows: 6, required: false },
      v(FIELDS.coverNote),
      err(FIELDS.coverNote),
    ) +
    questions +
    // The honeypot: people never see it (display: none), form-filling robots do.
    `<div class="hp"><label for="f-website">Leave this field empty</label><input type="text" id="f-website" name="${FIELDS.honeypot}" value="" tabindex="-1" autocomplete="off"></div>` +
    consent +
    '<button type="submit">Send application</button></form>' +
    rulesBlock(role) +
    '</section>'
  );
}

/** The role page: description, facts, JobPosting structured data and the application form. */
export function renderRolePage(site: CareersSite, role: CareersRole, state?: FormState): string {
  const salary = salaryText(role);
  const facts: [string, string][] = [
    ...(role.team ? ([['Team', role.team.name]] as [string, string][]) : []),
    ['Location', [role.location, LOCATION_TYPE_LABELS[role.locationType]].filter(Boolean).join(' · ')],
    ['Type', EMPLOYMENT_LABELS[role.employmentType] ?? role.employmentType],
    ...(salary ? ([['Salary', salary]] as [string, string][]) : []),
  ];
  const description = role.descriptionHtml.trim();
  const summary = excerpt(plainText(description)) || `${role.name} at ${site.organisation.name}.`;
  const hasErrors = state !== undefined;
  return page(site, {
    title: `${hasErrors ? 'Error: ' : ''}${role.name} · ${site.organisation.name} careers`,
    description: summary,
    canonical: `${site.appUrl}${careersRolePath(site.organisation.slug, role.id)}`,
    head: `<script src="${FORM_SCRIPT_PATH}" defer></script>` + (hasErrors ? '' : jobPostingScript(site, role)),
    main:
      `<p><a href="${e(careersPath(site.organisation.slug))}">All open roles</a></p>` +
      `<h1>${e(role.name)}</h1>` +
      `<dl class="facts">${facts.map(([k, val]) => `<dt>${e(k)}</dt><dd>${e(val)}</dd>`).join('')}</dl>` +
      `<p><a href="#${CAREERS_APPLY_ANCHOR}">Apply for this role</a></p>` +
      (description ? `<h2>About the role</h2><div class="description">${demoteHeadings(description)}</div>` : '') +
      applicationForm(site, role, state),
  });
}

/** After applying (also what a honeypot-filling robot sees). */
export function renderApplied(site: CareersSite, role: CareersRole | undefined, already: boolean): string {
  const what = role ? `for ${role.name}` : '';
  const body = already
    ? `<p>We already had your application ${e(what)}, so we kept the one you sent before. There is nothing more you need to do.</p>`
    : `<p>We have received your application ${e(what)} and sent a confirmation to your email address. The hiring team will be in touch.</p>`;
  return page(site, {
    title: `Application received · ${site.organisation.name} careers`,
    description: `Your application to ${site.organisation.name} was received.`,
    noindex: true,
    main:
      `<h1>${already ? 'You have already applied' : 'Thank you for applying'}</h1>` +
      `<div class="notice" role="status">${body}</div>` +
      `<p><a href="${e(careersPath(site.organisation.slug))}">See all open roles at ${e(site.organisation.name)}</a></p>`,
  });
}

/** The role's page while it is no longer open (after an application started), or an unknown role. */
export function renderRoleGone(site: CareersSite): string {
  return page(site, {
    title: `Role not found · ${site.organisation.name} careers`,
    description: APPLY_TEXTS.roleGone,
    noindex: true,
    main:
      '<h1>This role is not open</h1>' +
      `<p>${e(APPLY_TEXTS.roleGone)} It may have been filled or closed.</p>` +
      `<p><a href="${e(careersPath(site.organisation.slug))}">See all open roles at ${e(site.organisation.name)}</a></p>`,
  });
}
