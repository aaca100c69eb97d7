/**
 * The interface between a pipeline's local implementation (`pipelines/<id>/local/main.ts`) and
 * the local runner that starts it (`src/server/runs/local-runner/runner.ts`).
 *
 * It lives here, beside `src/contract` and outside both, for the reason the contract does: the
 * catalogue and the server each depend on it and neither on the other, so a pipeline can be read,
 * tested and benchmarked without the server, and the server runs any module that implements it.
 * It imports nothing, and `tests/contract/import-rules.test.ts` keeps it that way.
 */

/** Parameters as the runner holds them before a pipeline gives them its own type. */
export type RunParams = Record<string, unknown>;

/** What a local implementation is given. */
export interface LocalContext<Params = RunParams> {
  /**
   * The run's parameters, schema defaults filled in, typed by the pipeline from its
   * `nextflow_schema.json` (`params.generated.ts`, written by `npm run generate:params`).
   */
  params: Params;
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

/** What `pipelines/<id>/local/main.ts` exports. */
export interface LocalPipelineModule<Params = RunParams> {
  run(context: LocalContext<Params>): Promise<void>;
}
