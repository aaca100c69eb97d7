// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COST_RANGE, IntervalValue } from './CostCells';
import { formatCostTime } from './run-costs';

afterEach(cleanup);

const summary = (mean: number, low: number, high: number) => ({ n: 3, mean, sd: 1, low, high, level: 0.95 });
const score = (value: number | null) => (value === null ? '—' : value.toFixed(3));

describe('IntervalValue', () => {
  it('shows the mean with its interval, bounded by the values the figure can take', () => {
    const shown = (element: React.ReactElement) => render(element).container.textContent;
    expect(shown(<IntervalValue summary={summary(0.2, -0.4, 0.8)} format={score} />)).toBe('0.200[-0.400, 0.800]');
    expect(shown(<IntervalValue summary={summary(0.9, 0.7, 1.1)} format={score} range={[0, 1]} />)).toBe('0.900[0.700, 1.000]');
    expect(shown(<IntervalValue summary={summary(1766, -8437, 11_969)} format={formatCostTime} range={COST_RANGE} />)).toBe('1.8 s[0 ms, 12 s]');
  });

  it('shows the mean alone below two values, and a dash without one', () => {
    expect(render(<IntervalValue summary={{ n: 1, mean: 0.5, sd: null, low: null, high: null, level: 0.95 }} format={score} />).container.textContent).toBe('0.500');
    cleanup();
    expect(render(<IntervalValue summary={{ n: 0, mean: null, sd: null, low: null, high: null, level: 0.95 }} format={score} />).container.textContent).toBe('—');
  });
});
