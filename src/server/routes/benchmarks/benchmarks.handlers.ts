import type { RouteHandler } from '@hono/zod-openapi';
import { and, eq, inArray } from 'drizzle-orm';
import type { BenchmarkGroupKind } from '../../../contract/run-codes';
import type { RunLaunchValues } from '../../../contract/runs';
import { benchmarkLabels, predictionBenchmarkLabels, predictionCvLabels } from '../../../contract/benchmark-labels';
import { CV_SCHEME_LABELS } from '../../../contract/cv-folds';
import { type DiscoveryMethod, GENOMIC_MODEL_FILE_TYPES, type PredictionCvMethod } from '../../../contract/benchmarks';
import { fileReference } from '../../../contract/file-reference';
import { sqlState, UNIQUE_VIOLATION } from '../../db/errors';
import { filesetFiles, filesets, files, fileTypes, runGroups } from '../../db/schema';
import { DomainError } from '../../domain-errors';
import type { AppEnv } from '../../http/context';
import type * as routes from './benchmarks.routes';
import { foldsScheme } from './folds-scheme';
import { readPhenotypeTable } from '../../benchmarks/dataset-check';
import { trainedOn } from '../../benchmarks/training-overlap';
import { counted, firstFew } from '../../../contract/wording';

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

type Deps = AppEnv['Variables']['deps'];
type RunService = NonNullable<Deps['runs']>;

/** The run service, or the answer that this server launches no runs. */
function runServiceOf(deps: Deps): RunService {
  if (!deps.runs) throw new DomainError('unavailable', 'Runs cannot be launched on this server.');
  return deps.runs;
}

/**
 * A benchmark's runs: one per dataset × method, in that order, each in the benchmark's group; their
 * ids. Each run records the dataset (fileset) its files were taken from, for lineage.
 */
async function launchEach<Dataset extends { id: number; references: Map<string, string> }, Method>(
  runs: RunService,
  userId: number,
  groupId: number,
  datasets: Dataset[],
  methods: Method[],
  runOf: (dataset: Dataset, method: Method) => Pick<RunLaunchValues, 'pipelineId' | 'name' | 'labels' | 'params'>,
): Promise<number[]> {
  const runIds: number[] = [];
  for (const dataset of datasets) {
    for (const method of methods) {
      const values = runOf(dataset, method);
      const fromDataset = new Set(dataset.references.values());
      const filesets = new Map(Object.entries(values.params).flatMap(([name, value]) => (typeof value === 'string' && fromDataset.has(value) ? [[name, dataset.id] as const] : [])));
      const run = await runs.launch({ ...values, groupId, projectId: null, experimentId: null, relaunchOf: null }, userId, { filesets });
      runIds.push(run.id);
    }
  }
  return runIds;
}

/** Each dataset's files by type, as the references its runs are launched with; a fileset of another kind is refused. */
async function datasetsOf(deps: Deps, ids: number[], kind: 'known-gdip' | 'prediction-data', needs: string[], fix: string) {
  const members = await deps.db
    .select({ filesetId: filesets.id, filesetName: filesets.name, fileId: files.id, type: fileTypes.name })
    .from(filesets)
    .innerJoin(filesetFiles, eq(filesetFiles.filesetId, filesets.id))
    .innerJoin(files, eq(files.id, filesetFiles.fileId))
    .innerJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
    .where(and(inArray(filesets.id, ids), eq(filesets.kind, kind)));
  return Promise.all(
    ids.map(async (id) => {
      const own = members.filter((member) => member.filesetId === id);
      const references = new Map<string, string>();
      const fileIds = new Map<string, number>();
      for (const member of own) {
        if (references.has(member.type)) continue;
        references.set(member.type, fileReference(member.fileId));
        fileIds.set(member.type, member.fileId);
      }
      const missing = needs.filter((type) => !references.has(type));
      if (own.length === 0 || missing.length > 0) {
        throw new DomainError('invalid', `Fileset ${id} is not a ${kind === 'known-gdip' ? 'known GDIP' : 'prediction'} dataset with ${needs.join(' and ')}. ${fix}`, {
          datasetIds: `No such dataset: ${id}`,
        });
      }
      return { id, name: own[0]!.filesetName, references, fileIds };
    }),
  );
}

/** The benchmark's run group; a taken name is a conflict. */
async function createBenchmarkGroup(deps: Deps, values: { name: string; kind: BenchmarkGroupKind; description: string; userId: number }): Promise<number> {
  try {
    const [group] = await deps.db.insert(runGroups).values({ name: values.name, kind: values.kind, description: values.description, createdById: values.userId }).returning({ id: runGroups.id });
    return group!.id;
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new DomainError('conflict', `A run group named “${values.name}” exists already. Choose another name for the benchmark.`, { name: 'Already taken' });
    throw error;
  }
}

/** GDIP's parameters for a discovery method's scan: linear_kinship_loco is the mixed model with kinship_loco. */
const scanParams = (test: DiscoveryMethod['associationTest']) => (test === 'linear_kinship_loco' ? { association_test: 'linear_kinship', kinship_loco: true } : { association_test: test });

export const launchDiscovery: RouteHandler<typeof routes.launchDiscovery, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const deps = c.get('deps');
  const runs = runServiceOf(deps);
  const datasets = await datasetsOf(deps, input.datasetIds, 'known-gdip', ['VCF', 'phenotype CSV'], 'Register it on Register Known GDIP Data.');
  // A method the engine cannot run is refused on its field before any run starts: none may run another method under its label.
  const refused: Record<string, string> = {};
  for (const [index, method] of input.methods.entries()) {
    const problems = runs.refusedValues('nf-gdip', scanParams(method.associationTest));
    const problem = problems?.['params.association_test'] ?? problems?.['params.kinship_loco'];
    if (problem) refused[`methods.${index}.associationTest`] = problem;
  }
  if (Object.keys(refused).length > 0) {
    const labels = input.methods.filter((_, index) => refused[`methods.${index}.associationTest`]).map((method) => method.label);
    throw new DomainError('invalid', `GDIP on this server's built-in engine cannot run ${labels.join(' and ')}: ${Object.values(refused)[0]}`, refused);
  }
  const groupId = await createBenchmarkGroup(deps, {
    name: input.name,
    kind: 'discovery-benchmark',
    description: `Discovery benchmark: ${input.methods.map((method) => method.label).join(', ')} on ${datasets.map((dataset) => dataset.name).join(', ')}.`,
    userId: c.get('user').id,
  });
  const runIds = await launchEach(runs, c.get('user').id, groupId, datasets, input.methods, (dataset, method) => ({
    pipelineId: 'nf-gdip',
    name: `bench${groupId}_${slug(method.label)}_d${dataset.id}`.slice(0, 80),
    labels: benchmarkLabels(method.label, dataset.id),
    params: {
      genotypes: dataset.references.get('VCF'),
      phenotypes: dataset.references.get('phenotype CSV'),
      ...scanParams(method.associationTest),
      outdir: 'results',
      ...(method.covariates ? { covariates: method.covariates } : {}),
    },
  }));
  return c.json({ groupId, runIds }, 201);
};

/**
 * A model is never scored on individuals it learned from: its accuracy there would be a leak, not
 * an accuracy (training-overlap.ts). Refused on the models' field before any run starts.
 */
async function refuseTrainedOnScored(deps: Deps, models: Array<{ name: string; runId: number | null; runName: string | null }>, datasets: Array<{ name: string; fileIds: Map<string, number> }>) {
  // Each model's training lines read once, whatever the number of datasets.
  const trained = await Promise.all(models.map((model) => trainedOn(deps.db, deps.files, model.runId)));
  for (const dataset of datasets) {
    const { storage, key } = await deps.files.locate(dataset.fileIds.get('phenotype CSV')!);
    const scored = readPhenotypeTable(await storage.materialise(key)).table.individuals;
    for (const [index, model] of models.entries()) {
      const overlap = scored.filter((id) => trained[index]?.has(id));
      if (overlap.length === 0) continue;
      const message = `${model.runName ? `The model of run ${model.runName} (${model.name})` : model.name} was trained on ${counted(overlap.length, 'individual')} of the ${counted(scored.length, 'individual')} ${dataset.name} scores (${firstFew(overlap)}): its accuracy there would be measured on lines it learned from. Choose a model trained on other lines, or cross-validate the method on the dataset’s folds.`;
      throw new DomainError('invalid', message, { modelFileIds: message });
    }
  }
}

export const launchPrediction: RouteHandler<typeof routes.launchPrediction, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const deps = c.get('deps');
  const runs = runServiceOf(deps);
  const datasets = await datasetsOf(
    deps,
    input.datasetIds,
    'prediction-data',
    ['VCF', 'phenotype CSV'],
    'Register it on Register Prediction Data with its genotypes (a VCF): the models predict from them.',
  );
  const models = await Promise.all(
    input.modelFileIds.map(async (id) => {
      const model = await deps.files.byId(id).catch(() => null);
      if (!model || !(GENOMIC_MODEL_FILE_TYPES as readonly string[]).includes(model.fileTypeName ?? ''))
        throw new DomainError(
          'invalid',
          `Stored file ${id} is ${model ? `a ${model.fileTypeName ?? 'file of no type'}` : 'missing'}, not a trained genomic model. Choose a ${GENOMIC_MODEL_FILE_TYPES.join(' or ')} from an Auto Train or GDIP run.`,
          { modelFileIds: `Not a genomic model: ${id}` },
        );
      return model;
    }),
  );
  await refuseTrainedOnScored(deps, models, datasets);
  const groupId = await createBenchmarkGroup(deps, {
    name: input.name,
    kind: 'prediction-benchmark',
    description: `Prediction benchmark: ${models.map((model) => model.runName ?? model.name).join(', ')} on ${datasets.map((dataset) => dataset.name).join(', ')}.`,
    userId: c.get('user').id,
  });
  const runIds = await launchEach(runs, c.get('user').id, groupId, datasets, models, (dataset, model) => ({
    pipelineId: 'make-gdip-predictions',
    name: `bench${groupId}_m${model.id}_d${dataset.id}`,
    labels: predictionBenchmarkLabels(model.id, dataset.id),
    params: { model: model.reference, genotypes: dataset.references.get('VCF'), outdir: 'results' },
  }));
  return c.json({ groupId, runIds }, 201);
};

const CV_FOLDS = 'CV folds CSV';

/** The parameters that cross-validate one method on a dataset's folds: GDIP's model, or Auto Train's one model. */
const cvMethodParams = (method: PredictionCvMethod) => (method.pipeline === 'nf-gdip' ? { model: method.model } : { models: method.model });

export const launchPredictionCv: RouteHandler<typeof routes.launchPredictionCv, AppEnv> = async (c) => {
  const input = c.req.valid('json');
  const deps = c.get('deps');
  const runs = runServiceOf(deps);
  const datasets = await datasetsOf(
    deps,
    input.datasetIds,
    'prediction-data',
    ['VCF', 'phenotype CSV'],
    'Register it on Register Prediction Data with its genotypes (a VCF) and a cross-validation scheme.',
  );
  // Every dataset needs its frozen folds: the methods are compared on exactly those splits.
  const schemes = new Map<number, string>();
  for (const dataset of datasets) {
    const foldsFile = dataset.fileIds.get(CV_FOLDS);
    const read = foldsFile ? await foldsScheme(deps.files, foldsFile) : null;
    if (!read || 'problem' in read) {
      const why = read
        ? read.problem
        : `${dataset.name} has no ${CV_FOLDS}: its methods would each draw folds of their own. Register it again on Register Prediction Data with a cross-validation scheme (CV1, CV2, CV0 or CV00), which stores its frozen folds.`;
      throw new DomainError('invalid', why, { datasetIds: why });
    }
    schemes.set(dataset.id, read.scheme);
  }
  // A method the engine cannot run is refused on its field before any run starts: its model, or
  // its pipeline where the engine cannot read a folds file at all.
  const refused: Record<string, string> = {};
  const refusedLabels: string[] = [];
  for (const [index, method] of input.methods.entries()) {
    const problems = runs.refusedValues(method.pipeline, { ...cvMethodParams(method), cv_folds_file: datasets[0]!.references.get(CV_FOLDS) }) ?? {};
    for (const [param, problem] of Object.entries(problems)) refused[`methods.${index}.${param === 'params.cv_folds_file' ? 'pipeline' : 'model'}`] = problem;
    if (Object.keys(problems).length > 0) refusedLabels.push(method.label);
  }
  if (refusedLabels.length > 0) throw new DomainError('invalid', `This server's engine cannot run ${refusedLabels.join(' and ')}: ${Object.values(refused)[0]}`, refused);
  const groupId = await createBenchmarkGroup(deps, {
    name: input.name,
    kind: 'prediction-benchmark',
    description: `Cross-validation benchmark: ${input.methods.map((method) => method.label).join(', ')} on the frozen folds of ${datasets
      .map((dataset) => `${dataset.name} (${CV_SCHEME_LABELS[schemes.get(dataset.id) as keyof typeof CV_SCHEME_LABELS]})`)
      .join(', ')}.`,
    userId: c.get('user').id,
  });
  const runIds = await launchEach(runs, c.get('user').id, groupId, datasets, input.methods, (dataset, method) => {
    const scheme = schemes.get(dataset.id)!;
    return {
      pipelineId: method.pipeline,
      name: `bench${groupId}_${slug(method.label)}_d${dataset.id}_${scheme.toLowerCase()}`.slice(0, 80),
      labels: predictionCvLabels(method.label, dataset.id, scheme),
      params: {
        genotypes: dataset.references.get('VCF'),
        phenotypes: dataset.references.get('phenotype CSV'),
        cv_folds_file: dataset.references.get(CV_FOLDS),
        ...cvMethodParams(method),
        outdir: 'results',
      },
    };
  });
  return c.json({ groupId, runIds }, 201);
};
