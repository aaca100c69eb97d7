/**
 * The dataset board drawn in the browser from precomputed scores (bundled by board-bench.ts):
 * 5 methods × 100 replicates of per-replicate scores and run costs, made into the board's rows
 * (mean, sd and 95 % t interval of each figure and cost, then sorted) and rendered.
 */
import { createRoot } from 'react-dom/client';
import { CURVE_WINDOWS_BP } from '../../src/contract/benchmark-metrics';
import { summarise } from '../../src/contract/benchmark-stats';
import type { RunCost } from '../../src/contract/run-costs';
import { DetectionBoard } from '../../src/console/features/benchmarking/DatasetBoardSections';
import { type DetectionRow, sortRows } from '../../src/console/features/benchmarking/dataset-board-rows';
import { summariseCosts } from '../../src/console/features/benchmarking/run-costs';

const METHODS = 5;
const REPLICATES = 100;

interface ReplicateScores {
  runId: number;
  f1: number;
  power: number;
  fdr: number;
  typeIError: number;
  auc: number[];
}

/** Seeded scores and costs, as scoring each replicate's tables would have left them. */
function precomputed() {
  let seed = 20261126;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const methods = Array.from({ length: METHODS }, (_, m) => ({
    name: `method_${m + 1}`,
    replicates: Array.from(
      { length: REPLICATES },
      (_, r): ReplicateScores => ({
        runId: m * REPLICATES + r + 1,
        f1: 0.4 + 0.1 * m + 0.1 * random(),
        power: 0.5 + 0.1 * random(),
        fdr: 0.2 * random(),
        typeIError: 0.05 * random(),
        auc: CURVE_WINDOWS_BP.map((_, w) => 0.3 + 0.1 * w + 0.05 * m + 0.05 * random()),
      }),
    ),
  }));
  const costs = new Map<number, RunCost>(
    methods.flatMap((method, m) =>
      method.replicates.map((replicate) => [
        replicate.runId,
        {
          runId: replicate.runId,
          status: 'SUCCEEDED',
          wallMs: 60_000 * (m + 1) * (1 + random()),
          cpuMs: 90_000 * (m + 1) * (1 + random()),
          peakRssBytes: 2 ** 30 * (1 + m * random()),
          tasks: 3,
          tasksReported: 3,
          cachedTasks: 0,
        },
      ]),
    ),
  );
  return { methods, costs };
}

const windowBp = 1_000_000;

declare global {
  interface Window {
    drawBoard: () => Promise<{ rowsMs: number; paintMs: number; rows: number }>;
  }
}

window.drawBoard = async () => {
  const { methods, costs } = precomputed();
  const start = performance.now();
  const at = CURVE_WINDOWS_BP.indexOf(windowBp);
  const rows = sortRows(
    methods.map((method): DetectionRow & { cost: ReturnType<typeof summariseCosts> } => {
      const of = (pick: (replicate: ReplicateScores) => number) => summarise(method.replicates.map(pick));
      const runIds = method.replicates.map((replicate) => replicate.runId);
      return {
        method: method.name,
        auc: of((replicate) => replicate.auc[at]!),
        f1: of((replicate) => replicate.f1),
        power: of((replicate) => replicate.power),
        fdr: of((replicate) => replicate.fdr),
        typeIError: of((replicate) => replicate.typeIError),
        runIds,
        benchmarks: [{ id: 1, name: 'bench' }],
        cost: summariseCosts(runIds, costs),
      };
    }),
    { key: 'auc', order: 'desc' },
    (row) => row.auc.mean,
  );
  const rowsMs = performance.now() - start;
  createRoot(document.getElementById('root')!).render(<DetectionBoard dataset="bench" rows={rows} windowBp={windowBp} onWindowChange={() => {}} ruleText="−log10 p ≥ 5" />);
  // Rendered once the table's rows are in the page; painted once the frame that shows them has been drawn.
  while (document.querySelectorAll('table[aria-label="Detection board"] tbody tr').length < rows.length) await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { rowsMs, paintMs: performance.now() - start, rows: rows.length };
};
