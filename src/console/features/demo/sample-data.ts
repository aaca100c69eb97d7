/** Bundled, fixed sample data for the public demo: a wheat breeding programme's week. */
import type { RunStatus } from '../../../contract/run-codes';
import type { ProcessProgress } from '../../../contract/runs';

export interface DemoRun {
  name: string;
  pipeline: string;
  status: RunStatus;
  tasksDone: number;
  tasksTotal: number;
  group: string;
  launchedBy: string;
  submitted: string;
  duration: string;
}

export const demoRuns: DemoRun[] = [
  { name: 'brisk-wheat-gdip', pipeline: 'GDIP', status: 'RUNNING', tasksDone: 37, tasksTotal: 52, group: 'Cycle 2026B', launchedBy: 'Ana Ruiz', submitted: '2026-11-20 08:14', duration: '1h 12m' },
  {
    name: 'calm-spelt-vcf',
    pipeline: 'Process VCFs',
    status: 'SUCCEEDED',
    tasksDone: 18,
    tasksTotal: 18,
    group: 'Cycle 2026B',
    launchedBy: 'Ana Ruiz',
    submitted: '2026-11-20 07:02',
    duration: '24m',
  },
  {
    name: 'amber-emmer-pheno',
    pipeline: 'Phenomix',
    status: 'SUCCEEDED',
    tasksDone: 9,
    tasksTotal: 9,
    group: 'Cycle 2026B',
    launchedBy: 'Kofi Mensah',
    submitted: '2026-11-19 16:40',
    duration: '11m',
  },
  {
    name: 'quiet-durum-train',
    pipeline: 'Auto Train',
    status: 'FAILED',
    tasksDone: 21,
    tasksTotal: 40,
    group: 'Model refresh',
    launchedBy: 'Kofi Mensah',
    submitted: '2026-11-19 11:05',
    duration: '2h 03m',
  },
  { name: 'swift-rye-sims', pipeline: 'Multigen sims', status: 'SUBMITTED', tasksDone: 0, tasksTotal: 120, group: 'Benchmark Q4', launchedBy: 'Li Wei', submitted: '2026-11-20 09:30', duration: '—' },
  { name: 'bold-barley-evo', pipeline: 'Evostats', status: 'SUCCEEDED', tasksDone: 14, tasksTotal: 14, group: 'Benchmark Q4', launchedBy: 'Li Wei', submitted: '2026-11-18 13:22', duration: '37m' },
];

/** Per-process progress of the running GDIP run. */
export const demoRunProcesses: ProcessProgress[] = [
  { process: 'CHECK_INPUTS', succeeded: 1, running: 0, pending: 0, failed: 0, cached: 0 },
  { process: 'FILTER_MARKERS', succeeded: 10, running: 0, pending: 0, failed: 0, cached: 0 },
  { process: 'KINSHIP', succeeded: 1, running: 0, pending: 0, failed: 0, cached: 0 },
  { process: 'ASSOCIATION_SCAN', succeeded: 20, running: 4, pending: 6, failed: 0, cached: 0 },
  { process: 'GENOMIC_PREDICTION', succeeded: 5, running: 2, pending: 3, failed: 0, cached: 0 },
];

/** Discovery benchmark on simulated data with 20 known QTL per trait (window 1 Mb). */
export const demoBenchmark = {
  methods: ['GDIP single-marker', 'GDIP + kinship', 'GDIP multi-locus'],
  traits: [
    { trait: 'Grain yield', f1: [0.52, 0.64, 0.71] },
    { trait: 'Plant height', f1: [0.68, 0.77, 0.81] },
    { trait: 'Heading date', f1: [0.6, 0.7, 0.74] },
  ],
};
