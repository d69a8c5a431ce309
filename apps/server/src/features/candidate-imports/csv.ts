import { CANDIDATE_TEXTS, IMPORT_MAX_ROWS, importMapping, type ImportField } from '@hireloop/contract/candidates';
import { setImmediate } from 'node:timers/promises';
import { parse, type CsvError, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { validationFailed } from '../../http/errors.ts';

/**
 * A data row of the file: the line it starts on (the header is line 1) and its cells by field, or
 * `broken` with the reason when the line could not be read as CSV (its cells are then empty).
 */
export type CsvRow = { row: number; cells: Partial<Record<ImportField, string>>; broken?: string };

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

/** `\r\n` and a lone `\r` become `\n` (so lines are counted right), also when a `\r\n` is cut between two pieces. */
async function* unixLineEnds(source: AsyncIterable<string>): AsyncGenerator<string> {
  let carriage = false;
  for await (let piece of source) {
    if (carriage) piece = `\r${piece}`;
    carriage = piece.endsWith('\r');
    if (carriage) piece = piece.slice(0, -1);
    const out = piece.replace(/\r\n?/g, '\n');
    if (out) yield out;
  }
  if (carriage) yield '\n';
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
  CSV_QUOTE_NOT_CLOSED: 'a quote on this line is never closed (the lines after it are read on their own)',
  CSV_INVALID_CLOSING_QUOTE: 'a quote inside a field is not doubled',
  INVALID_OPENING_QUOTE: 'a field has a quote but does not start with one',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'there is text after a closing quote',
  CSV_MAX_RECORD_SIZE: 'the row is longer than 100,000 characters (is a quote never closed?); the lines after it could not be read',
};
const RAN_TOGETHER = CSV_PROBLEMS.CSV_QUOTE_NOT_CLOSED!;
const brokenReason = (problem: string) => `This line could not be read as CSV: ${problem}.`;

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

/** csv-parse's options for the import: lenient quotes and column counts; a record it cannot read is skipped and reported, never fatal. */
const LENIENT = {
  bom: true,
  relax_quotes: true,
  relax_column_count: true,
  skip_empty_lines: true,
  skip_records_with_error: true,
  max_record_size: 100_000,
  raw: true,
} satisfies Options;

/** What csv-parse reports, in file order: a record with its raw text, or a record it skipped with the error and raw text. */
type CsvEvent = { record: string[]; raw: string } | { error: CsvError; raw: string };
/** A line's outcome: its cells, or why it could not be read. */
type Line = { line: number; record?: string[]; broken?: string };

const newlines = (text: string) => text.split('\n').length - 1;

/** The parser options that collect every record and skipped record, in order, into `events` (nothing is emitted). */
function collecting(events: CsvEvent[], options: Options): Options {
  return {
    ...options,
    // With `raw`, csv-parse hands on_record the record and its raw text (its types do not say so).
    on_record: (output: unknown) => {
      const r = output as { record: string[]; raw: string };
      events.push({ record: r.record, raw: r.raw });
      return null;
    },
    on_skip: (error: CsvError | undefined, raw: string | undefined) => {
      if (error) events.push({ error, raw: raw ?? '' });
    },
  };
}

/**
 * Turns csv-parse's events into lines. Its raw text says where each record starts (it carries the
 * empty lines before it) and ends. A record csv-parse skipped, or one that ran over several lines
 * with a line break in a mapped cell (no mapped field may hold one), is what a quote never closed
 * looks like: its first line is reported broken and the lines after it are read again. A one-line
 * record with an odd number of quotes (such as the line whose quote would have closed the stray one)
 * is reported broken too, not read as a row; quotes inside a field that pair up (`Ann "Annie" Lee`) are kept.
 */
class LineCounter {
  /** The last line read so far. */
  private last: number;
  private readonly delimiter: string;
  private readonly mappedCells: () => number[] | undefined;
  /** Set when reading the lines after a broken one: that line (a later line's odd quote closes its stray one). */
  private readonly strayQuoteOn: number | undefined;
  constructor(firstLine: number, delimiter: string, mappedCells: () => number[] | undefined, strayQuoteOn?: number) {
    this.last = firstLine - 1;
    this.delimiter = delimiter;
    this.mappedCells = mappedCells;
    this.strayQuoteOn = strayQuoteOn;
  }

  lines(event: CsvEvent): Line[] {
    const body = event.raw.replace(/^\n+/, '');
    const start = this.last + 1 + (event.raw.length - body.length);
    this.last = start + newlines(body.replace(/\n$/, ''));
    if ('error' in event) {
      if (event.error.code === 'CSV_MAX_RECORD_SIZE') return [{ line: start, broken: brokenReason(CSV_PROBLEMS.CSV_MAX_RECORD_SIZE!) }];
      return this.recover(body, start, CSV_PROBLEMS[event.error.code] ?? 'it is not valid CSV');
    }
    const mapped = this.mappedCells();
    if (mapped && this.last > start && mapped.some((at) => (event.record[at] ?? '').includes('\n'))) {
      return this.recover(body, start, RAN_TOGETHER);
    }
    // Quotes come in pairs in CSV (around a field, and doubled inside one): an odd number on one line is a stray quote.
    if (this.last === start && (body.match(/"/g)?.length ?? 0) % 2 === 1) {
      const problem =
        this.strayQuoteOn === undefined
          ? 'a quote on this line has no partner'
          : `its quote closes the one left open on line ${this.strayQuoteOn}`;
      return [{ line: start, broken: brokenReason(problem) }];
    }
    return [{ line: start, record: event.record }];
  }

  private recover(body: string, start: number, problem: string): Line[] {
    const out: Line[] = [{ line: start, broken: brokenReason(problem) }];
    const breakAt = body.indexOf('\n');
    const rest = breakAt < 0 ? '' : body.slice(breakAt + 1);
    if (rest.trim() === '') return out;
    const events: CsvEvent[] = [];
    parseSync(rest, collecting(events, { ...LENIENT, bom: false, delimiter: this.delimiter }));
    const inner = new LineCounter(start + 1, this.delimiter, this.mappedCells, start);
    for (const e of events) out.push(...inner.lines(e));
    return out;
  }
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
 * in batches of `batchSize`; a line that is not valid CSV comes as a broken row (with the reason)
 * and the rows after it are read on. Parsing happens a small piece at a time, and the event loop
 * gets a turn between pieces and after each batch, so a 20 MB file never holds the process up for long.
 */
export async function* readCsvBatches(
  chunks: AsyncIterable<Uint8Array>,
  mapping: Partial<Record<ImportField, string>>,
  batchSize: number,
): AsyncGenerator<CsvRow[]> {
  const text = unixLineEnds(decodeUtf8(chunks))[Symbol.asyncIterator]();
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
  const events: CsvEvent[] = [];
  const parser = parse(collecting(events, { ...LENIENT, delimiter }));
  // Errors are read from `parser.errored` (set at once; the event comes a tick later); this keeps the event handled.
  parser.on('error', () => undefined);
  const failed = () => {
    if (parser.errored) throw parser.errored;
  };
  const feed = async function* () {
    if (head) for (let at = 0; at < head.length; at += PARSE_CHARS) yield head.slice(at, at + PARSE_CHARS);
    if (!ended) yield* pieces(text);
  };

  let index: Partial<Record<ImportField, number>> | undefined;
  const counter = new LineCounter(1, delimiter, () => (index ? Object.values(index) : undefined));
  const batch: CsvRow[] = [];
  let sliceStart = performance.now();
  const take = () => {
    for (const event of events.splice(0)) {
      for (const line of counter.lines(event)) {
        if (!index) {
          // The header: a broken one (or none) names no columns.
          index = mapColumns(line.record ?? [], mapping);
          continue;
        }
        if (line.broken !== undefined) {
          batch.push({ row: line.line, cells: {}, broken: line.broken });
          continue;
        }
        const record = line.record ?? [];
        if (record.every((c) => c.trim() === '')) continue;
        const cells: Partial<Record<ImportField, string>> = {};
        for (const [field, at] of Object.entries(index) as [ImportField, number][]) cells[field] = (record[at] ?? '').trim();
        batch.push({ row: line.line, cells });
      }
    }
  };
  try {
    for await (const piece of feed()) {
      parser.write(piece);
      failed();
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
    for await (const _ of parser) void _;
    failed();
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
