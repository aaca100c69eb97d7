import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { CataloguePipeline } from '../../pipelines/catalogue';
import { withPipelineFolder } from '../../pipelines/launch-inputs';
import type { LaunchSpec, RunEngine } from './engine';
import { isProcessOf, signalTree, spawnDetached } from './processes';
import { createStoredInputs } from './stored-inputs';

/** The program that runs a pipeline's local implementation and reports it as Nextflow would. */
export const LOCAL_RUNNER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../local-runner/runner.ts');

/**
 * How Node runs TypeScript here: natively where it strips types (Node 22.18+, the project's
 * Node 24), otherwise through tsx's loader (e.g. started with an older system Node).
 */
export function typeScriptFlags(): string[] {
  if ((process.features as { typescript?: string | false }).typescript) return ['--disable-warning=ExperimentalWarning'];
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href];
}

/** What the runner reads from `<runDir>/local-run.json`. */
export interface LocalRunFile {
  runName: string;
  sessionId: string;
  pipelineId: string;
  entry: string;
  /** The params file (JSON), as Nextflow's -params-file. */
  paramsFile: string;
  workDir: string;
  weblogUrl: string;
  /** How long one weblog post may wait for its answer before it is sent again (30 s unless given). */
  weblogTimeoutMs?: number;
}

/**
 * The embedded engine: runs `pipelines/<id>/<local>` (a module exporting `run(context)`) in a
 * child Node process with its own work directory; the runner posts weblog events for it.
 */
export function createLocalEngine(options: { graceMs?: number } = {}): RunEngine {
  const graceMs = options.graceMs ?? 5000;
  const storedInputs = createStoredInputs();
  return {
    name: 'local',
    cannotLaunch(pipeline: CataloguePipeline) {
      if (pipeline.manifest.local) return null;
      return {
        kind: 'not-implemented',
        message: `${pipeline.manifest.label} has no local implementation yet, and this Seedbed runs pipelines on its built-in engine: it needs the nextflow engine. Ask your administrator to set it up (Docs → Administrator guide → Nextflow engine).`,
        fix: `Give ${pipeline.id} a "local" entry in ${path.join(pipeline.directory, 'pipeline.json')}, or run it on the nextflow engine (SEEDBED_ENGINE=nextflow, or "engine": "nextflow" in its pipeline.json).`,
      };
    },
    rememberInputs: storedInputs.remember,
    start(spec: LaunchSpec) {
      const workDir = path.join(spec.runDir, 'work');
      fs.mkdirSync(workDir, { recursive: true });
      const paramsFile = path.join(spec.runDir, 'params.json');
      // `${projectDir}/…` is the pipeline's folder, here the catalogue's, as Nextflow would resolve it.
      fs.writeFileSync(paramsFile, JSON.stringify(withPipelineFolder(storedInputs.resolve(spec.params, spec.runDir), spec.pipeline.directory), null, 2));
      const runFile: LocalRunFile = {
        runName: spec.name,
        sessionId: randomUUID(),
        pipelineId: spec.pipeline.id,
        entry: path.join(spec.pipeline.directory, spec.pipeline.manifest.local!),
        paramsFile,
        workDir,
        weblogUrl: spec.weblogUrl,
      };
      const file = path.join(spec.runDir, 'local-run.json');
      fs.writeFileSync(file, JSON.stringify(runFile, null, 2), { mode: 0o600 });
      return spawnDetached(process.execPath, [...typeScriptFlags(), LOCAL_RUNNER, file], {
        cwd: spec.runDir,
        logFile: spec.logFile,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: process.env.LANG, TZ: process.env.TZ },
      });
    },
    recover: isProcessOf,
    cancel(pid: number) {
      signalTree(pid, 'SIGTERM');
      setTimeout(() => signalTree(pid, 'SIGKILL'), graceMs).unref();
    },
  };
}
