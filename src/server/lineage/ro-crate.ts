import path from 'node:path';
import { fileIdOf } from '../../contract/file-reference';

/**
 * A run as a Workflow Run RO-Crate (profile 0.5, https://w3id.org/ro/wfrun/workflow/0.5): the
 * pipeline as the crate's main ComputationalWorkflow with its given parameters as FormalParameters,
 * the run as a CreateAction (instrument the workflow, object the inputs with their SHA-256 and the
 * values as PropertyValues, result the outputs, agent the person who launched it, its times,
 * status and container images), and the engine as a SoftwareApplication with its version. Only
 * what Seedbed recorded is said; nothing is guessed.
 */

export const RO_CRATE_1_1 = 'https://w3id.org/ro/crate/1.1';
export const PROCESS_RUN_CRATE = 'https://w3id.org/ro/wfrun/process/0.5';
export const WORKFLOW_RUN_CRATE = 'https://w3id.org/ro/wfrun/workflow/0.5';
export const WORKFLOW_RO_CRATE = 'https://w3id.org/workflowhub/workflow-ro-crate/1.0';
const FORMAL_PARAMETER_PROFILE = 'https://bioschemas.org/profiles/FormalParameter/1.0-RELEASE';
const NEXTFLOW_LANGUAGE = 'https://w3id.org/workflowhub/workflow-ro-crate#nextflow';

export interface CrateFile {
  id: number;
  name: string;
  sha256: string;
  sizeBytes: number;
  mimeType: string | null;
  createdAt: Date;
}

export interface CrateInput extends CrateFile {
  /** The parameter, or `<parameter>[row <n>].<column>` for a samplesheet's cell. */
  parameter: string;
  /** Its checksum when the run read it (the file's may have changed since). */
  sha256AtLaunch: string;
}

export interface CrateRun {
  id: number;
  name: string;
  pipelineId: string;
  revision: string;
  commitId: string | null;
  engine: 'local' | 'nextflow';
  engineVersion: string | null;
  status: string;
  statusReason: string | null;
  submittedAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  params: Record<string, unknown>;
  launchedBy: { id: number; name: string; email: string } | null;
}

export interface CratePipeline {
  label: string;
  description: string;
  repository: string;
  /** The schema's properties by name: what a FormalParameter says of its slot. */
  properties: Record<string, { type?: string | string[]; description?: string; format?: string }>;
}

export interface CrateContents {
  run: CrateRun;
  pipeline: CratePipeline;
  inputs: CrateInput[];
  outputs: CrateFile[];
  containers: string[];
  /** With the data files in the crate (their @id a path inside it); without, each is named by where the API serves it. */
  withData: boolean;
  /** The API's address, for data files left out (`<apiUrl>/files/<id>/download`). */
  apiUrl: string;
  now: Date;
}

type Entity = Record<string, unknown> & { '@id': string };
const ref = (id: string) => ({ '@id': id });

/** Where a file is in the crate: inputs/<id>/<name>, outputs/<its path in the run>; a path, so percent-encoded. */
function cratePath(folder: 'inputs' | 'outputs', file: CrateFile): string {
  const parts = folder === 'inputs' ? [String(file.id), path.basename(file.name)] : file.name.split('/');
  return [folder, ...parts].map((part) => encodeURIComponent(part)).join('/');
}

/** The schema.org DataType of a parameter's value (a FormalParameter's additionalType). */
function dataTypeOf(value: unknown, declared: string | string[] | undefined): string {
  const type = Array.isArray(declared) ? declared.find((each) => each !== 'null') : declared;
  if (type === 'integer' || (typeof value === 'number' && Number.isInteger(value) && type !== 'number')) return 'Integer';
  if (type === 'number' || typeof value === 'number') return 'Float';
  if (type === 'boolean' || typeof value === 'boolean') return 'Boolean';
  return 'Text';
}

const iso = (moment: Date) => moment.toISOString();

/** The crate's metadata (ro-crate-metadata.json) and the data files it holds, by path in the crate. */
export function workflowRunCrate(contents: CrateContents): { metadata: { '@context': unknown; '@graph': Entity[] }; dataFiles: Array<{ path: string; fileId: number }> } {
  const { run, pipeline, withData } = contents;
  const dataFiles: Array<{ path: string; fileId: number }> = [];
  const graph: Entity[] = [];
  const idOf = (folder: 'inputs' | 'outputs', file: CrateFile) => {
    if (!withData) return `${contents.apiUrl.replace(/\/$/, '')}/files/${file.id}/download`;
    const at = cratePath(folder, file);
    if (!dataFiles.some((each) => each.path === decodeURIComponent(at))) dataFiles.push({ path: decodeURIComponent(at), fileId: file.id });
    return at;
  };

  const workflowId = `https://github.com/${pipeline.repository}`;
  const actionId = `#run-${run.id}`;
  const engineId = run.engine === 'nextflow' ? 'https://www.nextflow.io/' : '#seedbed-built-in-engine';
  const fileEntity = (id: string, file: CrateFile, extra: Record<string, unknown>): Entity => ({
    '@id': id,
    '@type': 'File',
    name: file.name,
    alternateName: file.name,
    contentSize: String(file.sizeBytes),
    sha256: file.sha256,
    ...(file.mimeType ? { encodingFormat: file.mimeType } : {}),
    dateCreated: iso(file.createdAt),
    identifier: `seedbed://files/${file.id}`,
    ...extra,
  });

  // The given parameters: each a FormalParameter of the workflow, realized by a file (object) or a value (PropertyValue).
  const formal: Entity[] = [];
  const objects: Entity[] = [];
  const byParameter = new Map(contents.inputs.map((input) => [input.parameter, input]));
  for (const [name, value] of Object.entries(run.params)) {
    if (value === null || value === undefined) continue;
    const formalId = `#param-${encodeURIComponent(name)}`;
    const property = pipeline.properties[name] ?? {};
    const input = fileIdOf(value) !== null ? byParameter.get(name) : undefined;
    const realizedBy = input ? idOf('inputs', input) : `#pv-${encodeURIComponent(name)}`;
    formal.push({
      '@id': formalId,
      '@type': 'FormalParameter',
      name,
      additionalType: input ? 'File' : dataTypeOf(value, property.type),
      ...(property.description ? { description: property.description } : {}),
      conformsTo: ref(FORMAL_PARAMETER_PROFILE),
      workExample: ref(realizedBy),
    });
    if (input && objects.some((entity) => entity['@id'] === realizedBy)) continue;
    if (input) {
      objects.push(
        fileEntity(realizedBy, input, {
          exampleOfWork: ref(formalId),
          ...(input.sha256 !== input.sha256AtLaunch ? { description: `Read by the run with SHA-256 ${input.sha256AtLaunch}; the stored file has changed since.` } : {}),
        }),
      );
    } else {
      objects.push({ '@id': realizedBy, '@type': 'PropertyValue', name, value: typeof value === 'string' ? value : JSON.stringify(value), exampleOfWork: ref(formalId) });
    }
  }
  // Files a samplesheet named: read by the run, but no slot of the workflow, so no FormalParameter (the profile's rule).
  for (const input of contents.inputs) {
    if (run.params[input.parameter] !== undefined) continue;
    const id = idOf('inputs', input);
    if (!objects.some((entity) => entity['@id'] === id)) objects.push(fileEntity(id, input, { description: `Named by ${input.parameter}` }));
  }
  const results = contents.outputs.map((file) => fileEntity(idOf('outputs', file), file, {}));

  const person = run.launchedBy ? { '@id': `#person-${run.launchedBy.id}`, '@type': 'Person', name: run.launchedBy.name || run.launchedBy.email, email: run.launchedBy.email } : null;
  const succeeded = run.status === 'SUCCEEDED';
  const action: Entity = {
    '@id': actionId,
    '@type': 'CreateAction',
    name: `Run ${run.id} (${run.name}) of ${pipeline.label} ${run.revision}`,
    description: `${pipeline.label} revision ${run.revision}${run.commitId ? ` (commit ${run.commitId})` : ''} on the ${run.engine === 'local' ? 'Seedbed built-in' : 'nextflow'} engine, launched in Seedbed.`,
    instrument: ref(workflowId),
    object: objects.map((entity) => ref(entity['@id'])),
    result: results.map((entity) => ref(entity['@id'])),
    ...(person ? { agent: ref(person['@id']) } : {}),
    startTime: iso(run.startedAt ?? run.submittedAt),
    ...(run.completedAt ? { endTime: iso(run.completedAt) } : {}),
    actionStatus: ref(succeeded ? 'http://schema.org/CompletedActionStatus' : run.completedAt ? 'http://schema.org/FailedActionStatus' : 'http://schema.org/ActiveActionStatus'),
    ...(!succeeded && run.statusReason ? { error: run.statusReason } : {}),
    ...(contents.containers.length > 0 ? { containerImage: contents.containers.map((_, index) => ref(`#container-${index + 1}`)) } : {}),
  };
  const engine: Entity = {
    '@id': engineId,
    '@type': 'SoftwareApplication',
    name: run.engine === 'nextflow' ? 'Nextflow' : 'Seedbed built-in engine',
    ...(run.engine === 'nextflow' ? { url: 'https://www.nextflow.io/' } : {}),
    ...(run.engineVersion ? { softwareVersion: run.engineVersion.replace(/^Nextflow /, '') } : {}),
  };
  const dataEntities = [...objects.filter((entity) => entity['@type'] === 'File'), ...results];

  graph.push(
    { '@id': 'ro-crate-metadata.json', '@type': 'CreativeWork', about: ref('./'), conformsTo: [ref(RO_CRATE_1_1), ref(WORKFLOW_RO_CRATE)] },
    {
      '@id': './',
      '@type': 'Dataset',
      name: `${pipeline.label} run ${run.name}`,
      description: `Workflow Run RO-Crate of Seedbed run ${run.id} (${run.name}): ${pipeline.label} ${run.revision}, ${run.status.toLowerCase()}.${withData ? '' : ' The data files are not in this crate: each is named by where Seedbed serves it.'}`,
      datePublished: iso(contents.now),
      license: ref('#license'),
      conformsTo: [ref(PROCESS_RUN_CRATE), ref(WORKFLOW_RUN_CRATE), ref(WORKFLOW_RO_CRATE)],
      mainEntity: ref(workflowId),
      hasPart: [ref(workflowId), ...dataEntities.map((entity) => ref(entity['@id']))],
      mentions: [ref(actionId), ref(`#organize-${run.id}`)],
    },
    { '@id': '#license', '@type': 'CreativeWork', name: 'No license stated', description: 'Seedbed records no license for a run’s data: ask the person who launched it before reusing them.' },
    { '@id': PROCESS_RUN_CRATE, '@type': 'CreativeWork', name: 'Process Run Crate', version: '0.5' },
    { '@id': WORKFLOW_RUN_CRATE, '@type': 'CreativeWork', name: 'Workflow Run Crate', version: '0.5' },
    { '@id': WORKFLOW_RO_CRATE, '@type': 'CreativeWork', name: 'Workflow RO-Crate', version: '1.0' },
    {
      '@id': workflowId,
      '@type': ['File', 'SoftwareSourceCode', 'ComputationalWorkflow'],
      name: pipeline.label,
      description: pipeline.description,
      url: workflowId,
      version: run.revision,
      programmingLanguage: ref(NEXTFLOW_LANGUAGE),
      input: formal.map((entity) => ref(entity['@id'])),
      output: [],
    },
    { '@id': NEXTFLOW_LANGUAGE, '@type': 'ComputerLanguage', name: 'Nextflow', identifier: 'https://www.nextflow.io/', url: 'https://www.nextflow.io/' },
    ...formal,
    action,
    // The engine that ran the workflow: an OrganizeAction whose instrument it is (as the Provenance Run Crate names an engine).
    { '@id': `#organize-${run.id}`, '@type': 'OrganizeAction', name: `Run of ${pipeline.label} by ${engine.name}`, instrument: ref(engineId), result: ref(actionId) },
    engine,
    ...objects,
    ...results,
    ...(person ? [person] : []),
    ...contents.containers.map((image, index) => ({
      '@id': `#container-${index + 1}`,
      '@type': 'ContainerImage',
      additionalType: ref('https://w3id.org/ro/terms/workflow-run#DockerImage'),
      name: image,
    })),
  );
  return { metadata: { '@context': [`${RO_CRATE_1_1}/context`, 'https://w3id.org/ro/terms/workflow-run/context'], '@graph': graph }, dataFiles };
}
