import { describe, expect, it } from 'vitest';
import { checkUploadedFile, cleanFilename, DOC, DOCX, PDF, sniffDocument } from './uploaded-files.ts';

const zipWith = (name: string) => {
  const header = Buffer.alloc(30);
  header.write('PK\u0003\u0004', 0, 'latin1');
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, Buffer.from(name, 'latin1'), Buffer.alloc(16)]);
};

describe('uploaded files', () => {
  it('knows PDF, DOC and DOCX by their bytes only', () => {
    expect(sniffDocument(Buffer.from('%PDF-1.7\n'))).toBe(PDF);
    expect(sniffDocument(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe(DOC);
    expect(sniffDocument(Buffer.concat([zipWith('[Content_Types].xml'), zipWith('word/document.xml')]))).toBe(DOCX);
    expect(sniffDocument(zipWith('xl/workbook.xml'))).toBeNull();
    expect(sniffDocument(Buffer.from('<html>'))).toBeNull();
  });

  it('cleans the name and gives it the real extension', () => {
    expect(cleanFilename('C:\\Users\\a\\CV "final".exe', 'pdf', 'resume')).toBe('CV final.pdf');
    expect(cleanFilename('', 'docx', 'document')).toBe('document.docx');
    expect(cleanFilename('.pdf', 'pdf', 'resume')).toBe('resume.pdf');
  });

  it('checks a received file: missing, too large (or cut), of a wrong type, or fine', () => {
    const options = { maxBytes: 16, sniff: sniffDocument, fallbackName: 'document' };
    const pdf = Buffer.from('%PDF-1.7');
    expect(checkUploadedFile(null, options)).toEqual({ ok: false, problem: 'missing' });
    expect(checkUploadedFile({ bytes: Buffer.alloc(0), filename: 'a.pdf', truncated: false }, options)).toEqual({
      ok: false,
      problem: 'missing',
    });
    expect(checkUploadedFile({ bytes: Buffer.alloc(17), filename: 'a.pdf', truncated: false }, options)).toEqual({
      ok: false,
      problem: 'too_large',
    });
    expect(checkUploadedFile({ bytes: pdf, filename: 'a.pdf', truncated: true }, options)).toEqual({ ok: false, problem: 'too_large' });
    expect(checkUploadedFile({ bytes: Buffer.from('hello'), filename: 'a.pdf', truncated: false }, options)).toEqual({
      ok: false,
      problem: 'wrong_type',
    });
    expect(checkUploadedFile({ bytes: pdf, filename: 'cv.doc', truncated: false }, options)).toEqual({
      ok: true,
      bytes: pdf,
      filename: 'cv.pdf',
      type: PDF,
    });
  });
});
