import { describe, expect, it } from 'vitest';
import { describeDueDays } from './components/templates-section.tsx';

describe('onboarding templates', () => {
  it('says when a template task is due, relative to the start date', () => {
    expect(describeDueDays(0)).toBe('on the start date');
    expect(describeDueDays(-1)).toBe('1 day before the start date');
    expect(describeDueDays(7)).toBe('7 days after the start date');
  });
});
