// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch, stubLocationAssign } from '../../../tests/fixtures/console';
import { useDeleteAndLeave } from './use-delete-and-leave';

const fetchMock = stubFetch();
const assign = stubLocationAssign();
afterEach(() => toast.remove());

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
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { message: 'The site is used by 2 experiments' } }, 409));
    const { result } = renderHook(() => useDeleteAndLeave('/site/list'));
    act(() => result.current.ask());
    await act(() => result.current.remove('sites/3', 'Deleted site CENEB'));
    expect(assign).not.toHaveBeenCalled();
    expect(result.current.asking).toBe(false);
    expect(result.current.busy).toBe(false);
  });
});
