import { describe, expect, it } from 'vitest';
import { personMentions, withoutMentions } from './person-mentions.ts';

const zelda = { name: 'Zelda Quistmarrow', email: 'zelda.q@example.test', phone: '+44 20 7946 0101' };

describe('mentions of a person being erased', () => {
  it('finds each word of the name in any case, the e-mail and the phone whatever its separators', () => {
    expect(
      withoutMentions(
        'Ms QUISTMARROW (zelda.q@Example.test, +442079460101 or +44 (20) 7946-0101); Zelda’s notes; Quistmarrow-Smith',
        zelda,
      ),
    ).toBe('Ms [erased] ([erased], [erased] or [erased]); [erased]’s notes; [erased]-Smith');
  });

  it('replaces the whole name as one mention', () => {
    expect(withoutMentions('moved Zelda  quistmarrow to Screen', zelda)).toBe('moved [erased] to Screen');
  });

  it('leaves other words that contain a name word, initials and short numbers alone', () => {
    const al = { name: 'Al B Zel', email: null, phone: '123' };
    expect(withoutMentions('Always Zelda; Al was in room 123 at 10:00', al)).toBe('Always Zelda; [erased] was in room 123 at 10:00');
  });

  it('reads a name with characters that mean something in a regular expression as text', () => {
    expect(withoutMentions('Dr. (Who) and Dr', { name: 'Dr. (Who)', email: null })).toBe('[erased] and Dr');
    expect(personMentions({ name: ' ', email: null, phone: null })).toBeNull();
  });
});
