import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CV_METHOD_MODELS } from '../../../contract/benchmarks';
import type { FilesetDetail, StoredFile } from '../../../contract/files';
import { fileReference } from '../../../contract/file-reference';
import { files, runGroups, runs } from '../../db/schema';
import { seedFileTypes } from '../../services/file-types';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { insertRun } from '../../testing/test-runs';

let t: TestApi;
let token = '';
let dataset: FilesetDetail;
beforeAll(async () => {
  t = await createTestApi({ runs: { localConcurrency: 1 } });
  await seedFileTypes(t.db);
  token = await t.signInNewUser();
  const store = async (name: string, text: string) =>
    (await (await t.call(`/files?name=${name}`, { method: 'POST', token, body: text, headers: { 'Content-Type': 'application/octet-stream' } })).json()) as StoredFile;
  const vcf = await store('bench.vcf', '##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tA\tB\tC\tD\n1\t100\tm1\tA\tG\t.\t.\t.\tGT\t0/0\t0/1\t1/1\t0/1\n');
  const phenotypes = await store('bench_traits.csv', 'id,yield\nA,1\nB,2\nC,3\nD,2\n');
  const qtl = await store('bench_qtl.csv', 'marker,chromosome,position,trait,effect\nm1,1,100,yield,1\n');
  const registered = await t.call('/benchmark-datasets', {
    method: 'POST',
    token,
    json: { name: 'Bench truth', files: { kind: 'known-gdip', genotypesFileId: vcf.id, phenotypesFileId: phenotypes.id, knownQtlFileId: qtl.id } },
  });
  dataset = (await registered.json()) as FilesetDetail;
});
afterAll(() => t?.close());

describe('POST benchmarks/discovery', () => {
  it('launches a GDIP run per method × dataset in one run group of kind discovery-benchmark, labelled with its method and dataset', async () => {
    const response = await t.call('/benchmarks/discovery', {
      method: 'POST',
      token,
      json: {
        name: 'Two methods',
        datasetIds: [dataset.id],
        methods: [
          { label: 'glm', associationTest: 'linear' },
          { label: 'glm_yield', associationTest: 'linear', covariates: 'yield' },
        ],
      },
    });
    expect(response.status).toBe(201);
    const launched = (await response.json()) as { groupId: number; runIds: number[] };
    expect(launched.runIds).toHaveLength(2);
    const [group] = await t.db.select().from(runGroups).where(eq(runGroups.id, launched.groupId));
    expect(group).toMatchObject({ name: 'Two methods', kind: 'discovery-benchmark' });
    const launchedRuns = await t.db.select().from(runs).where(eq(runs.groupId, launched.groupId));
    expect(launchedRuns.map((run) => [run.pipelineId, run.labels, run.params.association_test, run.params.covariates ?? null]).sort()).toEqual([
      ['nf-gdip', ['benchmark:discovery', 'method:glm', `dataset:${dataset.id}`], 'linear', null],
      ['nf-gdip', ['benchmark:discovery', 'method:glm_yield', `dataset:${dataset.id}`], 'linear', 'yield'],
    ]);
    const listed = (await (await t.call('/run-groups?kind=discovery-benchmark', { token })).json()) as { data: Array<{ id: number }> };
    expect(listed.data.map((row) => row.id)).toContain(launched.groupId);
    const again = await t.call('/benchmarks/discovery', { method: 'POST', token, json: { name: 'two METHODS', datasetIds: [dataset.id], methods: [{ label: 'glm', associationTest: 'linear' }] } });
    expect(again.status).toBe(409);
  });

  it('launches the mixed model (linear_kinship), and with kinship leaving the chromosome out (linear_kinship_loco), beside the plain scan on the built-in engine', async () => {
    const response = await t.call('/benchmarks/discovery', {
      method: 'POST',
      token,
      json: {
        name: 'With a mixed model',
        datasetIds: [dataset.id],
        methods: [
          { label: 'glm', associationTest: 'linear' },
          { label: 'mlm', associationTest: 'linear_kinship' },
          { label: 'mlm_loco', associationTest: 'linear_kinship_loco' },
        ],
      },
    });
    expect(response.status).toBe(201);
    const launched = (await response.json()) as { groupId: number };
    const launchedRuns = await t.db.select().from(runs).where(eq(runs.groupId, launched.groupId));
    expect(launchedRuns.map((run) => [run.labels[1], run.params.association_test, run.params.kinship_loco ?? false]).sort()).toEqual([
      ['method:glm', 'linear', false],
      ['method:mlm', 'linear_kinship', false],
      ['method:mlm_loco', 'linear_kinship', true],
    ]);
  });

  it('takes linear_kinship and model bayesb on the built-in engine, refusing the launch only for what is wrong with it', async () => {
    const response = await t.call('/runs', {
      method: 'POST',
      token,
      json: {
        pipelineId: 'nf-gdip',
        name: 'kinship_and_bayesb',
        labels: [],
        params: { genotypes: 'cohort.vcf', phenotypes: 'traits.csv', association_test: 'linear_kinship', model: 'bayesb', outdir: 'results' },
      },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    // BayesB is fitted by the built-in engine too now: neither field is refused, only the missing files.
    expect(body.errors['params.association_test']).toBeUndefined();
    expect(body.errors['params.model']).toBeUndefined();
    expect(Object.keys(body.errors).sort()).toEqual(['params.genotypes', 'params.phenotypes']);
    expect(await t.db.select().from(runs).where(eq(runs.name, 'kinship_and_bayesb'))).toHaveLength(0);
  });

  it('refuses a fileset that is not a known dataset, and two methods with one label', async () => {
    const plain = (await (await t.call('/filesets', { method: 'POST', token, json: { name: 'Just files' } })).json()) as { id: number };
    const notKnown = await t.call('/benchmarks/discovery', { method: 'POST', token, json: { name: 'Bad set', datasetIds: [plain.id], methods: [{ label: 'glm', associationTest: 'linear' }] } });
    expect(notKnown.status).toBe(400);
    expect(((await notKnown.json()) as { message: string }).message).toMatch(/is not a known GDIP dataset/);
    const twice = await t.call('/benchmarks/discovery', {
      method: 'POST',
      token,
      json: {
        name: 'Twice',
        datasetIds: [dataset.id],
        methods: [
          { label: 'glm', associationTest: 'linear' },
          { label: 'GLM', associationTest: 'linear_kinship' },
        ],
      },
    });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { errors: Record<string, string> }).errors.methods).toBe('Give each method its own label');
  });
});

describe('POST benchmarks/prediction', () => {
  it('refuses a file that is not a model, and a prediction dataset without genotypes', async () => {
    const observed = (await (
      await t.call('/files?name=observed.csv', { method: 'POST', token, body: 'id,yield\nA,1\nB,2\n', headers: { 'Content-Type': 'application/octet-stream' } })
    ).json()) as StoredFile;
    const noGenotypes = (await (
      await t.call('/benchmark-datasets', { method: 'POST', token, json: { name: 'Observed only', files: { kind: 'prediction-data', phenotypesFileId: observed.id } } })
    ).json()) as FilesetDetail;
    const notModel = await t.call('/benchmarks/prediction', { method: 'POST', token, json: { name: 'Bad model', modelFileIds: [observed.id], datasetIds: [dataset.id] } });
    expect(notModel.status).toBe(400);
    const withoutVcf = await t.call('/benchmarks/prediction', { method: 'POST', token, json: { name: 'No VCF', modelFileIds: [observed.id], datasetIds: [noGenotypes.id] } });
    expect(withoutVcf.status).toBe(400);
    expect(((await withoutVcf.json()) as { message: string }).message).toMatch(/is not a prediction dataset with VCF and phenotype CSV\. Register it on Register Prediction Data with its genotypes/);
  });

  it('launches Make GDIP Predictions per model × dataset in a prediction-benchmark group', async () => {
    const model = (await (await t.call('/files?name=ridge.json', { method: 'POST', token, body: '{"markers": []}', headers: { 'Content-Type': 'application/octet-stream' } })).json()) as StoredFile;
    expect(model.fileTypeName).toBe('model');
    const withVcf = dataset.files.find((file) => file.fileTypeName === 'VCF')!;
    const traits = dataset.files.find((file) => file.fileTypeName === 'phenotype CSV')!;
    const validation = (await (
      await t.call('/benchmark-datasets', { method: 'POST', token, json: { name: 'Validation set', files: { kind: 'prediction-data', phenotypesFileId: traits.id, genotypesFileId: withVcf.id } } })
    ).json()) as FilesetDetail;
    const response = await t.call('/benchmarks/prediction', { method: 'POST', token, json: { name: 'Ridge check', modelFileIds: [model.id], datasetIds: [validation.id] } });
    expect(response.status).toBe(201);
    const launched = (await response.json()) as { groupId: number; runIds: number[] };
    const [run] = await t.db.select().from(runs).where(eq(runs.groupId, launched.groupId));
    expect(run).toMatchObject({ pipelineId: 'make-gdip-predictions', labels: ['benchmark:prediction', `model:${model.id}`, `dataset:${validation.id}`] });
    const [group] = await t.db.select().from(runGroups).where(eq(runGroups.id, launched.groupId));
    expect(group!.kind).toBe('prediction-benchmark');
  });

  it('refuses, on the models’ field, a model trained on individuals the dataset scores, and takes one trained on other lines', async () => {
    const store = async (name: string, text: string) =>
      (await (await t.call(`/files?name=${name}`, { method: 'POST', token, body: text, headers: { 'Content-Type': 'application/octet-stream' } })).json()) as StoredFile;
    // A model as a GDIP run writes it: the run's phenotypes are what it learned from.
    const modelTrainedOn = async (label: string, phenotypes: string) => {
      const training = await store(`${label}_training.csv`, phenotypes);
      const run = await insertRun(t.db, { name: `${label}_gdip`, status: 'SUCCEEDED', params: { phenotypes: fileReference(training.id), outdir: 'results' } });
      const model = await store(`${label}_model.json`, '{"markers": []}');
      await t.db.update(files).set({ runId: run.id }).where(eq(files.id, model.id));
      return model;
    };
    const vcf = dataset.files.find((file) => file.fileTypeName === 'VCF')!;
    const traits = dataset.files.find((file) => file.fileTypeName === 'phenotype CSV')!;
    const scored = (await (
      await t.call('/benchmark-datasets', { method: 'POST', token, json: { name: 'Scored lines', files: { kind: 'prediction-data', phenotypesFileId: traits.id, genotypesFileId: vcf.id } } })
    ).json()) as FilesetDetail;

    const leaky = await modelTrainedOn('leaky', 'id,yield\nB,2\nD,2\nZ,5\n');
    const refused = await t.call('/benchmarks/prediction', { method: 'POST', token, json: { name: 'Leaky check', modelFileIds: [leaky.id], datasetIds: [scored.id] } });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors.modelFileIds).toBe(body.message);
    expect(body.message).toMatch(
      /^The model of run leaky_gdip \(leaky_model\.json\) was trained on 2 individuals of the 4 individuals Scored lines scores \(B, D\): its accuracy there would be measured on lines it learned from\./,
    );
    // Nothing was launched: no group took the name.
    expect(await t.db.select().from(runGroups).where(eq(runGroups.name, 'Leaky check'))).toHaveLength(0);

    const elsewhere = await modelTrainedOn('elsewhere', 'id,yield\nX,1\nY,2\n');
    const taken = await t.call('/benchmarks/prediction', { method: 'POST', token, json: { name: 'Other lines check', modelFileIds: [elsewhere.id], datasetIds: [scored.id] } });
    expect(taken.status).toBe(201);
  });
});

describe('POST benchmarks/prediction-cv', () => {
  /** A prediction dataset of the four individuals, with a CV1 folds file in its fileset unless `folds` is null. */
  async function predictionDataset(name: string, folds: string | null = 'scheme,repeat,fold,id,environment,set\nCV1,1,1,A,,test\nCV1,1,1,B,,train\nCV1,1,2,B,,test\nCV1,1,2,A,,train\n') {
    const withVcf = dataset.files.find((file) => file.fileTypeName === 'VCF')!;
    const traits = dataset.files.find((file) => file.fileTypeName === 'phenotype CSV')!;
    const registered = (await (
      await t.call('/benchmark-datasets', { method: 'POST', token, json: { name, files: { kind: 'prediction-data', phenotypesFileId: traits.id, genotypesFileId: withVcf.id } } })
    ).json()) as FilesetDetail;
    if (folds !== null) {
      const stored = (await (
        await t.call(`/files?name=${name.replace(/\W/g, '_')}_folds.csv&preferredType=${encodeURIComponent('CV folds CSV')}`, {
          method: 'POST',
          token,
          body: folds,
          headers: { 'Content-Type': 'application/octet-stream' },
        })
      ).json()) as StoredFile;
      expect(stored.fileTypeName).toBe('CV folds CSV');
      await t.call(`/filesets/${registered.id}/files`, { method: 'POST', token, json: { fileIds: [stored.id] } });
    }
    return registered;
  }
  const methods = [
    { label: 'gdip_rrblup', pipeline: 'nf-gdip', model: 'rrblup' },
    { label: 'auto_rkhs', pipeline: 'nf-auto-train', model: 'rkhs' },
  ];

  it('launches GDIP and Auto Train on each dataset’s folds file, labelled with method, dataset and scheme', async () => {
    const cv1 = await predictionDataset('CV1 set');
    const response = await t.call('/benchmarks/prediction-cv', { method: 'POST', token, json: { name: 'Two methods on CV1', datasetIds: [cv1.id], methods } });
    expect(response.status).toBe(201);
    const launched = (await response.json()) as { groupId: number; runIds: number[] };
    const [group] = await t.db.select().from(runGroups).where(eq(runGroups.id, launched.groupId));
    expect(group).toMatchObject({ kind: 'prediction-benchmark', description: expect.stringContaining('CV1 set (CV1: new lines)') });
    const withFolds = (await (await t.call(`/filesets/${cv1.id}`, { token })).json()) as FilesetDetail;
    const foldsFile = withFolds.files.find((file) => file.fileTypeName === 'CV folds CSV')!;
    const launchedRuns = await t.db.select().from(runs).where(eq(runs.groupId, launched.groupId));
    expect(launchedRuns.map((run) => [run.pipelineId, run.labels, run.params.model ?? run.params.models, run.params.cv_folds_file]).sort()).toEqual([
      ['nf-auto-train', ['benchmark:prediction-cv', 'method:auto_rkhs', `dataset:${cv1.id}`, 'scheme:CV1'], 'rkhs', `seedbed://files/${foldsFile.id}`],
      ['nf-gdip', ['benchmark:prediction-cv', 'method:gdip_rrblup', `dataset:${cv1.id}`, 'scheme:CV1'], 'rrblup', `seedbed://files/${foldsFile.id}`],
    ]);
  });

  it('offers each pipeline’s models as its schema names them', () => {
    const training = (id: string) => JSON.parse(fs.readFileSync(`pipelines/${id}/nextflow_schema.json`, 'utf8')).$defs;
    expect(CV_METHOD_MODELS['nf-gdip']).toEqual(training('nf-gdip').prediction_model_options.properties.model.enum);
    // Auto Train's models are a comma-separated list: its pattern's alternatives.
    expect(CV_METHOD_MODELS['nf-auto-train']).toEqual(/^\^\(([^)]*)\)/.exec(training('nf-auto-train').training_options.properties.models.pattern)![1]!.split('|'));
  });

  it('refuses, on the datasets field, a dataset without frozen folds, with the fix', async () => {
    const plain = await predictionDataset('No folds', null);
    const response = await t.call('/benchmarks/prediction-cv', { method: 'POST', token, json: { name: 'Without folds', datasetIds: [plain.id], methods } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(body.errors.datasetIds).toMatch(/No folds has no CV folds CSV: .* Register it again on Register Prediction Data with a cross-validation scheme/);
    expect(await t.db.select().from(runGroups).where(eq(runGroups.name, 'Without folds'))).toHaveLength(0);
  });

  // The built-in engine fits every model of both pipelines now (BayesB and BayesC included), so only a model the pipeline does not have is refused.
  it('refuses, on its model’s field, a model its pipeline does not have', async () => {
    const cv1 = await predictionDataset('CV1 again');
    const wrong = await t.call('/benchmarks/prediction-cv', {
      method: 'POST',
      token,
      json: { name: 'Wrong model', datasetIds: [cv1.id], methods: [{ label: 'g', pipeline: 'nf-gdip', model: 'rkhs' }] },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string> }).errors['methods.0.model']).toBe('Choose one of rrblup, gblup, bayesb, bayes_c');
  });
});
