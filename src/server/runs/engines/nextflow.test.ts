import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env';
import { readCatalogue } from '../../pipelines/catalogue';
import type { LaunchSpec } from './engine';
import { nextflowArguments, workDirOf, writeWeblogConfig } from './nextflow';

describe('where a nextflow run keeps its task files', () => {
  it('in the run’s own folder by default, below the configured base for cloud executors', () => {
    expect(workDirOf({ runId: 42, runDir: '/data/runs/42' }, undefined)).toBe('/data/runs/42/work');
    expect(workDirOf({ runId: 42, runDir: '/data/runs/42' }, 's3://breeding-seedbed/work/')).toBe('s3://breeding-seedbed/work/run-42');
    expect(workDirOf({ runId: 7, runDir: '/data/runs/7' }, 'gs://seedbed-work')).toBe('gs://seedbed-work/run-7');
  });

  it('SEEDBED_NEXTFLOW_WORK_DIR takes absolute paths and object storage, and names the fix otherwise', () => {
    expect(readEnv({ SEEDBED_NEXTFLOW_WORK_DIR: 's3://bucket/work' }).SEEDBED_NEXTFLOW_WORK_DIR).toBe('s3://bucket/work');
    expect(() => readEnv({ SEEDBED_NEXTFLOW_WORK_DIR: 'work' })).toThrow(
      /SEEDBED_NEXTFLOW_WORK_DIR must be an absolute path or an s3:\/\/, gs:\/\/ or az:\/\/ address.*e\.g\. s3:\/\/breeding-seedbed\/work/,
    );
  });
});

describe('the nextflow command line', () => {
  const pipeline = readCatalogue('pipelines').find((entry) => entry.id === 'nf-processvcfs')!;
  const spec = (revision: string): LaunchSpec => ({
    runId: 9,
    name: 'cli_check',
    pipeline,
    params: {},
    runDir: '/data/runs/9',
    logFile: '/data/runs/9/run.log',
    weblogUrl: 'http://127.0.0.1:8080/api/runs/9/weblog?secret=s3cr3t',
    revision,
  });
  const files = { paramsFile: '/data/runs/9/params.json', weblogConfig: '/data/runs/9/weblog.config' };

  it('never starts with a revision Nextflow would read as an option (one stored before launches refused it)', () => {
    expect(() => nextflowArguments(spec('-c/etc/passwd'), files, undefined)).toThrow(/begins with -, which Nextflow would read as an option; launch again with a branch, tag or commit/);
    expect(nextflowArguments(spec('v3.0.1'), files, undefined)).toContain('v3.0.1');
  });

  it('keeps the weblog secret off the command line: the address is in a config file of mode 0600', () => {
    expect(nextflowArguments(spec('3.0.1'), files, '/etc/seedbed/site.config').join(' ')).not.toContain('s3cr3t');
    const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'weblog-config-'));
    const file = writeWeblogConfig(runDir, "http://seedbed.example.org/api/runs/9/weblog?secret=it's\\odd");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A single-quoted Groovy string, its quote and backslash escaped.
    expect(fs.readFileSync(file, 'utf8')).toContain("url = 'http://seedbed.example.org/api/runs/9/weblog?secret=it\\'s\\\\odd'");
  });
});
