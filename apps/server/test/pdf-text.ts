import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The text of a PDF, page by page joined with newlines (pdf.js from Node, no worker). */
export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<{ text: string; pages: number }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = bytes instanceof Uint8Array ? new Uint8Array(bytes) : new Uint8Array(bytes);
  const standardFontDataUrl = `${path.dirname(require.resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
  const doc = await getDocument({ data, useSystemFonts: false, isEvalSupported: false, standardFontDataUrl }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: parts.join('\n').replace(/\s+/g, ' '), pages };
}

/** Fetches a binary response. */
export async function fetchBytes(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
