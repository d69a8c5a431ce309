import { describe, expect, it } from 'vitest';
import { CAREER_QUESTIONS_MAX, WEBSITE_TEXTS } from '@hireloop/contract/website';
import { bodyOf, draftsOf, hasErrors, move, newDraft, serverErrors, validateQuestions } from './questions-model.ts';

const saved = draftsOf([
  { id: 'q1', label: 'Notice period?', kind: 'short_text', required: false },
  { id: 'q2', label: 'Why us?', kind: 'long_text', required: true },
]);

describe('the application questions editor’s model', () => {
  it('sends the list in order, keeping ids and trimming labels, with no id for a new question', () => {
    const added = { ...newDraft(), label: '  Can you start in May?  ', kind: 'yes_no' as const };
    expect(bodyOf([added, ...saved])).toEqual([
      { label: 'Can you start in May?', kind: 'yes_no', required: false },
      { id: 'q1', label: 'Notice period?', kind: 'short_text', required: false },
      { id: 'q2', label: 'Why us?', kind: 'long_text', required: true },
    ]);
  });

  it('refuses a blank or too long label, and too many questions', () => {
    const blank = { ...newDraft(), label: '   ' };
    const long = { ...newDraft(), label: 'x'.repeat(201) };
    const errors = validateQuestions([...saved, blank, long]);
    expect(errors.rows).toEqual({ [blank.key]: WEBSITE_TEXTS.questionLabelRequired, [long.key]: WEBSITE_TEXTS.questionLabelMax });
    expect(errors.list).toBeNull();
    const many = Array.from({ length: CAREER_QUESTIONS_MAX + 1 }, () => ({ ...newDraft(), label: 'Q' }));
    expect(validateQuestions(many).list).toBe(WEBSITE_TEXTS.questionsMax);
    expect(hasErrors(validateQuestions(saved))).toBe(false);
  });

  it('puts the server’s field messages on the rows they name', () => {
    const errors = serverErrors(saved, { 'questions.1.label': ['Too long.'], questions: ['At most 20.'], other: ['Ignored.'] });
    expect(errors.rows).toEqual({ q2: 'Too long.' });
    expect(errors.list).toBe('At most 20.');
  });

  it('moves an item, and ignores a move past either end', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(move(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
