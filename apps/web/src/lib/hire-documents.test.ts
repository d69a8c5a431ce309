import { describe, expect, it } from 'vitest';
import { ONBOARDING_TEXTS } from '@hireloop/contract/onboarding';
import { hireDocumentProblem } from './hire-documents.ts';

describe('hire documents', () => {
  it('takes PDF, PNG, JPEG, DOC and DOCX up to 10 MB, by type or (without one) by extension', () => {
    expect(hireDocumentProblem({ name: 'passport.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(hireDocumentProblem({ name: 'photo.JPG', type: '', size: 1000 })).toBeNull();
    expect(hireDocumentProblem({ name: 'cv.docx', type: 'application/octet-stream', size: 1000 })).toBeNull();
    expect(hireDocumentProblem({ name: 'setup.exe', type: 'application/x-msdownload', size: 1000 })).toBe(ONBOARDING_TEXTS.fileType);
    expect(hireDocumentProblem({ name: 'notes.txt', type: '', size: 1000 })).toBe(ONBOARDING_TEXTS.fileType);
    expect(hireDocumentProblem({ name: 'big.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe(
      ONBOARDING_TEXTS.fileTooLarge,
    );
    expect(hireDocumentProblem({ name: 'empty.pdf', type: 'application/pdf', size: 0 })).toBe(ONBOARDING_TEXTS.fileMissing);
  });
});
