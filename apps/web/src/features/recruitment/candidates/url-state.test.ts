import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY, filtersOf, isFiltered, listParamsOf, parseCandidateQuery, withCandidateQuery } from './url-state.ts';

const parse = (search: string) => parseCandidateQuery(new URLSearchParams(search));

describe('candidates URL state', () => {
  it('reads every filter, the view, paging and sort from the query', () => {
    const query = parse(
      'view=board&q=ana&stage=s1,s2&state=all&tag=senior&source=referral&rating=3&from=2026-01-01&to=2026-02-01&page=2&per_page=50&sort=name',
    );
    expect(query).toEqual({
      view: 'board',
      search: 'ana',
      stages: ['s1', 's2'],
      state: 'all',
      tag: 'senior',
      source: 'referral',
      rating: 3,
      appliedFrom: '2026-01-01',
      appliedTo: '2026-02-01',
      page: 2,
      perPage: 50,
      sort: 'name',
    });
  });

  it('falls back to the defaults for anything unknown or malformed', () => {
    expect(parse('view=grid&state=maybe&source=fax&rating=9&from=01/02/26&page=-1&per_page=33&sort=drop')).toEqual(DEFAULT_QUERY);
    expect(parse('')).toEqual(DEFAULT_QUERY);
  });

  it('writes short links: defaults are left out, other parameters are kept', () => {
    const next = withCandidateQuery(new URLSearchParams('application=a1&page=3'), { stages: ['s1', 's2'], state: 'active', rating: null });
    expect(next.toString()).toBe('application=a1&stage=s1%2Cs2');
  });

  it('goes back to the first page when a filter or the sort changes, not when the page or view does', () => {
    const start = new URLSearchParams('page=3&view=board');
    expect(withCandidateQuery(start, { search: 'bo' }).get('page')).toBeNull();
    expect(withCandidateQuery(start, { sort: 'name' }).get('page')).toBeNull();
    expect(withCandidateQuery(start, { page: 4 }).get('page')).toBe('4');
    expect(withCandidateQuery(start, { view: 'table' }).toString()).toBe('page=3');
  });

  it('round-trips through the URL', () => {
    const query = { ...DEFAULT_QUERY, search: 'ana silva', tag: 'go', appliedFrom: '2026-03-01', sort: '-rating' as const, page: 2 };
    expect(parseCandidateQuery(withCandidateQuery(new URLSearchParams(), query))).toEqual(query);
  });

  it('builds the list call’s filter[...] from the query', () => {
    const query = parse('q=ana&stage=s1,s2&tag=go&source=agency&rating=4&from=2026-01-01&to=2026-01-31');
    expect(filtersOf(query)).toEqual({
      state: 'active',
      search: 'ana',
      status: 's1,s2',
      tag: 'go',
      source: 'agency',
      rating: '4',
      applied_from: '2026-01-01',
      applied_to: '2026-01-31',
    });
    expect(listParamsOf(DEFAULT_QUERY)).toEqual({ page: 1, per_page: 25, sort: '-applied_at', filter: { state: 'active' } });
    expect(isFiltered(DEFAULT_QUERY)).toBe(false);
    expect(isFiltered(query)).toBe(true);
  });
});
