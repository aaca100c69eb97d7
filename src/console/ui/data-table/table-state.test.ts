import { describe, expect, it } from 'vitest';
import { apiQuery, parseTableState, tableStateQuery } from './table-state';

const defaults = { sort: 'germplasmName', sortable: ['germplasmName', 'genus'], filterNames: ['genus'] };

describe('table state in the URL', () => {
  it('reads every part of a shared link', () => {
    expect(parseTableState('?q=IR64&genus=Oryza&sort=genus&order=desc&page=2&pageSize=100', defaults)).toEqual({
      q: 'IR64',
      filters: { genus: 'Oryza' },
      sort: 'genus',
      order: 'desc',
      page: 2,
      pageSize: 100,
    });
  });

  it.each([
    ['?page=-1', { page: 0 }],
    ['?page=abc', { page: 0 }],
    ['?pageSize=0', { pageSize: 50 }],
    ['?pageSize=5000', { pageSize: 50 }],
    ['?sort=password', { sort: 'germplasmName' }],
    ['?order=sideways', { order: 'asc' }],
    ['?other=1', { filters: {} }],
  ])('falls back to the default for %s', (search, expected) => {
    expect(parseTableState(search, defaults)).toMatchObject(expected);
  });

  it('writes short links (defaults left out) and explicit API queries', () => {
    const state = parseTableState('?q=IR64&genus=Oryza', defaults);
    expect(tableStateQuery(state, 'germplasmName')).toBe('q=IR64&genus=Oryza');
    expect(apiQuery(state)).toBe('page=0&pageSize=50&sort=germplasmName&order=asc&q=IR64&genus=Oryza');
  });
});
