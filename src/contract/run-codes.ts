/** Run statuses, engines and progress shapes, without zod, for pages that only display runs. */

export const RUN_STATUSES = ['SUBMITTED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const TERMINAL_RUN_STATUSES: ReadonlySet<RunStatus> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

export const RUN_ENGINES = ['local', 'nextflow'] as const;
export type RunEngineName = (typeof RUN_ENGINES)[number];

/** Nextflow's own rule for `-name` (CmdRun's RUN_NAME_PATTERN). */
export const RUN_NAME_PATTERN = /^[a-z](?:[a-z\d]|[-_](?=[a-z\d])){0,79}$/;

/** Where a task stands, for progress bars: Nextflow's task states folded into five. */
export const TASK_PROGRESS_STATES = ['pending', 'running', 'succeeded', 'failed', 'cached'] as const;
export type TaskProgressState = (typeof TASK_PROGRESS_STATES)[number];
export type ProcessProgress = { process: string } & Record<TaskProgressState, number>;

export interface RunProgress {
  total: number;
  done: number;
  running: number;
  failed: number;
}

