import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StoredFile } from '../../../contract/files';
import { PROCESS_RUN_CRATE, RO_CRATE_1_1, WORKFLOW_RO_CRATE, WORKFLOW_RUN_CRATE } from '../../lineage/ro-crate';
import { seedFileTypes } from '../../services/file-types';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { runClient } from '../../testing/run-client';

/**
 * A real local run exported as a Workflow Run RO-Crate: the ro-crate library's validator (ro-crate-js
 * 3.7, Language Research Technology) finds no error, and the profile's required terms (Workflow Run
 * Crate 0.5, with Process Run Crate 0.5 and Workflow RO-Crate 1.0 it extends) are checked one by one.
 */

const TRIAL = fs.readFileSync('tests/fixtures/phenomix/trial.csv');
type Entity = Record<string, unknown> & { '@id': string; '@type': string | string[] };
type Reference = { '@id': string };
const ids = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => (item as Reference)['@id']);
const types = (entity: Entity | undefined) => (entity ? (Array.isArray(entity['@type']) ? entity['@type'] : [entity['@type']]) : []);

/** ro-crate-js's validator, with the RO-Crate context it fetches served from the library's own copy (no network in tests). */
async function validateWithRoCrateJs(metadata: unknown) {
  const context = JSON.parse(fs.readFileSync('node_modules/ro-crate/lib/context.json', 'utf8')) as Record<string, unknown>;
  vi.stubGlobal('fetch', async (url: string) =>
    String(url).startsWith(RO_CRATE_1_1)
      ? new Response(JSON.stringify({ name: 'RO-Crate JSON-LD Context', version: '1.1', ...context }), { status: 200 })
      : new Response('not served in tests', { status: 404, statusText: 'Not Found' }),
  );
  // The validator prints what it could not fetch (the workflow-run terms' context is not served here); its result says so too.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.resetModules();
  const { ROCrate, validate } = (await import('ro-crate')) as unknown as {
    ROCrate: new (json: unknown, options: Record<string, unknown>) => { resolveContext: () => Promise<unknown> };
    validate: (crate: unknown) => Promise<Array<{ id: string; status: string; message: string }>>;
  };
  try {
    const parsed = new ROCrate(metadata, { array: true, link: true });
    // The terms are checked against the context (schema.org's IRIs), which the library resolves first.
    await parsed.resolveContext();
    return await validate(parsed);
  } finally {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  }
}

describe('a run as a Workflow Run RO-Crate', () => {
  let t: TestApi;
  let token: string;
  let h: ReturnType<typeof runClient>;
  let runId: number;
  let trial: StoredFile;
  beforeAll(async () => {
    t = await createTestApi({ runs: { inputDirs: [] } });
    await seedFileTypes(t.db);
    token = await t.signInNewUser();
    h = runClient(t, token);
    const uploaded = await t.call('/files?name=crate_trial.csv', { method: 'POST', token, body: new Uint8Array(TRIAL), headers: { 'Content-Type': 'application/octet-stream' } });
    trial = (await uploaded.json()) as StoredFile;
    const launched = await h.launch({ pipelineId: 'nf-phenomix', name: 'crate_run', params: { input: trial.reference, outdir: 'results', seed: 5 } });
    expect(launched.status, await launched.clone().text()).toBe(201);
    const run = await h.untilEnded(((await launched.json()) as { id: number }).id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    await h.untilOutputsRegistered(run.id);
    runId = run.id;
  });
  afterAll(() => t.close());

  const crate = async (query: string) => {
    const response = await t.call(`/runs/${runId}/ro-crate${query}`, { token });
    expect(response.status, response.status === 200 ? '' : await response.text()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const metadata = JSON.parse(new TextDecoder().decode(entries['ro-crate-metadata.json'])) as { '@context': unknown; '@graph': Entity[] };
    const byId = new Map(metadata['@graph'].map((entity) => [entity['@id'], entity]));
    return { entries, metadata, byId };
  };

  it('passes ro-crate-js’s validator with no error', async () => {
    const { metadata } = await crate('?data=true');
    const results = await validateWithRoCrateJs(metadata);
    expect(results.filter((result) => result.status === 'error')).toEqual([]);
    expect(results.some((result) => result.status === 'success')).toBe(true);
  });

  it('has every term the Workflow Run Crate profile requires, one by one', async () => {
    const { metadata, byId, entries } = await crate('?data=true');
    // RO-Crate 1.1: the metadata descriptor is about the root and conforms to RO-Crate (and Workflow RO-Crate).
    expect(metadata['@context']).toEqual(['https://w3id.org/ro/crate/1.1/context', 'https://w3id.org/ro/terms/workflow-run/context']);
    const descriptor = byId.get('ro-crate-metadata.json')!;
    expect(ids(descriptor.about)).toEqual(['./']);
    expect(ids(descriptor.conformsTo)).toEqual(expect.arrayContaining([RO_CRATE_1_1, WORKFLOW_RO_CRATE]));
    // Root: conformsTo the versioned permalinks of Workflow Run Crate (MUST), Process Run Crate and Workflow RO-Crate (SHOULD), each a CreativeWork.
    const root = byId.get('./')!;
    expect(types(root)).toContain('Dataset');
    for (const key of ['name', 'description', 'datePublished', 'license']) expect(root[key], key).toBeTruthy();
    expect(ids(root.conformsTo)).toEqual(expect.arrayContaining([WORKFLOW_RUN_CRATE, PROCESS_RUN_CRATE, WORKFLOW_RO_CRATE]));
    for (const profile of ids(root.conformsTo)) expect(types(byId.get(profile))).toContain('CreativeWork');
    // Workflow RO-Crate: the main entity is a File, SoftwareSourceCode and ComputationalWorkflow with its language.
    const [workflowId] = ids(root.mainEntity);
    const workflow = byId.get(workflowId!)!;
    expect(types(workflow)).toEqual(expect.arrayContaining(['File', 'SoftwareSourceCode', 'ComputationalWorkflow']));
    expect(workflow).toMatchObject({ name: 'Phenomix', url: 'https://github.com/seedbed-genomics/nf-phenomix' });
    expect(types(byId.get(ids(workflow.programmingLanguage)[0]!))).toContain('ComputerLanguage');
    expect(ids(root.hasPart)).toContain(workflowId);
    // Process Run Crate: a CreateAction with an @id, mentioned by the root, its instrument the main workflow, name, times, agent, object, result.
    const actions = metadata['@graph'].filter((entity) => types(entity).includes('CreateAction'));
    expect(actions).toHaveLength(1);
    const action = actions[0]!;
    expect(ids(root.mentions)).toContain(action['@id']);
    expect(ids(action.instrument)).toEqual([workflowId]);
    expect(action.name).toContain('crate_run');
    expect(Date.parse(action.endTime as string)).toBeGreaterThanOrEqual(Date.parse(action.startTime as string));
    expect(ids(action.actionStatus)).toEqual(['http://schema.org/CompletedActionStatus']);
    expect(types(byId.get(ids(action.agent)[0]!))).toContain('Person');
    // object: the input file with its SHA-256 (the bytes in the crate have it) and the values as PropertyValues.
    const objects = ids(action.object).map((id) => byId.get(id)!);
    const input = objects.find((entity) => types(entity).includes('File'))!;
    expect(input).toMatchObject({ sha256: trial.sha256, name: 'crate_trial.csv', contentSize: String(TRIAL.length) });
    expect(createHash('sha256').update(entries[decodeURIComponent(input['@id'])]!).digest('hex')).toBe(trial.sha256);
    expect(objects.find((entity) => entity.name === 'seed')).toMatchObject({ '@type': 'PropertyValue', value: '5' });
    // result: every output, each a File in the crate with its SHA-256.
    const results = ids(action.result).map((id) => byId.get(id)!);
    expect(results.length).toBeGreaterThan(0);
    for (const output of results) {
      expect(types(output)).toContain('File');
      expect(createHash('sha256').update(entries[decodeURIComponent(output['@id'])]!).digest('hex')).toBe(output.sha256);
      expect(ids(root.hasPart)).toContain(output['@id']);
    }
    // Workflow Run Crate: each given parameter is a FormalParameter of the workflow (name, additionalType MUST), realized by its object via exampleOfWork.
    const formal = ids(workflow.input).map((id) => byId.get(id)!);
    expect(formal.map((parameter) => parameter.name).sort()).toEqual(['input', 'outdir', 'seed']);
    for (const parameter of formal) {
      expect(types(parameter)).toEqual(['FormalParameter']);
      expect(parameter.additionalType, String(parameter.name)).toBeTruthy();
      const realized = objects.find((entity) => ids(entity.exampleOfWork).includes(parameter['@id']));
      expect(realized, String(parameter.name)).toBeTruthy();
    }
    expect(formal.find((parameter) => parameter.name === 'input')?.additionalType).toBe('File');
    expect(formal.find((parameter) => parameter.name === 'seed')?.additionalType).toBe('Integer');
    // The engine: a SoftwareApplication with its version, the instrument of the action that organised the run.
    const engine = metadata['@graph'].find((entity) => types(entity).includes('SoftwareApplication'))!;
    expect(engine).toMatchObject({ name: 'Seedbed built-in engine' });
    expect(engine.softwareVersion).toMatch(/^Seedbed \S+ built-in engine$/);
  });

  it('leaves the data out when asked, naming each file by where the API serves it', async () => {
    const { entries, byId } = await crate('');
    expect(Object.keys(entries)).toEqual(['ro-crate-metadata.json']);
    const action = [...byId.values()].find((entity) => types(entity).includes('CreateAction'))!;
    const [first] = ids(action.object).filter((id) => types(byId.get(id)).includes('File'));
    // The test API is served at its root; a server's is under /api, and the address follows where the request came.
    expect(first).toMatch(new RegExp(`^http://[^/]+/files/${trial.id}/download$`));
  });

  it('answers 404 for a run that does not exist', async () => {
    const response = await t.call('/runs/2147483000/ro-crate', { token });
    expect(response.status).toBe(404);
  });
});
