import path from 'node:path';

/**
 * A run's own folder (params file, log, work and launch directory, results) follows from its id:
 * `$SEEDBED_DATA_DIR/runs/<id>`. Nothing stores it, so a launch is one insert.
 */
export const runFolder = (dataDir: string, runId: number) => path.join(dataDir, 'runs', String(runId));

/** A run row with its folder beside it, for the code that reads and writes there. */
export const withRunFolder = <Run extends { id: number }>(run: Run, dataDir: string): Run & { runDir: string } => ({ ...run, runDir: runFolder(dataDir, run.id) });
