// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import { FileGermplasm } from './FileGermplasm';

const fetchMock = stubFetch();
afterEach(cleanup);

describe('a file’s germplasm on its lineage', () => {
  it('counts its individuals, links the accessions among them and names some that are not', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        fileId: 12,
        column: 'id',
        individuals: 4,
        complete: true,
        named: 3,
        accessions: 2,
        matched: [
          { name: 'ir64', accession: { id: 5, germplasmName: 'IR64' } },
          { name: 'Azucena', accession: { id: 6, germplasmName: 'Azucena' } },
          { name: 'AZU-1', accession: { id: 6, germplasmName: 'Azucena' } },
        ],
        unmatched: ['NEW_LINE'],
      }),
    );
    render(<FileGermplasm fileId={12} />);
    const card = await screen.findByTestId('file-germplasm');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/files\/12\/germplasm$/);
    // Two synonyms of one accession name it twice: three individuals, two accessions.
    expect(card.textContent).toContain('Germplasm: 4 individuals in its id column; 3 name 2 accessions in Breeding, 1 does not.');
    expect(screen.getByRole('link', { name: 'IR64' }).getAttribute('href')).toBe('/accession/view?id=5');
    expect(card.textContent).toContain('IR64 (ir64), Azucena, Azucena (AZU-1)');
    expect(card.textContent).toContain('Not in Breeding: NEW_LINE');
  });

  it('keeps each name whole on a line: the lines break between names, never at the hyphen inside one', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({
        fileId: 15,
        column: 'id',
        individuals: 4,
        complete: true,
        named: 2,
        accessions: 2,
        matched: [
          { name: 'SBW18-0030', accession: { id: 31, germplasmName: 'SBW18-0030' } },
          { name: 'NOR-002', accession: { id: 32, germplasmName: 'SBW18-0031' } },
        ],
        unmatched: ['SBW19-9999', 'X-1'],
      }),
    );
    render(<FileGermplasm fileId={15} />);
    const card = await screen.findByTestId('file-germplasm');
    expect(card.textContent).toContain('SBW18-0030, SBW18-0031 (NOR-002)');
    expect(card.textContent).toContain('Not in Breeding: SBW19-9999, X-1');
    // Each name sits in an element of its own that does not wrap; the commas and spaces between them do.
    for (const name of ['SBW18-0030', 'SBW18-0031', '(NOR-002)', 'SBW19-9999', 'X-1']) {
      const element = screen.getByText(name, { exact: true });
      expect(element.className.split(' '), name).toContain('whitespace-nowrap');
    }
  });

  it('shows a failed read with its retry, and nothing for a file that names no individuals', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'The bytes of x.csv are no longer in storage. Upload the file again.' }, 500));
    render(<FileGermplasm fileId={13} />);
    expect(await screen.findByRole('button', { name: /retry|try again/i })).toBeTruthy();
    cleanup();
    fetchMock.mockResolvedValueOnce(jsonResponse({ fileId: 14, column: null, individuals: 0, complete: true, named: 0, accessions: 0, matched: [], unmatched: [] }));
    const { container } = render(<FileGermplasm fileId={14} />);
    await screen.findByText((_, element) => element === container && !container.textContent?.includes('Reading'));
    expect(screen.queryByTestId('file-germplasm')).toBeNull();
  });
});
