import fs from 'node:fs';
import path from 'node:path';
import type { CataloguePipeline } from '../../pipelines/catalogue';
import { changedFromDefaults } from '../../pipelines/param-defaults';
import type { LaunchSpec, RunEngine } from './engine';
import { findOnPath, isProcessOf, signalTree, spawnDetached } from './processes';
import { createStoredInputs } from './stored-inputs';
import { RESOURCES_CONFIG_FILE } from '../resource-config';

export interface NextflowEngineOptions {
  /** A Nextflow config file added to every run with `-c`. */
  config?: string | undefined;
  /** Seconds between SIGTERM and SIGKILL on cancel. */
  graceMs?: number;
  /** PATH to look for `nextflow` on (the server's own by default). */
  path?: string | undefined;
  /** Where runs' work directories go (s3://…, gs://… for cloud executors); each run gets run-<id> below it. */
  workDir?: string | undefined;
}

/** The run's work directory: below the configured base (object storage), else in the run's own folder. */
export const workDirOf = (spec: Pick<LaunchSpec, 'runId' | 'runDir'>, base: string | undefined) => (base ? `${base.replace(/\/+$/, '')}/run-${spec.runId}` : path.join(spec.runDir, 'work'));

/**
 * Nextflow gets the server's environment (its NXF_* settings, Java, cloud credentials) without
 * Seedbed's own secrets: the database address and the first administrator's password.
 */
export function nextflowEnvironment(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NXF_ANSI_LOG: 'false' };
  for (const [name, value] of Object.entries(source)) {
    if (name === 'DATABASE_URL' || name.startsWith('SEEDBED_')) continue;
    env[name] = value;
  }
  return env;
}

/** A string as a single-quoted Groovy literal (no `${…}` interpolation in those). */
const groovyString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;

/**
 * The run's weblog address holds its secret, and any local user can read a command line (`ps`):
 * it goes to Nextflow in a config file of the run's own, readable by the server's user alone
 * (`weblog.enabled`, as `-with-weblog` would set it), never as an argument.
 */
export function writeWeblogConfig(runDir: string, weblogUrl: string): string {
  const file = path.join(runDir, 'weblog.config');
  const text = `// Written by Seedbed for this run alone: where Nextflow posts its progress.\nweblog {\n  enabled = true\n  url = ${groovyString(weblogUrl)}\n}\n`;
  fs.writeFileSync(file, text, { mode: 0o600 });
  // The mode above applies only to a new file: a relaunch in the same folder is made private too.
  fs.chmodSync(file, 0o600);
  return file;
}

/** `nextflow run …` exactly as Seedbed launches it: arguments in this order. */
export function nextflowArguments(spec: LaunchSpec, files: { paramsFile: string; weblogConfig: string; resourcesConfig?: string }, config: string | undefined, workDir?: string): string[] {
  const { manifest } = spec.pipeline;
  // Refused at launch (contract/runs.ts); checked again here because Nextflow would read it as an option.
  if (spec.revision.startsWith('-')) throw new Error(`The revision ${JSON.stringify(spec.revision)} begins with -, which Nextflow would read as an option; launch again with a branch, tag or commit.`);
  return [
    'run',
    manifest.repository,
    '-r',
    spec.revision,
    '-params-file',
    files.paramsFile,
    '-name',
    spec.name,
    '-work-dir',
    // A resumed run works in the earlier run's work directory, where its cached tasks are.
    workDirOf(spec.resume ?? spec, workDir),
    '-profile',
    manifest.defaultProfile,
    ...(config ? ['-c', config] : []),
    // The resources recommended from earlier runs (launched with them), over the site's.
    ...(files.resourcesConfig ? ['-c', files.resourcesConfig] : []),
    // Last, so that the run reports to this Seedbed whatever the site's config says of weblogs.
    '-c',
    files.weblogConfig,
    ...(spec.resume ? ['-resume', spec.resume.sessionId] : []),
  ];
}

/**
 * The production engine: Nextflow itself, with its executors (Slurm, Kubernetes, AWS Batch…)
 * doing the compute. Each run launches from its own folder, so Nextflow's history and lock
 * files never collide between runs.
 */
export function createNextflowEngine(options: NextflowEngineOptions = {}): RunEngine {
  const graceMs = options.graceMs ?? 30_000;
  const locate = () => findOnPath('nextflow', options.path ?? process.env.PATH);
  const storedInputs = createStoredInputs();
  return {
    name: 'nextflow',
    cannotLaunch(_pipeline: CataloguePipeline) {
      if (locate()) return null;
      return {
        kind: 'unavailable',
        message: 'Runs cannot start on this server right now: its Nextflow engine is not installed. Ask your administrator to install it (Docs → Administrator guide → Nextflow engine).',
        fix: 'The `nextflow` command is not on the server’s PATH. Install Nextflow (https://www.nextflow.io/docs/latest/install.html) for the user Seedbed runs as, or set SEEDBED_ENGINE=local.',
      };
    },
    rememberInputs: storedInputs.remember,
    start(spec: LaunchSpec) {
      const executable = locate();
      if (!executable) throw new Error('nextflow is not on PATH');
      const paramsFile = path.join(spec.runDir, 'params.json');
      fs.writeFileSync(paramsFile, JSON.stringify(changedFromDefaults(spec.pipeline, storedInputs.resolve(spec.params, spec.runDir, spec.resume?.runDir)), null, 2));
      const weblogConfig = writeWeblogConfig(spec.runDir, spec.weblogUrl);
      const resourcesConfig = path.join(spec.runDir, RESOURCES_CONFIG_FILE);
      const files = { paramsFile, weblogConfig, ...(fs.existsSync(resourcesConfig) ? { resourcesConfig } : {}) };
      return spawnDetached(executable, nextflowArguments(spec, files, options.config, options.workDir), {
        cwd: spec.runDir,
        logFile: spec.logFile,
        // -resume looks the session up in the cache of the launch directory it ran from: the earlier run's.
        env: spec.resume ? { ...nextflowEnvironment(), NXF_CACHE_DIR: path.join(spec.resume.runDir, '.nextflow') } : nextflowEnvironment(),
      });
    },
    recover: isProcessOf,
    cancel(pid: number) {
      // Nextflow stops its tasks itself on SIGTERM; the group is killed only if it does not finish.
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        return;
      }
      setTimeout(() => signalTree(pid, 'SIGKILL'), graceMs).unref();
    },
  };
}
