import { CANDIDATE_SOURCE_LABELS, EXPORT_COLUMNS, type CandidateSource } from '@hireloop/contract/candidates';
import { stringify } from 'csv-stringify/sync';
import type { ApplicationListRow } from './repository.ts';

/** Excel reads a UTF-8 file right only with the byte order mark. */
const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab or carriage return that
 * some strip before looking) gets a leading apostrophe, so it shows as text (CSV injection).
 */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

function cellsOf(r: ApplicationListRow): string[] {
  return [
    r.candidateName,
    r.candidateEmail ?? '',
    r.candidatePhone ?? '',
    r.candidateLocation ?? '',
    r.statusName,
    r.rating === null ? '' : String(r.rating),
    CANDIDATE_SOURCE_LABELS[r.source as CandidateSource] ?? r.source,
    r.tags.join(', '),
    day(r.appliedAt),
    day(r.rejectedAt),
    r.rejectionReason ?? '',
  ];
}

/** The export as one string: BOM, header row, a row per application (CRLF line ends, as RFC 4180). */
export function applicationsCsv(rows: ApplicationListRow[]): string {
  const records = [[...EXPORT_COLUMNS], ...rows.map((r) => cellsOf(r).map(neutralise))];
  return BOM + stringify(records, { record_delimiter: 'windows' });
}

/** `Backend Engineer (Lisbon)` → `Backend_Engineer_Lisbon-candidates.csv`: ASCII only, for every browser. */
export function exportFilename(recruitmentName: string): string {
  const base = recruitmentName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[_.]+|[_.]+$/g, '')
    .slice(0, 80);
  return `${base || 'recruitment'}-candidates.csv`;
}
