import { describe, expect, it } from 'vitest';
import { brandPair, contrast, readableOn, shadeFor } from './colours.ts';
import { APPLY_LIMITS, APPLY_TEXTS } from '../limits.ts';
import type { CareersRole } from '../model.ts';
import { checkApplyFields } from '@hireloop/contract/careers-form';
import { checkApplication } from '../apply.ts';
import { checkFormValues, FORM_SCRIPT, formRules, resumeErrors } from './form-script.ts';
import { scriptJson } from './json-ld.ts';
import { excerpt, plainText } from './layout.ts';
import { demoteHeadings } from './role.ts';

describe('brand colours', () => {
  it('pairs the brand colour with a text colour that reads on it, darkening mid-tones', () => {
    for (const brand of ['#1c7ed6', '#ffd43b', '#2f9e44', '#000000', '#ffffff', '#868e96', '#e64980', '#40c057', '#fd7e14']) {
      const pair = brandPair(brand);
      expect(contrast(pair.background, pair.text), brand).toBeGreaterThanOrEqual(4.5);
    }
    expect(brandPair('#ffd43b')).toEqual({ background: '#ffd43b', text: '#111418' });
    expect(brandPair('#1864ab')).toEqual({ background: '#1864ab', text: '#ffffff' });
    expect(brandPair('#1c7ed6').text).toBe('#ffffff');
    expect(brandPair('#1c7ed6').background).not.toBe('#1c7ed6');
    expect(readableOn('#ffd43b')).toBe('#111418');
  });

  it('darkens a light brand colour until it reads on white, and keeps a dark one', () => {
    for (const brand of ['#ffd43b', '#74c0fc', '#ffffff', '#1c7ed6'])
      expect(contrast(shadeFor(brand), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(shadeFor('#1864ab')).toBe('#1864ab');
  });
});

describe('JSON-LD in a script element', () => {
  it('escapes what could end the element or start a comment, and still parses to the same value', () => {
    const value = { description: '</script><script>alert(1)</script><!-- & \u2028' };
    const out = scriptJson(value);
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('text helpers', () => {
  it('turns HTML into plain text with entities decoded, and cuts at a word', () => {
    expect(plainText('<h2>About</h2><p>Fast &amp; calm&nbsp;team &#39;22 &lt;3</p>')).toBe("About Fast & calm team '22 <3");
    expect(excerpt('one two three four', 12)).toBe('one two…');
  });

  it('shifts description headings below the page’s h2', () => {
    expect(demoteHeadings('<h2>A</h2><h3>B</h3>')).toBe('<h3>A</h3><h4>B</h4>');
    expect(demoteHeadings('<h1>A</h1>')).toBe('<h3>A</h3>');
    expect(demoteHeadings('<h4>A</h4>')).toBe('<h4>A</h4>');
  });
});

describe('the application form’s browser-side check', () => {
  const role = {
    questions: [
      { id: 'visa', label: 'Visa?', kind: 'yes_no', required: true },
      { id: 'why', label: 'Why?', kind: 'long_text', required: false },
    ],
  } as unknown as CareersRole;
  const rules = formRules(role, []);
  const valid = { name: 'Ada', email: 'ada@example.com', links: 'https://ada.example.com', q_visa: 'no', consent: 'yes' };
  const pdf = { name: 'cv.PDF', size: 1000, type: '' };

  it('passes a good form and reports every problem with the server’s messages', () => {
    expect(checkFormValues(valid, pdf, rules)).toEqual({});
    expect(checkFormValues({ email: 'nope', phone: 'abc', links: 'ftp://x', q_why: 'x'.repeat(5001) }, null, rules)).toEqual({
      name: APPLY_TEXTS.nameRequired,
      email: APPLY_TEXTS.emailInvalid,
      phone: APPLY_TEXTS.phoneInvalid,
      links: APPLY_TEXTS.linksInvalid,
      resume: APPLY_TEXTS.resumeRequired,
      q_visa: APPLY_TEXTS.answerYesNo,
      q_why: APPLY_TEXTS.answerMax(5000),
      consent: APPLY_TEXTS.consentRequired,
    });
  });

  it('checks the résumé by extension or type and size', () => {
    expect(checkFormValues(valid, { name: 'cv.png', size: 10, type: 'image/png' }, rules).resume).toBe(APPLY_TEXTS.resumeType);
    expect(checkFormValues(valid, { name: 'cv', size: 10, type: 'application/msword' }, rules).resume).toBeUndefined();
    expect(checkFormValues(valid, { ...pdf, size: APPLY_LIMITS.resumeBytes + 1 }, rules).resume).toBe(APPLY_TEXTS.resumeTooLarge);
    expect(checkFormValues(valid, { ...pdf, size: 0 }, rules).resume).toBe(APPLY_TEXTS.resumeRequired);
  });

  it('ships the server’s own field check (its source) and the résumé check in a script that parses', () => {
    expect(FORM_SCRIPT).toContain(checkApplyFields.toString());
    expect(FORM_SCRIPT).toContain(resumeErrors.toString());
    expect(() => new Function(FORM_SCRIPT)).not.toThrow();
  });

  it('agrees with the server’s check of a sent form on every field but the résumé (the server sniffs its bytes)', () => {
    const cases: Record<string, string>[] = [
      {},
      { email: 'Ada@Example.COM' },
      { email: 'ada@localhost' },
      { email: 'a..b@example.com' },
      { links: 'https:example.com' },
      { links: 'HTTPS://EXAMPLE.COM\nhttps://example.com' },
      { links: 'javascript:alert(1)' },
      { links: `https://example.com/${'x'.repeat(481)}` },
      { phone: '+44 (0)20 7946-0000' },
      { phone: '0800 CALL ME' },
      { name: '', consent: 'no', q_visa: 'maybe', q_why: 'x'.repeat(5001) },
    ];
    for (const c of cases) {
      const values = { ...valid, ...c };
      const server = checkApplication({ values, file: null, problem: null }, role);
      const serverErrors = server.ok ? {} : Object.fromEntries(Object.entries(server.errors).map(([k, v]) => [k, v[0]]));
      expect(checkFormValues(values, null, rules), JSON.stringify(c)).toEqual(serverErrors);
    }
  });
});
