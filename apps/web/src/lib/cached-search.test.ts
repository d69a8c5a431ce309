import { describe, expect, it, vi } from 'vitest';
import { createCachedSearch, toOptions } from './cached-search';

type Item = { id: string; name: string };
const all: Item[] = [
  { id: '1', name: 'Designer' },
  { id: '2', name: 'Engineer' },
];

function setup(scope?: () => unknown) {
  const fetchAll = vi.fn(async () => all);
  const fetchFiltered = vi.fn(async (term: string) => all.filter((item) => item.name.includes(term)));
  const search = createCachedSearch(fetchAll, fetchFiltered, { scope });
  return { fetchAll, fetchFiltered, search };
}

describe('createCachedSearch', () => {
  it('fetches the full list once and answers later blank terms from the cache', async () => {
    const { fetchAll, fetchFiltered, search } = setup();
    await expect(search.search('')).resolves.toEqual(all);
    await expect(search.search('')).resolves.toEqual(all);
    await expect(search.search('   ')).resolves.toEqual(all);
    expect(fetchAll).toHaveBeenCalledTimes(1);
    expect(fetchFiltered).not.toHaveBeenCalled();
  });

  it('asks the server for a non-blank term, trimmed, every time', async () => {
    const { fetchAll, fetchFiltered, search } = setup();
    await expect(search.search(' Eng ')).resolves.toEqual([all[1]]);
    await search.search('Eng');
    expect(fetchFiltered).toHaveBeenCalledTimes(2);
    expect(fetchFiltered).toHaveBeenCalledWith('Eng');
    expect(fetchAll).not.toHaveBeenCalled();
  });

  it('shares one request between concurrent blank searches', async () => {
    const { fetchAll, search } = setup();
    const [first, second] = await Promise.all([search.search(''), search.search('')]);
    expect(first).toBe(second);
    expect(fetchAll).toHaveBeenCalledTimes(1);
  });

  it('fetches again after invalidate()', async () => {
    const { fetchAll, search } = setup();
    await search.search('');
    search.invalidate();
    await search.search('');
    expect(fetchAll).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failed full-list request', async () => {
    const { fetchAll, search } = setup();
    fetchAll.mockRejectedValueOnce(new Error('offline'));
    await expect(search.search('')).rejects.toThrow('offline');
    await expect(search.search('')).resolves.toEqual(all);
    expect(fetchAll).toHaveBeenCalledTimes(2);
  });

  it('does not keep a list that was in flight when invalidated', async () => {
    const { fetchAll, search } = setup();
    const stale = search.search('');
    search.invalidate();
    await stale;
    await search.search('');
    expect(fetchAll).toHaveBeenCalledTimes(2);
  });

  it('drops the cache when the scope changes', async () => {
    let organisation = 'a';
    const { fetchAll, search } = setup(() => organisation);
    await search.search('');
    organisation = 'b';
    await search.search('');
    await search.search('');
    expect(fetchAll).toHaveBeenCalledTimes(2);
  });
});

describe('toOptions', () => {
  it('uses the name as label and the id as value', () => {
    expect(toOptions(all)).toEqual([
      { label: 'Designer', value: '1' },
      { label: 'Engineer', value: '2' },
    ]);
    expect(toOptions([])).toEqual([]);
  });
});
