import { describe, expect, it } from 'vitest';
import { readEnv } from '../../env';
import { workDirOf } from './nextflow';

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
