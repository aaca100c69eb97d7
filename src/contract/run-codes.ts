/** Run statuses, engines and progress shapes, without zod, for pages that only display runs. */

export const RUN_STATUSES = ['SUBMITTED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const TERMINAL_RUN_STATUSES: ReadonlySet<RunStatus> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED']);

/** Nextflow's task states, and what a run's tasks can be sorted by. */
export const TASK_STATUSES = ['NEW', 'SUBMITTED', 'RUNNING', 'COMPLETED', 'FAILED', 'ABORTED', 'CACHED'] as const;
export const TASK_SORT_FIELDS = ['taskId', 'name', 'process', 'status', 'submit', 'duration', 'realtime', 'cpuPercent', 'peakRss'] as const;

/** What a run group is for: a plain group, or the runs of a discovery or prediction benchmark. */
export const RUN_GROUP_KINDS = ['group', 'discovery-benchmark', 'prediction-benchmark'] as const;
export type RunGroupKind = (typeof RUN_GROUP_KINDS)[number];
export type BenchmarkGroupKind = Exclude<RunGroupKind, 'group'>;

export const RUN_ENGINES = ['local', 'nextflow'] as const;
export type RunEngineName = (typeof RUN_ENGINES)[number];

/** Nextflow's own rule for `-name` (CmdRun's RUN_NAME_PATTERN). */
export const RUN_NAME_PATTERN = /^[a-z](?:[a-z\d]|[-_](?=[a-z\d])){0,79}$/;

export const RUN_NAME_MAX = 80;
export const RUN_NAME_RULE = 'Start with a lower-case letter, then use lower-case letters, digits and single - or _ (Nextflow’s rule for run names)';
/** Letters and digits of any script ("ñandú", "小麦"), with their combining marks, then _ . : and -. */
export const LABEL_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_.:-]*$/u;
export const LABEL_MAX = 40;
export const LABEL_RULE = 'Labels use letters, digits, _ . : and -';
export const MAX_LABELS = 20;

/** The problem with a run name, or null; the same words as the API's check. */
export function runNameProblem(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Required';
  if (name.length > RUN_NAME_MAX) return `At most ${RUN_NAME_MAX} characters`;
  return RUN_NAME_PATTERN.test(name) ? null : RUN_NAME_RULE;
}

/**
 * A run name and the number a relaunch put after it: `gdip_panel_3` → gdip_panel, 3. Up to three
 * digits: a longer number is part of the name (`cycle_2026` → `cycle_2026_2`, not `cycle_2027`).
 */
const NUMBERED_NAME = /^(.*)_(\d{1,3})$/;

/** A run name without the number a relaunch put after it: `gdip_panel_3` → `gdip_panel`. */
export const runNameStem = (name: string) => NUMBERED_NAME.exec(name)?.[1] ?? name;

function numberedOn(name: string): string {
  const numbered = NUMBERED_NAME.exec(name);
  const suffix = `_${numbered ? Number(numbered[2]) + 1 : 2}`;
  const base = (numbered ? numbered[1]! : name).slice(0, RUN_NAME_MAX - suffix.length).replace(/[-_]+$/, '');
  return `${base}${suffix}`;
}

/**
 * The name proposed for a run launched again from `name`: a number after it, the next one if it has
 * one (`gdip_panel` → `gdip_panel_2` → `gdip_panel_3`), past the names `taken` by other runs, kept
 * within RUN_NAME_MAX and the pattern.
 */
export function nextRunName(name: string, taken: ReadonlySet<string> = new Set()): string {
  let candidate = numberedOn(name);
  while (taken.has(candidate)) candidate = numberedOn(candidate);
  return candidate;
}

/** The problem with one label, or null. */
export function labelProblem(value: string): string | null {
  const label = value.trim();
  if (!label) return 'Labels cannot be empty';
  if (label.length > LABEL_MAX) return `Labels are at most ${LABEL_MAX} characters`;
  return LABEL_PATTERN.test(label) ? null : LABEL_RULE;
}
