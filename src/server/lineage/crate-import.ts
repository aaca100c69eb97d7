import { createHash, randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { fileReference } from '../../contract/file-reference';
import type { CrateImportResult } from '../../contract/lineage';
import type { Database } from '../db/client';
import { experiments, files, projects, runs } from '../db/schema';
import { DomainError } from '../domain-errors';
import type { FileStore } from '../storage/file-store';
import { recordRunInputs } from './run-inputs';
import { hashSecret } from '../runs/weblog';

type Entity = Record<string, unknown> & { '@id': string };

/** A size limit in words: megabytes, or kilobytes under one. */
export const limitText = (bytes: number) => (bytes >= 1024 ** 2 ? `${Math.round(bytes / 1024 ** 2).toLocaleString('en')} MB` : `${Math.round(bytes / 1024)} KB`);

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const idsOf = (value: unknown) => asArray(value).flatMap((item) => (typeof item === 'object' && item !== null && typeof (item as Entity)['@id'] === 'string' ? [(item as Entity)['@id']] : []));
const typesOf = (entity: Entity | undefined) => asArray(entity?.['@type']).map(String);
const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : null);
const dateOf = (value: unknown) => {
  const moment = typeof value === 'string' ? new Date(value) : null;
  return moment && !Number.isNaN(moment.getTime()) ? moment : null;
};

/** The crate's graph and its files, or the refusal that says what is missing. */
function readCrate(zip: Uint8Array, maxBytes: number): { graph: Map<string, Entity>; entries: Record<string, Uint8Array> } {
  let entries: Record<string, Uint8Array>;
  // What the zip says it holds is counted before anything is inflated: a small zip may claim to unpack to far more.
  let unpacked = 0;
  const withinLimit = (file: { originalSize: number }) => {
    unpacked += file.originalSize;
    if (unpacked > maxBytes)
      throw new DomainError(
        'too-large',
        `The crate unpacks to more than the ${limitText(maxBytes)} a file may be on this server: import a smaller crate, or ask your administrator to raise SEEDBED_MAX_UPLOAD_MB.`,
      );
    return true;
  };
  try {
    entries = unzipSync(zip, { filter: withinLimit });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('invalid', `The upload is not a zip Seedbed can read (${error instanceof Error ? error.message : String(error)}): export the crate again as a zip.`);
  }
  const metadata = entries['ro-crate-metadata.json'];
  if (!metadata) throw new DomainError('invalid', 'The zip has no ro-crate-metadata.json at its top: it is not an RO-Crate. Zip the crate’s folder from inside it.');
  let json: { '@graph'?: unknown };
  try {
    json = JSON.parse(new TextDecoder().decode(metadata)) as { '@graph'?: unknown };
  } catch (error) {
    throw new DomainError('invalid', `ro-crate-metadata.json is not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const graph = new Map(
    asArray(json['@graph'])
      .filter((entity): entity is Entity => typeof entity === 'object' && entity !== null && typeof (entity as Entity)['@id'] === 'string')
      .map((entity) => [entity['@id'], entity]),
  );
  if (graph.size === 0) throw new DomainError('invalid', 'ro-crate-metadata.json has no @graph of entities: it is not an RO-Crate metadata document.');
  return { graph, entries };
}

/** The schema.org and BrAPI types that name a breeding record in a crate's `about`. */
const EXPERIMENT_TYPES = ['Study', 'Trial', 'Experiment', 'ExperimentalStudy'];
const PROJECT_TYPES = ['Project', 'ResearchProject', 'Program'];

/**
 * The breeding records the crate says its run is about (`about` on the root Dataset or the
 * CreateAction): a Study, Trial or Experiment names an experiment, a Project, ResearchProject or
 * Program a project, each matched by name in any case (names are unique here). An experiment
 * brings its project. Names that match nothing are returned, so the import can say so.
 */
async function breedingRecordsOf(db: Database, subjects: Entity[]) {
  const named = (types: string[]) =>
    subjects.flatMap((subject) => {
      const name = text(subject.name)?.trim();
      return name && typesOf(subject).some((type) => types.includes(type.replace(/^.*[/#:]/, ''))) ? [name] : [];
    });
  const experimentNames = named(EXPERIMENT_TYPES);
  const projectNames = named(PROJECT_TYPES);
  const lower = (names: string[]) => names.map((name) => name.toLowerCase());
  const foundExperiments = experimentNames.length
    ? await db
        .select({ id: experiments.id, name: experiments.name, projectId: experiments.projectId })
        .from(experiments)
        .where(inArray(sql`lower(${experiments.name})`, lower(experimentNames)))
    : [];
  const foundProjects = projectNames.length
    ? await db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(inArray(sql`lower(${projects.name})`, lower(projectNames)))
    : [];
  const experiment = foundExperiments[0] ?? null;
  const project = foundProjects[0] ?? null;
  const matched = new Set(lower([...foundExperiments, ...foundProjects].map((record) => record.name)));
  return {
    experimentId: experiment?.id ?? null,
    projectId: project?.id ?? experiment?.projectId ?? null,
    linked: [
      ...(project ? [{ kind: 'project' as const, id: project.id, name: project.name }] : []),
      ...(experiment ? [{ kind: 'experiment' as const, id: experiment.id, name: experiment.name }] : []),
    ],
    unmatched: [...experimentNames, ...projectNames].filter((name) => !matched.has(name.toLowerCase())),
  };
}

/**
 * Imports a run done elsewhere from its Workflow Run Crate: the CreateAction whose instrument is
 * the crate's main workflow becomes a run of Seedbed (SUCCEEDED, or FAILED when the crate says so),
 * its object files stored files it read (recorded as its inputs, with their checksums) and its
 * result files stored files it wrote. Every file must be in the zip with the SHA-256 the crate
 * states (when it states one); otherwise nothing is imported.
 */
export async function importWorkflowRunCrate(options: { db: Database; files: FileStore }, zip: Uint8Array, userId: number): Promise<CrateImportResult> {
  const { db } = options;
  const { graph, entries } = readCrate(zip, options.files.maxUploadBytes);
  const root = graph.get('./') ?? [...graph.values()].find((entity) => idsOf(graph.get('ro-crate-metadata.json')?.about).includes(entity['@id']));
  const workflowId = idsOf(root?.mainEntity)[0];
  const workflow = workflowId ? graph.get(workflowId) : undefined;
  if (!workflow || !typesOf(workflow).includes('ComputationalWorkflow'))
    throw new DomainError('invalid', 'The crate’s root names no ComputationalWorkflow as its mainEntity: it is not a Workflow Run Crate (https://w3id.org/ro/wfrun/workflow/0.5).');
  const actions = [...graph.values()].filter((entity) => typesOf(entity).includes('CreateAction') && idsOf(entity.instrument).includes(workflowId!));
  if (actions.length !== 1)
    throw new DomainError('invalid', `The crate has ${actions.length} CreateActions whose instrument is its main workflow; Seedbed imports a crate of one run. Export each run as its own crate.`);
  const action = actions[0]!;

  // The files, checked before anything is stored.
  const fileOf = (id: string, role: 'input' | 'output') => {
    const entity = graph.get(id);
    if (!typesOf(entity).includes('File')) return null;
    const bytes = entries[decodeURIComponent(id)];
    if (!bytes) throw new DomainError('invalid', `The crate names ${id} as an ${role} of the run, and the zip does not hold it: export the crate with its data files.`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const stated = text(entity?.sha256);
    if (stated && stated.toLowerCase() !== sha256)
      throw new DomainError('invalid', `${id} in the zip has SHA-256 ${sha256}, and the crate says ${stated}: the file changed after the crate was written. Export the crate again.`);
    const name = text(entity?.name) && !text(entity?.name)!.includes('/') ? text(entity?.name)! : decodeURIComponent(id).split('/').pop()!;
    return {
      id,
      role,
      bytes,
      sha256,
      name,
      parameter:
        idsOf(entity?.exampleOfWork)
          .map((formal) => text(graph.get(formal)?.name))
          .find(Boolean) ?? null,
    };
  };
  const inputs = idsOf(action.object).flatMap((id) => fileOf(id, 'input') ?? []);
  const outputs = idsOf(action.result).flatMap((id) => fileOf(id, 'output') ?? []);
  const values = idsOf(action.object).flatMap((id) => {
    const entity = graph.get(id);
    if (!typesOf(entity).includes('PropertyValue')) return [];
    const name = text(entity?.name);
    return name ? [[name, text(entity?.value) ?? ''] as const] : [];
  });

  const engineApp = [...graph.values()].find((entity) => typesOf(entity).includes('OrganizeAction') && idsOf(entity.result).includes(action['@id']));
  const engine = engineApp ? graph.get(idsOf(engineApp.instrument)[0] ?? '') : undefined;
  const engineVersion = engine ? [text(engine.name), text(engine.softwareVersion) ?? text(engine.version)].filter(Boolean).join(' ') || null : null;
  const agent = graph.get(idsOf(action.agent)[0] ?? '');
  const failed = idsOf(action.actionStatus).some((status) => /FailedActionStatus$/.test(status));

  const subjects = [...idsOf(root?.about), ...idsOf(action.about)].flatMap((id) => (id === './' ? [] : (graph.get(id) ?? [])));
  const records = await breedingRecordsOf(db, subjects);

  // Stored files first (each upload is checked for its type as any upload is), then the run that links them.
  const stored = new Map<string, number>();
  try {
    for (const file of [...inputs, ...outputs]) {
      if (stored.has(file.id)) continue;
      const prepared = await options.files.prepare({ name: file.name }, file.bytes.length);
      const staged = await options.files.stage(new Blob([new Uint8Array(file.bytes)]).stream(), file.name);
      const row = await options.files.accept(prepared, staged, userId);
      stored.set(file.id, row.id);
    }
  } catch (error) {
    // All or nothing: the files stored before the refusal go again.
    for (const id of stored.values()) await options.files.remove(id).catch(() => undefined);
    if (error instanceof DomainError) throw new DomainError(error.kind, `Nothing was imported: ${error.message}`, error.fields);
    throw error;
  }
  const params: Record<string, unknown> = Object.fromEntries(values);
  inputs.forEach((file, index) => {
    params[file.parameter ?? `input_${index + 1}`] = fileReference(stored.get(file.id)!);
  });
  const label = text(workflow.name) ?? workflowId!;
  const [run] = await db
    .insert(runs)
    .values({
      name: (text(action.name) ?? `${label} (imported)`).slice(0, 120),
      pipelineId:
        workflowId!
          .replace(/^https:\/\/github\.com\//, '')
          .split('/')
          .pop()!
          .toLowerCase()
          .replace(/[^a-z0-9-]+/g, '-') || 'imported',
      revision: text(workflow.version) ?? 'unknown',
      engine: 'nextflow',
      engineVersion,
      status: failed ? 'FAILED' : 'SUCCEEDED',
      statusReason: failed ? (text(action.error) ?? 'The crate says the run failed.') : `Imported from a Workflow Run Crate${agent ? ` (run by ${text(agent.name) ?? agent['@id']})` : ''}.`,
      params,
      labels: ['imported-crate'],
      projectId: records.projectId,
      experimentId: records.experimentId,
      launchedById: userId,
      weblogSecretHash: hashSecret(randomBytes(24).toString('base64url')),
      submittedAt: dateOf(action.startTime) ?? new Date(),
      startedAt: dateOf(action.startTime),
      completedAt: dateOf(action.endTime) ?? new Date(),
      outputsRegisteredAt: new Date(),
    })
    .returning({ id: runs.id });
  const runId = run!.id;
  for (const file of outputs)
    await db
      .update(files)
      .set({ runId, uploadedById: null })
      .where(eq(files.id, stored.get(file.id)!));
  // Every file of the crate is filed under the records it is about, as a run's outputs are under its experiment.
  if (records.projectId !== null || records.experimentId !== null)
    await db
      .update(files)
      .set({ projectId: records.projectId, experimentId: records.experimentId })
      .where(inArray(files.id, [...stored.values()]));
  await recordRunInputs(db, runId, params);
  return {
    runId,
    files: [...inputs, ...outputs].map((file) => ({ id: stored.get(file.id)!, name: file.name, role: file.role, sha256: file.sha256 })),
    linked: records.linked,
    unmatched: records.unmatched,
  };
}
