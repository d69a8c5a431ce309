import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89 }; // A4
const MARGIN = 64;
const BODY_SIZE = 11;
const LINE = 16;
const HEADING_SIZE = 18;
const FOOTER_SIZE = 8;
const TEXT = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.45, 0.45, 0.5);

/** The standard fonts encode WinAnsi only: anything else is replaced so rendering never fails. */
function encodable(font: PDFFont) {
  const supported = new Set(font.getCharacterSet());
  return (text: string) =>
    Array.from(text.normalize('NFC'), (ch) => {
      if (supported.has(ch.codePointAt(0)!)) return ch;
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      return base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
    }).join('');
}

/** Splits one paragraph into lines no wider than `width`; words longer than a line are broken. */
export function wrapParagraph(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

export type LetterPdfInput = {
  organisation: string;
  title: string;
  /** The rendered letter; blank lines separate paragraphs, single newlines break lines. */
  text: string;
};

/** A clean A4 letter: the organisation's name as the heading, the text wrapped, pages numbered. */
export async function renderLetterPdf(input: LetterPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${input.title} — ${input.organisation}`);
  doc.setAuthor(input.organisation);
  doc.setCreator('Hireloop');
  doc.setProducer('Hireloop');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = encodable(regular);
  const width = PAGE.width - 2 * MARGIN;

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  for (const line of wrapParagraph(clean(input.organisation), bold, HEADING_SIZE, width)) {
    y -= HEADING_SIZE;
    page.drawText(line, { x: MARGIN, y, size: HEADING_SIZE, font: bold, color: TEXT });
    y -= 6;
  }
  y -= 6;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: PAGE.width - MARGIN, y }, thickness: 0.75, color: MUTED });
  y -= 24;
  page.drawText(clean(input.title), { x: MARGIN, y, size: 13, font: bold, color: TEXT });
  y -= LINE * 1.5;

  const paragraphs = input.text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  for (const [i, paragraph] of paragraphs.entries()) {
    const lines = paragraph.split('\n').flatMap((l) => {
      const wrapped = wrapParagraph(clean(l), regular, BODY_SIZE, width);
      return wrapped.length ? wrapped : [''];
    });
    for (const line of lines) {
      if (y - LINE < MARGIN + 20) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - MARGIN;
      }
      y -= LINE;
      if (line) page.drawText(line, { x: MARGIN, y, size: BODY_SIZE, font: regular, color: TEXT });
    }
    if (i < paragraphs.length - 1) y -= LINE * 0.6;
  }

  const pages = doc.getPages();
  for (const [i, p] of pages.entries()) {
    const label = `${clean(input.organisation)} · Page ${i + 1} of ${pages.length}`;
    const w = regular.widthOfTextAtSize(label, FOOTER_SIZE);
    p.drawText(label, { x: (PAGE.width - w) / 2, y: MARGIN / 2, size: FOOTER_SIZE, font: regular, color: MUTED });
  }
  return doc.save({ useObjectStreams: false });
}
