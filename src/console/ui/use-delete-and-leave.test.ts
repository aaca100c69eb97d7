// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDeleteAndLeave } from './use-delete-and-leave';

const fetchMock = vi.fn<typeof fetch>();
const assign = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  assign.mockReset();
});

describe('useDeleteAndLeave', () => {
  it('deletes the record, then leaves for its list', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const { result } = renderHook(() => useDeleteAndLeave('/pipeline-group/list'));
    act(() => result.current.ask());
    expect(result.current.asking).toBe(true);
    await act(() => result.current.remove('run-groups/7', 'Deleted run group Durum'));
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/run-groups\/7$/);
    expect(assign).toHaveBeenCalledWith('/pipeline-group/list');
  });

  it('stays on the record when the server refuses, with the confirmation closed', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: { message: 'The site is used by 2 experiments' } }), { status: 409, headers: { 'Content-Type': 'application/json' } }));
    const { result } = renderHook(() => useDeleteAndLeave('/site/list'));
    act(() => result.current.ask());
    await act(() => result.current.remove('sites/3', 'Deleted site CENEB'));
    expect(assign).not.toHaveBeenCalled();
    expect(result.current.asking).toBe(false);
    expect(result.current.busy).toBe(false);
  });
});
