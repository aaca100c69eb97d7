// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../contract/files';
import { jsonResponse, storedFile, stubFetch } from '../../../../tests/fixtures/console';
import { FilesTable } from './FilesTable';

const fetchMock = stubFetch();
afterEach(cleanup);

const page = (rows: StoredFile[]) => ({ data: rows, pagination: { currentPage: 0, pageSize: 25, totalCount: rows.length, totalPages: rows.length > 0 ? 1 : 0 } });
const HINT = 'No files stored for its experiments yet. Files that name it anywhere are listed above.';

describe('a list of files embedded in a record’s page', () => {
  it('shows only what to do next when there are no files at all: no search box over an empty table', async () => {
    fetchMock.mockResolvedValue(jsonResponse(page([])));
    render(<FilesTable fixedFilters={{ accessionId: '31' }} emptyHint={HINT} />);
    expect((await screen.findByRole('status')).textContent).toBe(HINT);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('accessionId=31');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps the search box when a search finds nothing, with the way back', async () => {
    fetchMock.mockImplementation(async (input) => jsonResponse(page(String(input).includes('q=') ? [] : [storedFile({ id: 7, name: 'panel.vcf' })])));
    render(<FilesTable fixedFilters={{ accessionId: '31' }} emptyHint={HINT} />);
    await screen.findByText('panel.vcf');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search files' }), { target: { value: 'nothing like it' } });
    await screen.findByText('No files match these filters.', { exact: false });
    expect(screen.getByRole('searchbox', { name: 'Search files' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear the search and filters' })).toBeTruthy();
  });
});
