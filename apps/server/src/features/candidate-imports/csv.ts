import { CANDIDATE_TEXTS, IMPORT_MAX_ROWS, importMapping, type ImportField } from '@hireloop/contract/candidates';
import { CsvError, parse } from 'csv-parse/sync';
import { validationFailed } from '../../http/errors.ts';

/** A data row of the file: its row number as a spreadsheet shows it (the header is row 1) and its cells by field. */
export type CsvRow = { row: number; cells: Partial<Record<ImportField, string>> };

/** Refuses UTF-16 (by its byte-order mark) and any byte sequence that is not valid UTF-8; returns the text without a BOM. */
export function decodeUtf8(bytes: Buffer): string {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    throw validationFailed({ file: [CANDIDATE_TEXTS.importEncoding] }, CANDIDATE_TEXTS.importEncoding);
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return text;
  } catch {
    throw validationFailed({ file: [CANDIDATE_TEXTS.importEncoding] }, CANDIDATE_TEXTS.importEncoding);
  }
}

/** `,`, `;` or tab: whichever occurs most in the header line outside quotes (spreadsheets in many locales write `;`). */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c in counts) counts[c]!++;
  }
  let best = ',';
  for (const d of [';', '\t']) if (counts[d]! > counts[best]!) best = d;
  return best;
}

const CSV_PROBLEMS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a field is not doubled',
  INVALID_OPENING_QUOTE: 'a field has a quote but does not start with one',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'there is text after a closing quote',
  CSV_MAX_RECORD_SIZE: 'a row is too long',
};

/** Parses the mapping field: field → column header; name and email are required. */
export function parseMapping(raw: string | undefined): Partial<Record<ImportField, string>> {
  let json: unknown;
  try {
    json = raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const parsed = importMapping.safeParse(json);
  if (!parsed.success) throw validationFailed({ mapping: [CANDIDATE_TEXTS.importMappingRequired] }, CANDIDATE_TEXTS.importMappingRequired);
  const mapping: Partial<Record<ImportField, string>> = {};
  for (const [field, column] of Object.entries(parsed.data) as [ImportField, string | null | undefined][]) {
    if (column?.trim()) mapping[field] = column.trim();
  }
  if (!mapping.name || !mapping.email) {
    throw validationFailed({ mapping: [CANDIDATE_TEXTS.importMappingRequired] }, CANDIDATE_TEXTS.importMappingRequired);
  }
  return mapping;
}

/**
 * Reads the whole file (already size-checked): UTF-8 only, quoted fields, `,`/`;`/tab. Checks the
 * mapped columns exist in the header and the row count; returns the rows with their mapped cells.
 */
export function readCsv(bytes: Buffer, mapping: Partial<Record<ImportField, string>>): CsvRow[] {
  const text = decodeUtf8(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: detectDelimiter(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 100_000,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      // A quote never closed is only noticed at the end of the file: no useful line to name.
      const line = typeof error.lines === 'number' && error.code !== 'CSV_QUOTE_NOT_CLOSED' ? ` near line ${error.lines}` : '';
      const problem = CSV_PROBLEMS[error.code] ?? 'it is not valid CSV';
      const message = `The CSV file could not be read${line}: ${problem}.`;
      throw validationFailed({ file: [message] }, message);
    }
    throw error;
  }
  const [header, ...data] = records;
  const columns = (header ?? []).map((h) => h.trim());
  const index: Partial<Record<ImportField, number>> = {};
  for (const [field, column] of Object.entries(mapping) as [ImportField, string][]) {
    let at = columns.indexOf(column.trim());
    if (at < 0) at = columns.findIndex((c) => c.toLowerCase() === column.trim().toLowerCase());
    if (at < 0) {
      const message = CANDIDATE_TEXTS.importColumnMissing.replace('{column}', column);
      throw validationFailed({ [`mapping.${field}`]: [message] }, message);
    }
    index[field] = at;
  }
  const rows: CsvRow[] = [];
  data.forEach((record, i) => {
    if (record.every((c) => c.trim() === '')) return;
    const cells: Partial<Record<ImportField, string>> = {};
    for (const [field, at] of Object.entries(index) as [ImportField, number][]) cells[field] = (record[at] ?? '').trim();
    rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) throw validationFailed({ file: [CANDIDATE_TEXTS.importEmpty] }, CANDIDATE_TEXTS.importEmpty);
  if (rows.length > IMPORT_MAX_ROWS)
    throw validationFailed({ file: [CANDIDATE_TEXTS.importTooManyRows] }, CANDIDATE_TEXTS.importTooManyRows);
  return rows;
}
