// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { RunCost } from '../../../contract/run-costs';
import { jsonResponse, stubFetch } from '../../../../tests/fixtures/console';
import { formatCostInterval, formatCostTime, formatMemory, loadRunCosts, summariseCosts } from './run-costs';

const fetchMock = stubFetch();

const cost = (runId: number, wallMs: number | null, cpuMs: number | null, peakRssBytes: number | null, tasks = 2, tasksReported = 2): RunCost => ({
  runId,
  status: 'SUCCEEDED',
  wallMs,
  cpuMs,
  peakRssBytes,
  tasks,
  tasksReported,
  cachedTasks: 0,
});

describe('cost formatting', () => {
  it('writes times as people read them', () => {
    expect([850, 4200, 12_000, 72_000, 120_000, 15_120_000, 3 * 3_600_000, 100_800_000].map(formatCostTime)).toEqual([
      '850 ms',
      '4.2 s',
      '12 s',
      '1 min 12 s',
      '2 min',
      '4 h 12 min',
      '3 h',
      '1 d 4 h',
    ]);
    expect(formatCostTime(null)).toBe('—');
  });

  it('writes memory in powers of 1024', () => {
    expect(formatMemory(3.4 * 1024 ** 3)).toBe('3.4 GB');
    expect(formatMemory(null)).toBe('—');
  });
});

describe('summariseCosts', () => {
  it('gives a method’s mean and t interval over its runs, leaving out runs not found and values not reported', () => {
    const costs = new Map([cost(1, 60_000, 100_000, 1024), cost(2, 80_000, 140_000, 2048), cost(3, 70_000, null, null, 2, 0)].map((entry) => [entry.runId, entry]));
    const summary = summariseCosts([1, 2, 3, 4], costs);
    expect(summary).toMatchObject({ runs: 4, found: 3, cpuPartial: true });
    expect(summary.wallMs.mean).toBe(70_000);
    expect(summary.cpuMs).toMatchObject({ n: 2, mean: 120_000 });
    expect(summary.peakRssBytes.n).toBe(2);
    // sd of 60, 80, 70 s is 10 s; t(0.975, 2) = 4.302653: half-width 10 · 4.302653 / √3 = 24.84 s.
    expect(summary.wallMs.high! - 70_000).toBeCloseTo(24_841.6, 0);
    expect(formatCostInterval(summary.wallMs, formatCostTime)).toBe('1 min 10 s [45 s, 1 min 35 s]');
  });
});

describe('loadRunCosts', () => {
  it('asks once for up to 500 runs and in chunks of 500 past that, each id once', async () => {
    fetchMock.mockImplementation(async (input) => {
      const ids = new URL(String(input), 'http://localhost').searchParams.get('ids')!.split(',').map(Number);
      return jsonResponse({ costs: ids.map((id) => cost(id, id, id, id)), unknownIds: [] });
    });
    const ids = Array.from({ length: 1200 }, (_, index) => index + 1);
    const costs = await loadRunCosts([...ids, 7, 7]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').searchParams.get('ids')!.split(',').length)).toEqual([500, 500, 200]);
    expect(costs.size).toBe(1200);
    expect(costs.get(1200)?.cpuMs).toBe(1200);
    fetchMock.mockClear();
    await loadRunCosts([3, 1]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
