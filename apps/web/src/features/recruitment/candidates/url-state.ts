import { APPLICATION_SORTS, APPLICATION_STATE_FILTERS, CANDIDATE_SOURCES, type CandidateSource } from '@hireloop/contract/candidates';
import { DEFAULT_PER_PAGE } from '@hireloop/contract/constants';

/**
 * The candidates screen keeps everything it shows in the URL query, so a reload or a shared
 * link shows the same view: `?view=board`, `?q=ana&stage=a,b&state=all&page=2&sort=name`…
 */
export type CandidateView = 'table' | 'board';
export type ApplicationSort = (typeof APPLICATION_SORTS)[number];
export type ApplicationStateFilter = (typeof APPLICATION_STATE_FILTERS)[number];

export type CandidateQuery = {
  view: CandidateView;
  search: string;
  stages: string[];
  state: ApplicationStateFilter;
  tag: string;
  source: CandidateSource | '';
  rating: number | null;
  appliedFrom: string | null;
  appliedTo: string | null;
  page: number;
  perPage: number;
  sort: ApplicationSort;
};

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_SORT: ApplicationSort = '-applied_at';

export const DEFAULT_QUERY: CandidateQuery = {
  view: 'table',
  search: '',
  stages: [],
  state: 'active',
  tag: '',
  source: '',
  rating: null,
  appliedFrom: null,
  appliedTo: null,
  page: 1,
  perPage: DEFAULT_PER_PAGE,
  sort: DEFAULT_SORT,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Reads the query; anything unknown or malformed falls back to its default. */
export function parseCandidateQuery(params: URLSearchParams): CandidateQuery {
  const rating = positiveInt(params.get('rating'));
  const perPage = positiveInt(params.get('per_page'));
  const from = params.get('from');
  const to = params.get('to');
  return {
    view: params.get('view') === 'board' ? 'board' : 'table',
    search: params.get('q')?.trim() ?? '',
    stages: (params.get('stage') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    state: oneOf(APPLICATION_STATE_FILTERS, params.get('state')) ?? 'active',
    tag: params.get('tag')?.trim() ?? '',
    source: oneOf(CANDIDATE_SOURCES, params.get('source')) ?? '',
    rating: rating !== null && rating <= 5 ? rating : null,
    appliedFrom: from !== null && DAY.test(from) ? from : null,
    appliedTo: to !== null && DAY.test(to) ? to : null,
    page: positiveInt(params.get('page')) ?? 1,
    perPage: perPage !== null && (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
    sort: oneOf(APPLICATION_SORTS, params.get('sort')) ?? DEFAULT_SORT,
  };
}

const PARAM_OF: Record<keyof CandidateQuery, string> = {
  view: 'view',
  search: 'q',
  stages: 'stage',
  state: 'state',
  tag: 'tag',
  source: 'source',
  rating: 'rating',
  appliedFrom: 'from',
  appliedTo: 'to',
  page: 'page',
  perPage: 'per_page',
  sort: 'sort',
};

/** What narrows the list: changing one of these goes back to page 1. */
const FILTER_KEYS: ReadonlyArray<keyof CandidateQuery> = [
  'search',
  'stages',
  'state',
  'tag',
  'source',
  'rating',
  'appliedFrom',
  'appliedTo',
  'perPage',
  'sort',
];

function serialise(key: keyof CandidateQuery, value: CandidateQuery[keyof CandidateQuery]): string | null {
  if (value === null || value === '') return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.join(',');
  if (JSON.stringify(value) === JSON.stringify(DEFAULT_QUERY[key])) return null;
  return String(value);
}

/**
 * The next search params: `patch` applied over the current ones, defaults left out (short,
 * shareable links), other parameters (such as `application`) kept. A filter change resets the page.
 */
export function withCandidateQuery(params: URLSearchParams, patch: Partial<CandidateQuery>): URLSearchParams {
  const next = new URLSearchParams(params);
  const entries = Object.entries(patch) as Array<[keyof CandidateQuery, CandidateQuery[keyof CandidateQuery]]>;
  for (const [key, value] of entries) {
    const text = serialise(key, value);
    if (text === null) next.delete(PARAM_OF[key]);
    else next.set(PARAM_OF[key], text);
  }
  if (!('page' in patch) && entries.some(([key]) => FILTER_KEYS.includes(key))) next.delete('page');
  return next;
}

/** Whether any filter narrows the list (for "no match" versus "no candidates yet"). */
export function isFiltered(query: CandidateQuery): boolean {
  return (
    query.search !== '' ||
    query.stages.length > 0 ||
    query.state !== 'active' ||
    query.tag !== '' ||
    query.source !== '' ||
    query.rating !== null ||
    query.appliedFrom !== null ||
    query.appliedTo !== null
  );
}

/** The `filter[...]` object the applications list and the export take (contract: candidates.ts). */
export function filtersOf(query: CandidateQuery): Record<string, string> {
  const filter: Record<string, string> = { state: query.state };
  if (query.search !== '') filter.search = query.search;
  if (query.stages.length > 0) filter.status = query.stages.join(',');
  if (query.tag !== '') filter.tag = query.tag;
  if (query.source !== '') filter.source = query.source;
  if (query.rating !== null) filter.rating = String(query.rating);
  if (query.appliedFrom !== null) filter.applied_from = query.appliedFrom;
  if (query.appliedTo !== null) filter.applied_to = query.appliedTo;
  return filter;
}

/** The list call's query: `page`, `per_page`, `sort` and `filter[...]`. */
export function listParamsOf(query: CandidateQuery): {
  page: number;
  per_page: number;
  sort: ApplicationSort;
  filter: Record<string, string>;
} {
  return { page: query.page, per_page: query.perPage, sort: query.sort, filter: filtersOf(query) };
}
