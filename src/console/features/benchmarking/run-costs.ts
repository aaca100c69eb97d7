import { type Summary, summarise } from '../../../contract/benchmark-stats';
import type { RunCost, RunCosts } from '../../../contract/run-costs';
import { MAX_RUN_COST_IDS } from '../../../contract/run-costs-limit';
import { request } from '../../lib/api';
import { formatBytes } from '../../lib/format';
import { useRequest } from '../../lib/use-request';

/**
 * What benchmark runs cost (wall time, CPU time, peak memory), read for all of a page's runs at
 * once, and a method's cost as the mean [95 % interval] over its runs, beside its accuracy.
 */

/** Each run's cost by its id: one request, or one per 500 ids past that. Runs that are gone are left out. */
export async function loadRunCosts(runIds: readonly number[]): Promise<Map<number, RunCost>> {
  const ids = [...new Set(runIds)];
  const chunks: number[][] = [];
  for (let at = 0; at < ids.length; at += MAX_RUN_COST_IDS) chunks.push(ids.slice(at, at + MAX_RUN_COST_IDS));
  const answers = await Promise.all(chunks.map((chunk) => request<RunCosts>(`runs/costs?ids=${chunk.join(',')}`)));
  return new Map(answers.flatMap((answer) => answer.costs).map((cost) => [cost.runId, cost]));
}

const NO_COSTS: ReadonlyMap<number, RunCost> = new Map();

/** The costs of `runIds`, loaded again when the set of ids changes; a failure comes with `reload`. */
export function useRunCosts(runIds: readonly number[]) {
  const key = [...new Set(runIds)].sort((a, b) => a - b).join(',');
  const state = useRequest<ReadonlyMap<number, RunCost>>(key ? () => loadRunCosts(runIds) : null, key);
  return key ? state : { ...state, data: NO_COSTS };
}

/** A method's cost over its runs. */
export interface CostSummary {
  wallMs: Summary;
  cpuMs: Summary;
  peakRssBytes: Summary;
  /** Runs asked about, and of those the ones whose cost was found. */
  runs: number;
  found: number;
  /** Some task of some run did not report its CPU time: the CPU figure is a lower bound. */
  cpuPartial: boolean;
}

/** Mean, sd and 95 % t interval of each cost over the runs (`summarise`, as the accuracy figures). */
export function summariseCosts(runIds: readonly number[], costs: ReadonlyMap<number, RunCost>): CostSummary {
  const found = runIds.map((id) => costs.get(id)).filter((cost): cost is RunCost => cost !== undefined);
  return {
    wallMs: summarise(found.map((cost) => cost.wallMs)),
    cpuMs: summarise(found.map((cost) => cost.cpuMs)),
    peakRssBytes: summarise(found.map((cost) => cost.peakRssBytes)),
    runs: runIds.length,
    found: found.length,
    cpuPartial: found.some((cost) => cost.tasksReported < cost.tasks),
  };
}

/** 72_000 → "1 min 12 s"; 850 → "850 ms"; 4.2 h → "4 h 12 min"; days past that. */
export function formatCostTime(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${hours / 24} d`;
}

/** 3.4 × 1024³ → "3.4 GB" (powers of 1024, as the run page's memory). */
export const formatMemory = (bytes: number | null) => (bytes === null ? '—' : formatBytes(bytes));

/** "1 min 12 s [58 s, 1 min 26 s]": a cost's mean and interval written out (CSV, titles). */
export function formatCostInterval(summary: Summary, format: (value: number | null) => string): string {
  if (summary.mean === null) return '—';
  if (summary.low === null || summary.high === null) return format(summary.mean);
  return `${format(summary.mean)} [${format(Math.max(0, summary.low))}, ${format(summary.high)}]`;
}
