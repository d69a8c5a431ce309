import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganisationSource } from './api-client';
import { roleSearch, userSearch } from './search-hooks';

const fetchMock = vi.fn<typeof fetch>();
const meta = { page: 1, per_page: 100, total: 1, last_page: 1 };
const role = { id: 'r1', name: 'Engineer', created_at: '2025-01-01T00:00:00Z' };
const user = { id: 'u1', name: 'Ann', email: null, avatar_url: null, role: 'owner', joined_at: '2025-01-01T00:00:00Z' };

function urls(): string[] {
  return fetchMock.mock.calls.map((call) => decodeURIComponent(String(call[0])));
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const body = url.includes('/role') ? { roles: { data: [role], meta } } : { users: { data: [user], meta } };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  setOrganisationSource(() => 'org-1');
  roleSearch.invalidate();
  userSearch.invalidate();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setOrganisationSource(() => null);
});

describe.each([
  ['roleSearch', roleSearch, 'role', role],
  ['userSearch', userSearch, 'users', user],
] as const)('%s', (_name, search, resource, item) => {
  it('loads the full list once and makes no second request on an empty term', async () => {
    await expect(search.search('')).resolves.toEqual([item]);
    await expect(search.search('')).resolves.toEqual([item]);
    await expect(search.search('  ')).resolves.toEqual([item]);
    expect(urls()).toEqual([`/api/v1/organisation/org-1/${resource}/?per_page=100`]);
  });

  it('filters by name on the server', async () => {
    await search.search('an');
    expect(urls()).toEqual([`/api/v1/organisation/org-1/${resource}/?per_page=100&filter[name]=an`]);
  });

  it('loads the list again for another organisation', async () => {
    await search.search('');
    setOrganisationSource(() => 'org-2');
    await search.search('');
    expect(urls()[1]).toBe(`/api/v1/organisation/org-2/${resource}/?per_page=100`);
  });
});
