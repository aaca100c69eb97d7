// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, storedFile, stubFetch } from '../../../../tests/fixtures/console';
import { FileParamsList } from './FileReference';
import { fileParams } from './run-params';
import { useReferencedFiles } from './use-referenced-files';

const fetchMock = stubFetch();
afterEach(cleanup);

const model = storedFile({
  id: 12,
  name: 'models/gdip_model.json',
  fileTypeId: 20,
  fileTypeName: 'GDIP model',
  mimeType: 'application/json',
  runId: 3,
  runName: 'gdip_wheat_a',
  createdAt: '2026-03-02T09:15:00.000Z',
});

function Parameters({ params }: { params: Record<string, unknown> }) {
  const withFiles = fileParams(params);
  const files = useReferencedFiles(withFiles.map((param) => param.fileId));
  return <FileParamsList label="Stored files in the parameters" params={withFiles} files={files} />;
}

describe('stored files in a run’s parameters', () => {
  it('shows each reference as its file’s name with the reference on hover, and a gone file as deleted', async () => {
    // The files list answers the files it still has: 13 was deleted.
    fetchMock.mockImplementation(async () => jsonResponse({ data: [model], pagination: { currentPage: 0, pageSize: 2, totalCount: 1, totalPages: 1 } }));
    render(<Parameters params={{ model: 'seedbed://files/12', samples: [{ gvcf: 'seedbed://files/13' }], again: 'seedbed://files/12', outdir: 'results' }} />);
    const name = await screen.findAllByRole('button', { name: 'models/gdip_model.json' });
    expect(name.map((button) => button.title)).toEqual(['seedbed://files/12', 'seedbed://files/12']);
    expect(await screen.findByText('(deleted)')).toBeTruthy();
    expect(screen.getByText('seedbed://files/13')).toBeTruthy();
    expect(screen.getByText('samples.0.gvcf')).toBeTruthy();
    expect(screen.queryByText('outdir')).toBeNull();
    // One request for every file, however many parameters name it.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/files\?ids=12,13&pageSize=2$/);
  });
});
