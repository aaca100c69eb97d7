import type { ChildProcess } from 'node:child_process';
import type { RunEngineName } from '../../../contract/runs';
import type { DomainErrorKind } from '../../domain-errors';
import type { CataloguePipeline } from '../../pipelines/catalogue';
import type { ResolvedInputs } from '../../pipelines/launch-inputs';

/** What an engine needs to start one run. */
export interface LaunchSpec {
  runId: number;
  name: string;
  pipeline: CataloguePipeline;
  /** Parameters as validated, with relative paths and stored files' references (see rememberInputs) left for the engine to resolve. */
  params: Record<string, unknown>;
  /** The run's own folder: its launch directory, params file, log and work directory. */
  runDir: string;
  logFile: string;
  /** Where the run posts its weblog events, secret included. */
  weblogUrl: string;
  /** The pipeline revision to run (the catalogue's unless the launch chose another). */
  revision: string;
  /** Set when the run resumes an earlier one: Nextflow's -resume with its session, in its work directory and cache. */
  resume?: { sessionId: string; runId: number; runDir: string };
}

/**
 * A way of running pipelines. Both engines report through the weblog endpoint; the run
 * service owns statuses, the queue and recovery, the engine only starts and stops processes.
 */
/** Why a pipeline cannot be launched here: the error the launch answers with, and the administrator's fix. */
export interface LaunchRefusal {
  kind: Extract<DomainErrorKind, 'not-implemented' | 'unavailable'>;
  message: string;
  fix: string;
}

export interface RunEngine {
  readonly name: RunEngineName;
  /**
   * Why this engine cannot launch the pipeline on this server, or null when it can: `message` in
   * the words of the person launching, `fix` for the administrator (logged, and in the docs).
   */
  cannotLaunch(pipeline: CataloguePipeline): LaunchRefusal | null;
  /** The paths a launch found for the stored files its parameters name by reference, for when the run starts (stored-inputs.ts). */
  rememberInputs(inputs: ResolvedInputs): void;
  /** Starts the run's process. */
  start(spec: LaunchSpec): ChildProcess;
  /** Asks the run's process (tree) to stop, forcing it after a grace period. */
  cancel(pid: number): void;
  /** After a restart: whether `pid` is still this run's process, to be watched again. */
  recover(pid: number, runDir: string): boolean;
}
