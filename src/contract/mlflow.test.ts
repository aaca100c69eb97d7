import { describe, expect, it } from 'vitest';
import { mlflowTrackSchema, parseMlflowRunUrl, trackingUriOf } from './mlflow';

const RUN = '8f3c1e5b9a2d4c6e8f0a1b2c3d4e5f60';

describe('MLflow run URLs', () => {
  it.each([
    [`http://mlflow.example.org:5000/#/experiments/3/runs/${RUN}`, 'http://mlflow.example.org:5000', '3'],
    [`http://mlflow.example.org:5000/#/experiments/3/runs/${RUN}/model-metrics`, 'http://mlflow.example.org:5000', '3'],
    [`https://lab.example.org/mlflow/#/experiments/12/runs/${RUN}?o=1`, 'https://lab.example.org/mlflow', '12'],
    [`https://lab.example.org/mlflow/#/experiments/12/runs/${RUN}`, 'https://lab.example.org/mlflow', '12'],
    [`https://adb-123.azuredatabricks.net/ml/experiments/4471/runs/${RUN}`, 'https://adb-123.azuredatabricks.net', '4471'],
    [`http://127.0.0.1:5000/api/2.0/mlflow/runs/get?run_id=${RUN}`, 'http://127.0.0.1:5000', null],
  ])('reads %s', (url, trackingUri, experimentId) => {
    expect(parseMlflowRunUrl(url)).toEqual({ trackingUri, runId: RUN, experimentId });
  });

  it.each(['http://mlflow.example.org:5000', 'http://mlflow.example.org/#/experiments/3', 'ftp://x/#/experiments/1/runs/abc', 'not a url', 'http://user:pw@host/#/experiments/1/runs/abc'])(
    'finds no run in %s',
    (text) => {
      expect(parseMlflowRunUrl(text)).toBeNull();
    },
  );

  it('spells a tracking URI one way', () => {
    expect(trackingUriOf(' HTTP://MLflow.Example.org:5000/ ')).toBe('http://mlflow.example.org:5000');
    expect(trackingUriOf('https://lab.example.org/mlflow//')).toBe('https://lab.example.org/mlflow');
    expect(trackingUriOf('file:///tmp/mlruns')).toBeNull();
    // Credentials belong in SEEDBED_MLFLOW_CREDENTIALS, not in an address anyone can read.
    expect(trackingUriOf('http://user:secret@mlflow.example.org')).toBeNull();
  });
});

describe('the track form', () => {
  it('takes a pasted run URL whole', () => {
    expect(mlflowTrackSchema.parse({ trackingUri: `http://mlflow.example.org:5000/#/experiments/3/runs/${RUN}` })).toEqual({
      trackingUri: 'http://mlflow.example.org:5000',
      mlflowRunId: RUN,
      runId: null,
      refreshWhileRunning: true,
    });
  });

  it('takes a tracking URI and a run id', () => {
    expect(mlflowTrackSchema.parse({ trackingUri: 'http://mlflow.example.org:5000/', mlflowRunId: ` ${RUN} `, runId: 7, refreshWhileRunning: false })).toEqual({
      trackingUri: 'http://mlflow.example.org:5000',
      mlflowRunId: RUN,
      runId: 7,
      refreshWhileRunning: false,
    });
  });

  it('names the field to fix', () => {
    const missing = mlflowTrackSchema.safeParse({ trackingUri: 'http://mlflow.example.org:5000' });
    expect(missing.error?.issues[0]).toMatchObject({ path: ['mlflowRunId'], message: expect.stringMatching(/^Required/) });
    const bad = mlflowTrackSchema.safeParse({ trackingUri: 'http://mlflow.example.org:5000', mlflowRunId: '../etc' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['mlflowRunId'], message: expect.stringMatching(/letters, digits/) });
    const uri = mlflowTrackSchema.safeParse({ trackingUri: 'mlflow.example.org', mlflowRunId: RUN });
    expect(uri.error?.issues[0]).toMatchObject({ path: ['trackingUri'], message: expect.stringMatching(/http:\/\/ or https:\/\//) });
  });
});
