// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccessionFiles as Named } from '../../../contract/lineage';
import { jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import { AccessionFiles } from './AccessionFiles';

const fetchMock = stubFetch();
afterEach(cleanup);

const answer = (overrides: Partial<Named> = {}): Named => ({ accessionId: 5, data: [], total: 0, unindexed: 0, ...overrides });
const vcf: Named['data'][number] = {
  id: 12,
  name: 'panel.vcf',
  fileTypeName: 'VCF',
  sizeBytes: 2048,
  createdAt: '2026-03-01T10:00:00.000Z',
  matched: [{ name: 'IR64', as: 'name' }],
  producedBy: null,
  runs: [{ id: 40, name: 'gwas_ir64', pipelineId: 'nf-gwas', status: 'SUCCEEDED', parameter: 'vcf' }],
  readCount: 1,
};
const trial: Named['data'][number] = {
  ...vcf,
  id: 13,
  name: 'trial.csv',
  fileTypeName: 'field trial CSV',
  matched: [{ name: 'IR-64', as: 'synonym' }],
  producedBy: { id: 39, name: 'phenomix_a' },
  runs: [],
  readCount: 0,
};

describe('an accession’s files and the runs that read them', () => {
  it('links each file to its page and each run that read it, says which name matched, counts them and says when files are still being read', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(answer({ data: [vcf, trial], total: 2, unindexed: 3 })));
    render(<AccessionFiles accessionId={5} />);
    const card = await screen.findByTestId('accession-files');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/accessions\/5\/files$/);
    expect(card.textContent).toContain('2 files name it.');
    expect(card.textContent).toContain('3 stored files are still being read for the individuals they name: this list may be incomplete.');
    expect(screen.getByRole('link', { name: 'panel.vcf' }).getAttribute('href')).toBe('/tools/lineage?id=file:12');
    expect(screen.getByRole('link', { name: 'gwas_ir64' }).getAttribute('href')).toBe('/tools/pipeline/monitor/pipeline-run/view?id=40');
    expect(card.textContent).toContain('IR64 (its name)');
    expect(card.textContent).toContain('IR-64 (a synonym)');
    expect(card.textContent).toContain('written by run phenomix_a');
    expect(screen.getByRole('link', { name: 'phenomix_a' }).getAttribute('href')).toBe('/tools/pipeline/monitor/pipeline-run/view?id=39');
    expect(card.textContent).toContain('nf-gwas, as vcf');

    fetchMock.mockResolvedValueOnce(jsonResponse(answer({ data: [vcf, trial], total: 2 })));
    fireEvent.click(screen.getByRole('button', { name: 'Look again' }));
    await screen.findByText((_, element) => element?.getAttribute('data-testid') === 'accession-files' && !element.textContent?.includes('still being read'));
  });

  it('says how many it shows of more, what would appear when none names it, and a failed load with its retry', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(answer({ data: [vcf], total: 450 })));
    render(<AccessionFiles accessionId={5} />);
    expect((await screen.findByTestId('accession-files')).textContent).toContain('The newest 1 of the 450 files that name it.');
    cleanup();

    fetchMock.mockResolvedValueOnce(jsonResponse(answer()));
    render(<AccessionFiles accessionId={5} />);
    expect((await screen.findByTestId('no-accession-files')).textContent).toContain('No stored file names it yet. Genotype VCFs with a sample of this name');
    cleanup();

    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'The database is busy.' }, 503));
    render(<AccessionFiles accessionId={5} />);
    expect(screen.getByRole('status').textContent).toContain('Looking for the files that name it');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert').textContent).toContain('Could not load the files naming it');
    fetchMock.mockResolvedValueOnce(jsonResponse(answer({ data: [vcf], total: 1 })));
    fireEvent.click(retry);
    expect((await screen.findByTestId('accession-files')).textContent).toContain('1 file names it.');
  });
});
