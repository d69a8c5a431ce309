import { describe, expect, it } from 'vitest';
import { CANDIDATE_TEXTS } from '@hireloop/contract/candidates';
import { autoMatch, completeMapping, importFileProblem } from './import-mapping.ts';

describe('CSV import mapping', () => {
  it('matches the usual header spellings to fields', () => {
    expect(autoMatch(['Full name', 'E-mail', 'Phone number', 'City', 'LinkedIn URL', 'Tags', 'Notes'])).toEqual({
      name: 'Full name',
      email: 'E-mail',
      phone: 'Phone number',
      location: 'City',
      links: 'LinkedIn URL',
      tags: 'Tags',
    });
    expect(autoMatch(['Name', 'Email', 'Source', 'GDPR consent'])).toEqual({
      name: 'Name',
      email: 'Email',
      source: 'Source',
      consent: 'GDPR consent',
    });
    expect(autoMatch(['Column A', 'Column B'])).toEqual({});
  });

  it('uses one header for one field only', () => {
    expect(autoMatch(['Name', 'name'])).toEqual({ name: 'Name' });
  });

  it('needs a name and an e-mail column and sends only mapped fields', () => {
    expect(completeMapping({ name: 'Name' })).toBeNull();
    expect(completeMapping({ name: 'Name', email: 'Mail', phone: null, tags: '' })).toEqual({ name: 'Name', email: 'Mail' });
  });

  it('refuses files that are not .csv or too large before reading them', () => {
    expect(importFileProblem(new File(['a'], 'people.xlsx'))).toBe('Choose a .csv file.');
    const big = new File(['a'], 'big.csv');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    expect(importFileProblem(big)).toBe(CANDIDATE_TEXTS.importTooLarge);
    expect(importFileProblem(new File(['name,email\n'], 'ok.CSV'))).toBeNull();
  });
});
