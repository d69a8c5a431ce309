import {
  CAREER_QUESTION_LABEL_MAX,
  CAREER_QUESTIONS_MAX,
  WEBSITE_TEXTS,
  type CareerQuestion,
  type CareerQuestionInput,
  type CareerQuestionKind,
} from '@hireloop/contract/website';

/** A question being edited: `key` names the row on screen; `id` is the server's (none yet for a new one). */
export type QuestionDraft = { key: string; id?: string; label: string; kind: CareerQuestionKind; required: boolean };

/** Errors of the editor: per row (by key) and for the list as a whole. */
export type QuestionErrors = { rows: Record<string, string>; list: string | null };

export const QUESTION_KIND_LABELS: Record<CareerQuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  yes_no: 'Yes or no',
};

let counter = 0;
export const newDraft = (): QuestionDraft => ({ key: `new-${++counter}`, label: '', kind: 'short_text', required: false });

export const draftsOf = (questions: CareerQuestion[]): QuestionDraft[] => questions.map((q) => ({ key: q.id, ...q }));

/** What PATCH …/roles/{role} is sent: the list in order, ids kept, labels trimmed. */
export const bodyOf = (drafts: QuestionDraft[]): CareerQuestionInput[] =>
  drafts.map((d) => ({ ...(d.id ? { id: d.id } : {}), label: d.label.trim(), kind: d.kind, required: d.required }));

export const noErrors = (): QuestionErrors => ({ rows: {}, list: null });
export const hasErrors = (errors: QuestionErrors) => errors.list !== null || Object.keys(errors.rows).length > 0;

/** The same rules as the server's, said before sending. */
export function validateQuestions(drafts: QuestionDraft[]): QuestionErrors {
  const errors = noErrors();
  if (drafts.length > CAREER_QUESTIONS_MAX) errors.list = WEBSITE_TEXTS.questionsMax;
  for (const d of drafts) {
    const label = d.label.trim();
    if (label === '') errors.rows[d.key] = WEBSITE_TEXTS.questionLabelRequired;
    else if (label.length > CAREER_QUESTION_LABEL_MAX) errors.rows[d.key] = WEBSITE_TEXTS.questionLabelMax;
  }
  return errors;
}

/** The server's field messages (`questions.2.label`, `questions`) on the rows they are about. */
export function serverErrors(drafts: QuestionDraft[], fields: Record<string, string[]>): QuestionErrors {
  const errors = noErrors();
  for (const [field, texts] of Object.entries(fields)) {
    const text = texts[0];
    if (!text) continue;
    const match = /^questions\.(\d+)(?:\.|$)/.exec(field);
    const row = match ? drafts[Number(match[1])] : undefined;
    if (row) errors.rows[row.key] ??= text;
    else if (field === 'questions' || field.startsWith('questions')) errors.list ??= text;
  }
  return errors;
}

/** Moves the item at `from` to `to` (both zero-based). */
export function move<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
