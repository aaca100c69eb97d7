// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileTypeRecord } from '../../../contract/records';
import { useUploadQueue } from './upload-queue';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const created = '2026-01-01T00:00:00.000Z';
const fileType = (id: number, name: string, extensions: string[]): FileTypeRecord => ({
  id,
  name,
  extensions,
  mimeType: 'text/csv',
  description: null,
  requiredColumns: [],
  createdAt: created,
  updatedAt: created,
});
const types = [fileType(1, 'phenotype CSV', ['.csv']), fileType(2, 'samplesheet CSV', ['.csv'])];
const noStoredCopy = () => new Response(JSON.stringify({ data: [], total: 0, page: 1, pageSize: 5 }), { headers: { 'content-type': 'application/json' } });

describe('useUploadQueue', () => {
  it('proposes the detected type once the file is checked', async () => {
    fetchMock.mockImplementation(async () => noStoredCopy());
    const { result } = renderHook(() => useUploadQueue(types));
    await act(() => result.current.add([new File(['plot,yield\n1,2\n'], 'trial.csv')]));
    expect(result.current.items[0]).toMatchObject({ status: 'ready', fileTypeId: 1 });
  });

  it('keeps a type the person picked while the file was being checked', async () => {
    let answerCheck: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answerCheck = resolve)));
    const { result } = renderHook(() => useUploadQueue(types));
    let adding: Promise<void> = Promise.resolve();
    act(() => {
      adding = result.current.add([new File(['plot,yield\n1,2\n'], 'trial.csv')]);
    });
    const [queued] = result.current.items;
    expect(queued?.status).toBe('checking');
    act(() => result.current.chooseType(queued?.key ?? '', 2));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    answerCheck(noStoredCopy());
    await act(() => adding);
    expect(result.current.items[0]).toMatchObject({ status: 'ready', fileTypeId: 2 });
  });

  it('types a file dropped before the file types loaded once they have (it stayed at "Choose a type")', async () => {
    fetchMock.mockImplementation(async () => noStoredCopy());
    const { result, rerender } = renderHook(({ known }: { known: FileTypeRecord[] | undefined }) => useUploadQueue(known), { initialProps: { known: undefined as FileTypeRecord[] | undefined } });
    await act(() => result.current.add([new File(['plot,yield\n1,2\n'], 'trial.csv')]));
    expect(result.current.items[0]).toMatchObject({ status: 'ready', fileTypeId: null });
    rerender({ known: types });
    await waitFor(() => expect(result.current.items[0]).toMatchObject({ status: 'ready', fileTypeId: 1 }));
  });
});
