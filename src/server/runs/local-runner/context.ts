/** What a local implementation (`pipelines/<id>/local/main.ts`, exporting `run`) is given. */
export interface LocalContext {
  /** The run's parameters, schema defaults filled in. */
  params: Record<string, unknown>;
  /** `params.outdir`, resolved against the run's folder and created. */
  outdir: string;
  /** The run's work directory (one sub-folder per task). */
  workDir: string;
  /** Aborted when the run is cancelled. */
  signal: AbortSignal;
  /** A line in the run's log. */
  log(message: string): void;
  /**
   * One step, reported as a Nextflow task of process `process` (tag: which input it is for).
   * A throw fails the task and the run.
   */
  task<T>(process: string, tag: string | null, work: (taskDir: string) => Promise<T> | T): Promise<T>;
  /** Says plainly in the log that a step could not run locally, and why. */
  skip(process: string, reason: string): void;
}
