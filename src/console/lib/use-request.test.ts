// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RequestSource, useRequest } from './use-request';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('useRequest with an API path', () => {
  it('keeps a failure to show, and loads again on reload', async () => {
    fetchMock.mockResolvedValueOnce(answer({ error: { message: 'The database is starting' } }, 503)).mockResolvedValueOnce(answer({ name: 'BABAX' }));
    const { result } = renderHook(() => useRequest<{ name: string }>('accessions/1'));
    await waitFor(() => expect(result.current.error).toBeDefined());
    expect(result.current.data).toBeUndefined();
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toEqual({ name: 'BABAX' }));
    expect(result.current.error).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks nothing for a null path', () => {
    const { result } = renderHook(() => useRequest<unknown>(null));
    expect(result.current.loading).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('useRequest with a loader', () => {
  it('loads when the loader appears and again when its key changes, not on every render', async () => {
    const load = vi.fn((fileset: number) => Promise.resolve(`tables of fileset ${fileset}`));
    const { result, rerender } = renderHook(({ fileset }: { fileset: number | null }) => useRequest<string>(fileset === null ? null : () => load(fileset), fileset), {
      initialProps: { fileset: null as number | null },
    });
    expect(load).not.toHaveBeenCalled();
    rerender({ fileset: 4 });
    await waitFor(() => expect(result.current.data).toBe('tables of fileset 4'));
    rerender({ fileset: 4 });
    rerender({ fileset: 7 });
    await waitFor(() => expect(result.current.data).toBe('tables of fileset 7'));
    expect(load.mock.calls).toEqual([[4], [7]]);
  });

  it('retries a failed loader with reload', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('The file could not be read')).mockResolvedValueOnce('scores');
    const source: RequestSource<string> = () => load();
    const { result } = renderHook(() => useRequest(source, 'fileset 4'));
    await waitFor(() => expect(result.current.error?.message).toBe('The file could not be read'));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe('scores'));
  });

  it('drops the answer of a load that a newer one replaced', async () => {
    let finishFirst: (value: string) => void = () => {};
    const first = new Promise<string>((resolve) => {
      finishFirst = resolve;
    });
    const { result, rerender } = renderHook(({ key }: { key: string }) => useRequest<string>(() => (key === 'old' ? first : Promise.resolve('new')), key), { initialProps: { key: 'old' } });
    rerender({ key: 'new' });
    await waitFor(() => expect(result.current.data).toBe('new'));
    await act(async () => finishFirst('old'));
    expect(result.current.data).toBe('new');
  });
});
