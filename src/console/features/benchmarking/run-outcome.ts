import { TERMINAL_RUN_STATUSES } from '../../../contract/run-codes';
import type { RunSummary } from '../../../contract/runs';

/**
 * Scored: succeeded, with its outputs stored (they are registered as the run's process exits, a
 * moment after SUCCEEDED: read before, a run would seem to have written nothing). Failed: ended
 * otherwise. Still running: the rest.
 */
export const runOutcome = (run: RunSummary) =>
  run.status === 'SUCCEEDED' ? (run.outputsRegistered ? 'succeeded' : 'running') : TERMINAL_RUN_STATUSES.has(run.status) || run.status === 'UNKNOWN' ? 'failed' : 'running';
