// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDebouncedValue', () => {
  it('takes the first value at once', () => {
    const { result } = renderHook(() => useDebouncedValue('IR', 200));
    expect(result.current).toBe('IR');
  });

  it('gives the typed text only once the typing has paused for the delay', () => {
    const { result, rerender } = renderHook(({ text }) => useDebouncedValue(text, 200), { initialProps: { text: '' } });
    rerender({ text: 'B' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ text: 'BA' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ text: 'BAB' });
    act(() => vi.advanceTimersByTime(199));
    // 499 ms of typing, never a pause of 200 ms: still the first value.
    expect(result.current).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('BAB');
  });
});
