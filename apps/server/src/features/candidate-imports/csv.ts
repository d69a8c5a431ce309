import { CANDIDATE_TEXTS, IMPORT_MAX_ROWS, importMapping, type ImportField } from '@hireloop/contract/candidates';
import { setImmediate } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { validationFailed } from '../../http/errors.ts';

/** A data row of the file: its row number (the header is row 1; a quoted line break does not count) and its cells by field. */
export type CsvRow = { row: number; cells: Partial<Record<ImportField, string>> };

const encodingRefused = () => validationFailed({ file: [CANDIDATE_TEXTS.importEncoding] }, CANDIDATE_TEXTS.importEncoding);

/**
 * The bytes as text, chunk by chunk: refuses UTF-16 (by its byte-order mark) and any byte sequence
 * that is not valid UTF-8, also one cut between two chunks; drops a UTF-8 byte-order mark.
 */
export async function* decodeUtf8(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let first = true;
  for await (const chunk of chunks) {
    if (chunk.length === 0) continue;
    if (first && chunk.length >= 2 && ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)))
      throw encodingRefused();
    first = false;
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      throw encodingRefused();
    }
    if (text) yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw encodingRefused();
  }
  if (rest) yield rest;
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

/** Text read before the delimiter is chosen (the header line is in it unless it is absurdly long). */
const HEAD_CHARS = 64 * 1024;
/** Longest stretch of parsing between two turns of the event loop. */
const SLICE_MS = 2;
/** A chunk handed to the parser at once: a few milliseconds of parsing at most. */
const PARSE_CHARS = 8 * 1024;

function csvRefused(error: CsvError): never {
  // A quote never closed is only noticed at the end of the file: no useful line to name.
  const line = typeof error.lines === 'number' && error.code !== 'CSV_QUOTE_NOT_CLOSED' ? ` near line ${error.lines}` : '';
  const problem = CSV_PROBLEMS[error.code] ?? 'it is not valid CSV';
  const message = `The CSV file could not be read${line}: ${problem}.`;
  throw validationFailed({ file: [message] }, message);
}

/** The decoded text in pieces of at most PARSE_CHARS, the first of them at least the head (for the delimiter). */
async function* pieces(text: AsyncIterator<string>): AsyncGenerator<string> {
  for (;;) {
    const next = await text.next();
    if (next.done) return;
    for (let at = 0; at < next.value.length; at += PARSE_CHARS) yield next.value.slice(at, at + PARSE_CHARS);
  }
}

/**
 * Reads the file as a stream: UTF-8 only, quoted fields, `,`/`;`/tab (chosen from the header line).
 * Checks the mapped columns exist in the header, then yields the data rows with their mapped cells
 * in batches of `batchSize`. Parsing happens a small piece at a time, and the event loop gets a turn
 * between pieces and after each batch, so a 20 MB file never holds the process up for long.
 */
export async function* readCsvBatches(
  chunks: AsyncIterable<Uint8Array>,
  mapping: Partial<Record<ImportField, string>>,
  batchSize: number,
): AsyncGenerator<CsvRow[]> {
  const text = decodeUtf8(chunks)[Symbol.asyncIterator]();
  let head = '';
  let ended = false;
  while (head.length < HEAD_CHARS) {
    const next = await text.next();
    if (next.done) {
      ended = true;
      break;
    }
    head += next.value;
  }
  const delimiter = detectDelimiter(head.replace(/^\uFEFF/, ''));
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true, max_record_size: 100_000 });
  const records: string[][] = [];
  // Errors are read from `parser.errored` (set at once; the event comes a tick later); this keeps the event handled.
  parser.on('error', () => undefined);
  /** Takes the records the parser has ready; write() parses synchronously, so they are there when it returns. */
  const drain = () => {
    let record: string[] | null;
    while ((record = parser.read() as string[] | null) !== null) records.push(record);
    const failure = parser.errored;
    if (failure instanceof CsvError) csvRefused(failure);
    if (failure) throw failure;
  };
  const feed = async function* () {
    if (head) for (let at = 0; at < head.length; at += PARSE_CHARS) yield head.slice(at, at + PARSE_CHARS);
    if (!ended) yield* pieces(text);
  };

  let index: Partial<Record<ImportField, number>> | undefined;
  let recordNo = 0;
  const batch: CsvRow[] = [];
  let sliceStart = performance.now();
  const take = () => {
    for (const record of records.splice(0)) {
      recordNo++;
      if (!index) {
        index = mapColumns(record, mapping);
        continue;
      }
      if (record.every((c) => c.trim() === '')) continue;
      const cells: Partial<Record<ImportField, string>> = {};
      for (const [field, at] of Object.entries(index) as [ImportField, number][]) cells[field] = (record[at] ?? '').trim();
      batch.push({ row: recordNo, cells });
    }
  };
  try {
    for await (const piece of feed()) {
      parser.write(piece);
      drain();
      take();
      while (batch.length >= batchSize) {
        await setImmediate();
        yield batch.splice(0, batchSize);
        sliceStart = performance.now();
      }
      if (performance.now() - sliceStart >= SLICE_MS) {
        await setImmediate();
        sliceStart = performance.now();
      }
    }
    // The last record (no line break after it) and an unclosed quote come out when the parser ends.
    parser.end();
    try {
      for await (const record of parser) records.push(record as string[]);
    } catch (error) {
      if (error instanceof CsvError) csvRefused(error);
      throw error;
    }
    take();
    if (!index) mapColumns([], mapping);
    // Every batch, the last ones too, comes after a turn of the event loop: a parse that ends with
    // thousands of buffered records must not hand them over in one synchronous run.
    while (batch.length > 0) {
      await setImmediate();
      yield batch.splice(0, batchSize);
    }
  } finally {
    if (!parser.destroyed) parser.destroy();
  }
}

/** The position of each mapped column in the header; a missing one is refused. */
function mapColumns(header: string[], mapping: Partial<Record<ImportField, string>>): Partial<Record<ImportField, number>> {
  const columns = header.map((h) => h.trim());
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
  return index;
}

/** An upload held in memory, as a stream of chunks (the same reading as a stored file's). */
export async function* chunksOf(bytes: Buffer, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * Checks the whole file before anything is imported (encoding, CSV syntax, mapped columns, at least
 * one and at most IMPORT_MAX_ROWS rows), reading it as a stream; returns its number of rows.
 */
export async function countCsvRows(chunks: AsyncIterable<Uint8Array>, mapping: Partial<Record<ImportField, string>>): Promise<number> {
  let rows = 0;
  for await (const batch of readCsvBatches(chunks, mapping, 500)) {
    rows += batch.length;
    if (rows > IMPORT_MAX_ROWS) throw validationFailed({ file: [CANDIDATE_TEXTS.importTooManyRows] }, CANDIDATE_TEXTS.importTooManyRows);
  }
  if (rows === 0) throw validationFailed({ file: [CANDIDATE_TEXTS.importEmpty] }, CANDIDATE_TEXTS.importEmpty);
  return rows;
}
