import { inArray, type SQL } from 'drizzle-orm';
import { TERMINAL_RUN_STATUSES, type RunStatus } from '../../contract/run-codes';
import { runs } from '../db/schema';

/**
 * A run's life, in one place for the run service, the weblog writer and recovery:
 * SUBMITTED → RUNNING → SUCCEEDED | FAILED | CANCELLED, with UNKNOWN while nobody can tell.
 * A run that ended stays ended; one not yet running may still be cancelled or fail.
 */

/** Runs still going: a process may report on them, and they can be cancelled. */
export const OPEN_RUN_STATUSES = ['SUBMITTED', 'RUNNING', 'UNKNOWN'] as const satisfies readonly RunStatus[];
/** Runs that have not started (as far as Seedbed knows): the first task event moves them to RUNNING. */
export const NOT_STARTED_RUN_STATUSES = ['SUBMITTED', 'UNKNOWN'] as const satisfies readonly RunStatus[];

export const isEnded = (status: RunStatus) => TERMINAL_RUN_STATUSES.has(status);

/** SQL: the run is still open (for UPDATE … WHERE, so an ended run is never changed). */
export const runIsOpen = (): SQL => inArray(runs.status, [...OPEN_RUN_STATUSES]);
/** SQL: the run has not started. */
export const runNotStarted = (): SQL => inArray(runs.status, [...NOT_STARTED_RUN_STATUSES]);
