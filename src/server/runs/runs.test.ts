import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, runs } from '../db/schema';
import { fileReference } from '../../contract/file-reference';
import { createTestApi, type TestApi } from '../testing/test-api';
import { runClient } from '../testing/run-client';
import { waitFor } from '../testing/wait-for';
import { isAlive } from './engines/processes';
import { seedFileTypes } from '../services/file-types';
import { registerLocalFile } from '../storage/file-store';
import { hashSecret } from './weblog';

const FIXTURES = path.resolve('tests/fixtures/genomics');
const HELLO_EVENTS = path.resolve('src/server/runs/fixtures/hello-succeeded.weblog.json');

/** A `nextflow` stand-in: records how it was called, then reports the hello run over the weblog. */
function fakeNextflow(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fake-nextflow-'));
  const script = `#!/usr/bin/env node
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.writeFileSync('fake-nextflow-call.json', JSON.stringify({ args, cwd: process.cwd(), env: Object.keys(process.env), nxf: Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('NXF_'))) }));
// The weblog address comes in the run's own config file (the last -c), as Nextflow reads it.
const weblogConfig = fs.readFileSync(args[args.lastIndexOf('-c') + 1], 'utf8');
const url = /url = '([^']*)'/.exec(weblogConfig)[1];
const name = args[args.indexOf('-name') + 1];
const events = JSON.parse(fs.readFileSync(${JSON.stringify(HELLO_EVENTS)}, 'utf8')).map((event) => ({ ...event, runName: name }));
const post = (event) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(event) });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
process.on('SIGTERM', () => { fs.writeFileSync('fake-nextflow-sigterm', ''); process.exit(143); });
(async () => {
  await post(events[0]);
  // Runs named slow_* keep running until stopped or released (a file 'release' in the run folder), 60 s at most.
  if (name.startsWith('slow')) for (let waited = 0; waited < 60000 && !fs.existsSync('release'); waited += 50) await sleep(50);
  // Runs named lost_* lose their last event (completed) on the way, then exit 0.
  for (const event of events.slice(1, name.startsWith('lost') ? -1 : undefined)) await post(event);
})();
`;
  fs.writeFileSync(path.join(directory, 'nextflow'), script, { mode: 0o755 });
  return directory;
}

/** A catalogue with one pipeline whose local implementation starts a child process and waits. */
function sleeperCatalogue(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sleeper-catalogue-'));
  const pipeline = path.join(directory, 'sleeper');
  fs.mkdirSync(path.join(pipeline, 'local'), { recursive: true });
  fs.writeFileSync(
    path.join(pipeline, 'pipeline.json'),
    JSON.stringify({ label: 'Sleeper', group: 'Tests', description: 'Sleeps', repository: 'seedbed/sleeper', revision: '1.0.0', defaultProfile: 'test', outputFileTypes: [], local: 'local/main.ts' }),
  );
  fs.writeFileSync(
    path.join(pipeline, 'nextflow_schema.json'),
    JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Sleeper',
      type: 'object',
      $defs: { io: { title: 'IO', type: 'object', properties: { outdir: { type: 'string', format: 'directory-path', default: 'results' } } } },
      allOf: [{ $ref: '#/$defs/io' }],
    }),
  );
  fs.writeFileSync(
    path.join(pipeline, 'local', 'main.ts'),
    `import { spawn } from 'node:child_process';
import fs from 'node:fs';
export async function run(context: { task: (p: string, t: string | null, f: () => Promise<void>) => Promise<void> }) {
  await context.task('SLEEP', null, () => new Promise<void>((resolve) => {
    const child = spawn('sleep', ['300'], { stdio: 'ignore' });
    fs.writeFileSync('grandchild.pid', String(child.pid));
    child.on('exit', () => resolve());
  }));
}
`,
  );
  return directory;
}

describe('launching', () => {
  let t: TestApi;
  let h: ReturnType<typeof runClient>;
  beforeAll(async () => {
    t = await createTestApi({ runs: { localConcurrency: 1, nextflow: { path: '/nonexistent' } } });
    await seedFileTypes(t.db);
    h = runClient(t, await t.signInNewUser());
  });
  afterAll(() => t.close());

  it('checks params against the pipeline schema on the server, one message per parameter', async () => {
    const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'bad_params', params: { input: 'genotypes.txt', min_maf: 0.9, ld_window_kb: 2.5, publish_dir_mode: 'teleport' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors).toEqual({
      'params.input': 'The file name must end in .vcf, .vcf.gz or .vcf.bgz',
      'params.min_maf': 'At most 0.5',
      'params.ld_window_kb': 'Must be a whole number',
      'params.publish_dir_mode': 'One of symlink, rellink, link, copy, copyNoFollow, move',
    });
    expect(body.message).toMatch(/Process VCFs/);
    // Nothing was stored under that name, whatever other tests launched.
    expect(await t.db.select().from(runs).where(eq(runs.name, 'bad_params'))).toHaveLength(0);
  });

  it('refuses a parameter the pipeline does not have, naming the one meant, rather than run with that one’s default', async () => {
    const response = await h.launch({
      pipelineId: 'nf-gdip',
      name: 'misspelt_param',
      params: { genotypes: `${FIXTURES}/panel.vcf`, phenotypes: `${FIXTURES}/panel_phenotypes.csv`, cv_fold: 3, colour: 'red' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors).toEqual({
      'params.cv_fold': 'GDIP has no parameter cv_fold: did you mean cv_folds?',
      'params.colour': 'GDIP has no parameter colour; its parameters are listed in Docs → Reference → Pipelines.',
    });
    expect(await t.db.select().from(runs).where(eq(runs.name, 'misspelt_param'))).toHaveLength(0);
  });

  it('refuses, on its field, a BayesB burn-in not below the chain’s iterations, which the run used to refuse only once started', async () => {
    const launch = (name: string, chain: Record<string, number>) =>
      h.launch({ pipelineId: 'nf-gdip', name, params: { genotypes: `${FIXTURES}/panel.vcf`, phenotypes: `${FIXTURES}/panel_phenotypes.csv`, model: 'bayesb', ...chain } });
    const response = await launch('burn_in_all', { bayes_iterations: 400, bayes_burn_in: 400 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message:
        'The parameters cannot run together. bayes_burn_in: Must be less than bayes_iterations (400): the chain would keep no draw after its burn-in. Lower bayes_burn_in or raise bayes_iterations.',
      errors: { 'params.bayes_burn_in': 'Must be less than bayes_iterations (400): the chain would keep no draw after its burn-in. Lower bayes_burn_in or raise bayes_iterations.' },
    });
    // Against the default of the other (1,500 iterations).
    const againstDefault = await launch('burn_in_default_chain', { bayes_burn_in: 2000 });
    expect(againstDefault.status).toBe(400);
    expect(((await againstDefault.json()) as { errors: Record<string, string> }).errors).toEqual({ 'params.bayes_burn_in': expect.stringMatching(/^Must be less than bayes_iterations \(1500\)/) });
    expect(await t.db.select().from(runs).where(eq(runs.name, 'burn_in_all'))).toHaveLength(0);
  });

  it('refuses Auto Train’s burn-in not below its iterations on its field only while models names bayesb or bayes_c, the models that run a chain', async () => {
    // The genotypes do not exist, so a launch the order check lets through stops there instead of running.
    const launch = (name: string, models: string) =>
      h.launch({
        pipelineId: 'nf-auto-train',
        name,
        params: { genotypes: `${FIXTURES}/no_such_panel.vcf`, phenotypes: `${FIXTURES}/panel_phenotypes.csv`, models, bayes_iterations: 400, bayes_burn_in: 400 },
      });
    const bayes = await launch('auto_train_burn_in_all', 'rrblup,bayes_c');
    expect(bayes.status).toBe(400);
    // The missing file and the burn-in in one refusal: fixing the file does not uncover the burn-in at the next press.
    const refused = (await bayes.json()) as { message: string; errors: Record<string, string> };
    expect(refused.errors).toEqual({
      'params.bayes_burn_in':
        'Must be less than bayes_iterations (400) when models names bayesb or bayes_c: the chain would keep no draw after its burn-in. Lower bayes_burn_in, raise bayes_iterations, or leave bayesb and bayes_c out of models.',
      'params.genotypes': `No file at ${FIXTURES}/no_such_panel.vcf on this server: upload it in the form, or pick a stored file`,
    });
    expect(refused.message).toMatch(/^The parameters cannot run together\. bayes_burn_in: Must be less .* Some inputs cannot be used\. No file at /);
    // Without a chain the values are not used at all, which is what it is refused for (the schema's condition), not their order.
    const rrblup = await launch('auto_train_no_chain', 'rrblup');
    expect(((await rrblup.json()) as { errors: Record<string, string> }).errors).toEqual({
      'params.bayes_iterations': 'Not used while models names neither bayesb nor bayes_c: leave bayes_iterations at its default (1500), or change the setting it depends on.',
      'params.bayes_burn_in': 'Not used while models names neither bayesb nor bayes_c: leave bayes_burn_in at its default (500), or change the setting it depends on.',
      'params.genotypes': expect.stringMatching(/^No file at /),
    });
    const chainLeftAlone = await h.launch({
      pipelineId: 'nf-auto-train',
      name: 'auto_train_default_chain',
      params: { genotypes: `${FIXTURES}/no_such_panel.vcf`, phenotypes: `${FIXTURES}/panel_phenotypes.csv`, models: 'rrblup,gblup' },
    });
    expect(Object.keys(((await chainLeftAlone.json()) as { errors: Record<string, string> }).errors)).toEqual(['params.genotypes']);
  });

  it('refuses, on its own field, a parameter the pipeline would not use with the settings given (the schema’s conditions)', async () => {
    const response = await h.launch({
      pipelineId: 'nf-gdip',
      name: 'unused_params',
      params: { genotypes: `${FIXTURES}/panel.vcf`, phenotypes: `${FIXTURES}/panel_phenotypes.csv`, model: 'rrblup', bayes_iterations: 3000, association_test: 'linear', kinship_loco: true },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors).toEqual({
      'params.bayes_iterations': 'Not used while model is rrblup or gblup: leave bayes_iterations at its default (1500), or change the setting it depends on.',
      'params.kinship_loco': 'Not used while association_test is linear: leave kinship_loco at its default (false), or change the setting it depends on.',
    });
    // The same values where they are used are taken.
    const used = await h.launch({
      pipelineId: 'nf-gdip',
      name: 'used_params',
      params: {
        genotypes: `${FIXTURES}/no_such_panel.vcf`,
        phenotypes: `${FIXTURES}/panel_phenotypes.csv`,
        model: 'bayesb',
        bayes_iterations: 3000,
        association_test: 'linear_kinship',
        kinship_loco: true,
      },
    });
    expect(Object.keys(((await used.json()) as { errors: Record<string, string> }).errors)).toEqual(['params.genotypes']);
  });

  it('takes a required parameter the schema gives a default (outdir) as that default when the launch leaves it out, as Nextflow does', async () => {
    const launched = await h.launch({ pipelineId: 'nf-processvcfs', name: 'default_outdir', params: { input: `${FIXTURES}/panel.vcf` } });
    expect(launched.status).toBe(201);
    const run = await h.untilEnded(((await launched.json()) as { id: number }).id);
    expect(run.status).toBe('SUCCEEDED');
    const outputs = await h.untilOutputsRegistered(run.id);
    expect(outputs.location).toMatch(/results$/);
  });

  it('refuses a bad run name, an unknown pipeline and unknown groups or projects', async () => {
    const name = await h.launch({ pipelineId: 'nf-processvcfs', name: 'Has Spaces', params: {} });
    expect(name.status).toBe(400);
    expect(((await name.json()) as { errors: Record<string, string> }).errors.name).toMatch(/lower-case letter/);
    const pipeline = await h.launch({ pipelineId: 'nf-nothing', name: 'x1', params: {} });
    expect(pipeline.status).toBe(400);
    const group = await h.launch({ pipelineId: 'nf-processvcfs', name: 'x2', groupId: 999, params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results' } });
    expect(group.status).toBe(400);
    expect(((await group.json()) as { errors: Record<string, string> }).errors).toEqual({ groupId: 'No such run group' });
  });

  it('takes BayesB and BayesC in Auto Train on the built-in engine, refusing a launch only for what is wrong with it', async () => {
    const response = await h.launch({
      pipelineId: 'nf-auto-train',
      name: 'bayes_b',
      params: { genotypes: `${FIXTURES}/no_such_panel.vcf`, phenotypes: `${FIXTURES}/panel_phenotypes.csv`, models: 'rrblup,bayesb,bayes_c', outdir: 'results' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors['params.models']).toBeUndefined();
    expect(Object.keys(body.errors)).toEqual(['params.genotypes']);
  });

  it('does not resume a local run, and refuses another revision on the built-in engine', async () => {
    const local = await h.untilEnded(
      ((await (await h.launch({ pipelineId: 'nf-processvcfs', name: 'local_once', params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results' } })).json()) as { id: number }).id,
    );
    const resumed = await t.call(`/runs/${local.id}/resume`, { method: 'POST', token: await t.signInNewUser(), json: {} });
    expect(resumed.status).toBe(409);
    expect(((await resumed.json()) as { message: string }).message).toMatch(/ran on the built-in engine, which has no cache to resume from: relaunch it instead/);
    const other = await h.launch({ pipelineId: 'nf-processvcfs', name: 'other_revision', revision: 'dev', relaunchOf: local.id, params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results' } });
    expect(other.status).toBe(400);
    expect(((await other.json()) as { errors: Record<string, string> }).errors.revision).toBe('Only 3.0.1 runs here');
    const relaunched = (await (await h.launch({ pipelineId: 'nf-processvcfs', name: 'again', relaunchOf: local.id, params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results' } })).json()) as {
      relatedRunId: number;
      relation: string;
    };
    expect(relaunched).toMatchObject({ relatedRunId: local.id, relation: 'relaunch' });
  });

  it('fails at once, saying what is missing, for a pipeline without a local implementation', async () => {
    // Every pipeline of the bundled catalogue runs locally: one added without a "local" entry does not.
    const catalogue = sleeperCatalogue();
    const manifest = path.join(catalogue, 'sleeper', 'pipeline.json');
    const { local: _local, ...withoutLocal } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    fs.writeFileSync(manifest, JSON.stringify(withoutLocal));
    const other = await createTestApi({ runs: { catalogueDir: catalogue } });
    try {
      const response = await runClient(other, await other.signInNewUser()).launch({ pipelineId: 'sleeper', name: 'no_local', params: {} });
      expect(response.status).toBe(501);
      expect(((await response.json()) as { message: string }).message).toMatch(/Sleeper has no local implementation.*nextflow/);
    } finally {
      await other.close();
    }
  });

  it.each([['../..'], ['..'], ['.'], ['../7/results'], ['results/../..'], ['/tmp/elsewhere']])('refuses the outdir %j, which is not inside the run’s own folder', async (outdir) => {
    for (const pipelineId of ['nf-processvcfs', 'nf-evostats']) {
      const populations = pipelineId === 'nf-evostats' ? { populations: `${FIXTURES}/panel.csv` } : {};
      const response = await h.launch({ pipelineId, name: 'escape', params: { input: `${FIXTURES}/panel.vcf`, ...populations, outdir } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors['params.outdir']).toMatch(/inside the run’s own folder/);
    }
  });

  it('says at launch that an input file is not on the server, instead of failing the run', async () => {
    // In a folder runs may read (SEEDBED_INPUT_DIRS of the tests), but not there.
    const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'missing_input', params: { input: `${FIXTURES}/nowhere/cohort.vcf`, outdir: 'results' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors['params.input']).toBe(`No file at ${FIXTURES}/nowhere/cohort.vcf on this server: upload it in the form, or pick a stored file`);
    expect(await t.db.select().from(runs).where(eq(runs.name, 'missing_input'))).toHaveLength(0);
  });

  it('shows no stack trace in a failed run’s log', async () => {
    const broken = path.join(t.dataDir, 'broken.vcf');
    const content = '##fileformat=VCFv4.2\n#CHROM\tPOS\n1\tnot-a-number\n';
    fs.writeFileSync(broken, content);
    // A stored file, as runs may read (its content check would refuse it as an upload).
    await registerLocalFile(t.db, {
      name: 'broken.vcf',
      storagePath: 'broken.vcf',
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      fileTypeId: null,
      projectId: null,
      experimentId: null,
      runId: null,
      uploadedById: null,
    });
    const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'broken_input', params: { input: broken, outdir: 'results' } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const run = await h.untilEnded(id);
    expect(run.status).toBe('FAILED');
    // Nextflow's `error` event ends the run before the runner's last lines reach the log.
    const log = await waitFor(
      async () => fs.readFileSync(path.join(run.runDir, 'run.log'), 'utf8'),
      (text) => text.includes('Finished with errors'),
    );
    expect(log).toMatch(/ERROR ~ /);
    expect(log).not.toMatch(/\n\s+at .+:\d+:\d+/);
  });

  it('keeps the local engine inside the data folder', async () => {
    const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'escape', params: { input: `${FIXTURES}/panel.vcf`, outdir: '/etc/seedbed' } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: Record<string, string> }).errors['params.outdir']).toMatch(/relative path/);
    const climbing = await h.launch({ pipelineId: 'nf-processvcfs', name: 'climb', params: { input: `${FIXTURES}/panel.vcf`, outdir: '../../../../outside' } });
    expect(climbing.status).toBe(400);
  });

  it('runs Process VCFs locally: filters the VCF, writes the QC summary and registers the outputs', async () => {
    const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'filter_panel', labels: ['qc'], params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results', ld_prune: true } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const run = await h.untilEnded(id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    expect(run.engine).toBe('local');
    expect(run.processes.map((process) => process.process)).toEqual(['READ_VCF', 'FILTER_SITES', 'SAMPLE_CALL_RATE', 'LD_PRUNE', 'WRITE_VCF', 'QC_SUMMARY']);
    expect(run.progress).toMatchObject({ total: 6, done: 6 });

    const summary = JSON.parse(fs.readFileSync(path.join(run.runDir, 'results/qc/qc_summary.json'), 'utf8'));
    // The fixture holds 16 indels and multi-allelic sites, 10 rare and 10 patchy sites, and 3 patchy samples.
    expect(summary.sites.removed).toMatchObject({ notBiallelicSnp: 16, lowMaf: 10, highMissing: 10 });
    expect(summary.samples).toEqual({ input: 120, kept: 117, removedLowCallRate: 3 });
    const vcf = fs.readFileSync(path.join(run.runDir, 'results/filtered/panel.filtered.vcf'), 'utf8').trimEnd().split('\n');
    expect(vcf.filter((line) => !line.startsWith('#'))).toHaveLength(summary.sites.kept);
    expect(vcf.find((line) => line.startsWith('#CHROM'))!.split('\t')).toHaveLength(9 + 117);

    // Outputs are registered as stored files as the run's process exits, a moment after SUCCEEDED.
    const outputs = await waitFor(
      async () => (await (await t.call(`/runs/${id}/outputs`, { token: await t.signInNewUser() })).json()) as { outputs: Array<{ path: string; fileType: string | null; fileId: number | null }> },
      (value) => value.outputs.every((output) => output.fileId !== null),
    );
    const filtered = outputs.outputs.find((output) => output.path === 'filtered/panel.filtered.vcf');
    expect(filtered).toMatchObject({ fileType: 'VCF', fileId: expect.any(Number) });
    const files = (await (await t.call(`/files?runId=${id}`, { token: await t.signInNewUser() })).json()) as { data: Array<{ name: string; fileTypeName: string | null; sha256: string }> };
    expect(files.data.find((file) => file.name === 'filtered/panel.filtered.vcf')).toMatchObject({ fileTypeName: 'VCF', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const log = (await (await t.call(`/runs/${id}/log`, { token: await t.signInNewUser() })).json()) as { text: string };
    expect(log.text).toMatch(/Submitted process > FILTER_SITES \(panel\)/);
  });

  it('runs GDIP locally: the scan finds the known QTL and the model is cross-validated', async () => {
    const response = await h.launch({
      pipelineId: 'nf-gdip',
      name: 'gdip_panel',
      params: { genotypes: `${FIXTURES}/panel.vcf`, phenotypes: `${FIXTURES}/panel_phenotypes.csv`, outdir: 'results', significance_threshold: 5 },
    });
    expect(response.status).toBe(201);
    const run = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    const hits = fs
      .readFileSync(path.join(run.runDir, 'results/discovery/hits.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',').slice(0, 2).join(' '));
    const known = fs
      .readFileSync(path.join(FIXTURES, 'panel_known_qtl.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        const [marker, , , trait] = line.split(',');
        return `${trait} ${marker}`;
      });
    // Most true QTL are found, and every hit at this threshold is a true one.
    expect(hits.filter((hit) => known.includes(hit)).length).toBeGreaterThanOrEqual(4);
    expect(hits.every((hit) => known.includes(hit))).toBe(true);
    const accuracy = fs
      .readFileSync(path.join(run.runDir, 'results/prediction/cv_accuracy.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => Number(line.split(',')[4]));
    // About what theory expects of rrBLUP here: r ≈ √(h² · nh² / (nh² + M)) ≈ 0.3 for n = 96, M = 400.
    expect(accuracy.every((r) => r > 0.15)).toBe(true);
    const model = JSON.parse(fs.readFileSync(path.join(run.runDir, 'results/models/gdip_model.json'), 'utf8'));
    expect(Object.keys(model.traits)).toEqual(['trait1', 'trait2']);
  });

  it('queues local runs beyond the concurrency limit and starts them in turn', async () => {
    const params = { input: `${FIXTURES}/panel.vcf`, outdir: 'results' };
    const first = (await (await h.launch({ pipelineId: 'nf-processvcfs', name: 'queue_first', params })).json()) as { id: number };
    const second = (await (await h.launch({ pipelineId: 'nf-processvcfs', name: 'queue_second', params })).json()) as { id: number };
    // The first may itself wait for the previous test's process to exit; the second waits behind it.
    // One synchronous read of the queue: two requests could see it between a start and the next.
    const waiting = t.runService!.waiting();
    expect(waiting).toContain(second.id);
    expect(waiting.indexOf(first.id)).toBeLessThan(waiting.indexOf(second.id));
    expect((await h.untilEnded(first.id)).status).toBe('SUCCEEDED');
    expect((await h.untilEnded(second.id)).status).toBe('SUCCEEDED');
  });

  it('fails a nextflow launch at once when nextflow is not on PATH', async () => {
    const [before] = await Promise.all([t.db.select().from(runs)]);
    const service = t.runService!;
    expect(service).toBeDefined();
    const response = await createTestApi({ runs: { defaultEngine: 'nextflow', nextflow: { path: '/nonexistent' } } }).then(async (other) => {
      const token = await other.signInNewUser();
      const result = await other.call('/runs', { method: 'POST', token, json: { pipelineId: 'nf-processvcfs', name: 'no_nextflow', params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results' } } });
      await other.close();
      return result;
    });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toMatch(/Nextflow engine is not installed\. Ask your administrator/);
    expect(await t.db.select().from(runs)).toHaveLength(before!.length);
  });
});

describe('the nextflow engine', () => {
  let t: TestApi;
  let h: ReturnType<typeof runClient>;
  beforeAll(async () => {
    t = await createTestApi({ runs: { defaultEngine: 'nextflow', nextflow: { path: fakeNextflow() } } });
    h = runClient(t, await t.signInNewUser());
  });
  afterAll(() => t.close());

  it('a nextflow process that exits 0 after its completed event was lost ends SUCCEEDED, with a note', async () => {
    const response = await h.launch({
      pipelineId: 'nf-processvcfs',
      name: 'lost_completed',
      params: { input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results', min_maf: 0.05, max_site_missing: 0.2 },
    });
    const run = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(run.status).toBe('SUCCEEDED');
    expect(run.statusReason).toMatch(/exited with status 0 \(success\), but its final weblog event never arrived/);
    // Defaults sent by the form stay out of the params file.
    expect(JSON.parse(fs.readFileSync(path.join(run.runDir, 'params.json'), 'utf8'))).toEqual({ input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results' });
  });

  it('refuses on its field a parameter the pipeline’s revision does not read, instead of running without it', async () => {
    const before = (await t.db.select().from(runs)).length;
    const params = { genotypes: 's3://bucket/cohort.vcf.gz', phenotypes: 's3://bucket/traits.csv', outdir: 's3://bucket/results' };
    const response = await h.launch({
      pipelineId: 'nf-gdip',
      name: 'frozen_folds',
      params: { ...params, cv_folds_file: 's3://bucket/cv_folds.csv', cv_repeats: 3, association_test: 'linear_kinship', kinship_loco: true, model: 'bayes_c' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toMatch(/^GDIP on the nextflow engine \(revision 1\.8\.0\): /);
    expect(body.errors['params.cv_folds_file']).toMatch(/does not read a frozen folds file and would cross-validate on folds of its own/);
    expect(body.errors['params.cv_repeats']).toMatch(/does not repeat its cross-validation/);
    expect(body.errors['params.kinship_loco']).toMatch(/has no leave-one-chromosome-out kinship and would scan with one kinship of all markers/);
    expect(body.errors['params.model']).toBe('bayes_c: nf-gdip 1.8.0 on the nextflow engine has no BayesC; choose rrblup, gblup or bayesb there, or run BayesC on the built-in engine.');
    expect((await t.db.select().from(runs)).length).toBe(before);
    // The default is what the revision does anyway, so it is taken.
    const plain = await h.launch({ pipelineId: 'nf-gdip', name: 'one_repeat', params: { ...params, cv_repeats: 1 } });
    expect(plain.status, await plain.clone().text()).toBe(201);
    await h.untilEnded(((await plain.json()) as { id: number }).id);
  });

  it('resumes an ended run: -resume with its session, in its work directory and cache, on another revision if asked, recorded as related', async () => {
    const first = await h.untilEnded(
      ((await (await h.launch({ pipelineId: 'nf-processvcfs', name: 'to_resume', params: { input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results' } })).json()) as { id: number }).id,
    );
    expect(first.status).toBe('SUCCEEDED');
    const detail = (await (await t.call(`/runs/${first.id}`, { token: await t.signInNewUser() })).json()) as { sessionId: string; canResume: boolean };
    expect(detail.canResume).toBe(true);
    const response = await t.call(`/runs/${first.id}/resume`, { method: 'POST', token: await t.signInNewUser(), json: { revision: 'dev' } });
    expect(response.status).toBe(201);
    const resumed = (await response.json()) as { id: number; name: string; relatedRunId: number; relation: string; revision: string };
    expect(resumed).toMatchObject({ name: 'to_resume_resumed', relatedRunId: first.id, relation: 'resume', revision: 'dev' });
    const run = await h.untilEnded(resumed.id);
    const call = JSON.parse(fs.readFileSync(path.join(run.runDir, 'fake-nextflow-call.json'), 'utf8')) as { args: string[]; nxf: Record<string, string> };
    expect(call.args.slice(-2)).toEqual(['-resume', detail.sessionId]);
    expect(call.args[call.args.indexOf('-work-dir') + 1]).toBe(path.join(first.runDir, 'work'));
    expect(call.args[call.args.indexOf('-r') + 1]).toBe('dev');
    expect(call.nxf.NXF_CACHE_DIR).toBe(path.join(first.runDir, '.nextflow'));
    // Its page shows where its tasks are: the run it resumes.
    expect((run as unknown as { workDir: string }).workDir).toBe(path.join(first.runDir, 'work'));
  });

  it('runs `nextflow run` with exactly the documented arguments, and its weblog drives the run', async () => {
    process.env.SEEDBED_SECRET_FOR_TEST = 'not for nextflow';
    const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'nf_exact', params: { input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results', min_maf: 0.01 } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const run = await h.untilEnded(id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    expect(run.processes).toMatchObject([{ process: 'sayHello', succeeded: 4 }]);
    const call = JSON.parse(fs.readFileSync(path.join(run.runDir, 'fake-nextflow-call.json'), 'utf8')) as { args: string[]; cwd: string; env: string[] };
    delete process.env.SEEDBED_SECRET_FOR_TEST;
    // Nextflow gets the environment without Seedbed's own settings and secrets.
    expect(call.env).toContain('PATH');
    expect(call.env.filter((name) => name.startsWith('SEEDBED_') || name === 'DATABASE_URL')).toEqual([]);
    const secret = fs.readFileSync(path.join(run.runDir, 'weblog-secret'), 'utf8');
    expect(call.cwd).toBe(run.runDir);
    expect(call.args).toEqual([
      'run',
      'seedbed-genomics/nf-processvcfs',
      '-r',
      '3.0.1',
      '-params-file',
      path.join(run.runDir, 'params.json'),
      '-name',
      'nf_exact',
      '-work-dir',
      path.join(run.runDir, 'work'),
      '-profile',
      'docker',
      '-c',
      path.join(run.runDir, 'weblog.config'),
    ]);
    // The secret is never on the command line (any local user reads those with ps): it is in a file only the server's user reads.
    expect(call.args.filter((arg) => arg.includes(secret))).toEqual([]);
    const weblogConfig = path.join(run.runDir, 'weblog.config');
    expect(fs.statSync(weblogConfig).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(weblogConfig, 'utf8')).toContain(`weblog {\n  enabled = true\n  url = '${t.apiUrl()}/runs/${id}/weblog?secret=${secret}'\n}`);
    const params = JSON.parse(fs.readFileSync(path.join(run.runDir, 'params.json'), 'utf8'));
    // Only what differs from the schema's defaults, as nf-core launch writes it: -params-file outranks the site's config.
    expect(params).toEqual({ input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results', min_maf: 0.01 });
    const outputs = (await (await t.call(`/runs/${id}/outputs`, { token: await t.signInNewUser() })).json()) as { local: boolean; location: string };
    expect(outputs).toMatchObject({ local: false, location: 's3://bucket/results' });
  });

  it('refuses a revision that Nextflow would read as an option, on the revision field, at launch and at resume', async () => {
    for (const revision of ['-resume', '-c/etc/passwd', ' -hub']) {
      const response = await h.launch({ pipelineId: 'nf-processvcfs', name: 'dash_revision', revision, params: { input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results' } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors.revision).toBe('Begins with -, which Nextflow would read as an option: give a branch, tag or commit');
    }
    const ended = await h.untilEnded(
      ((await (await h.launch({ pipelineId: 'nf-processvcfs', name: 'resume_dash', params: { input: 's3://bucket/cohort.vcf.gz', outdir: 's3://bucket/results' } })).json()) as { id: number }).id,
    );
    const resumed = await t.call(`/runs/${ended.id}/resume`, { method: 'POST', token: await t.signInNewUser(), json: { revision: '-resume' } });
    expect(resumed.status).toBe(400);
    expect(((await resumed.json()) as { errors: Record<string, string> }).errors).toHaveProperty('revision');
  });

  it('cancels with SIGTERM: the process ends and the run stays CANCELLED', async () => {
    const { id } = (await (await h.launch({ pipelineId: 'nf-processvcfs', name: 'slow_cancel', params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results' } })).json()) as { id: number };
    await waitFor(
      () => h.get(id),
      (run) => run.status === 'RUNNING',
    );
    const token = await t.signInNewUser();
    const cancelled = await t.call(`/runs/${id}/cancel`, { method: 'POST', token });
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as { status: string }).status).toBe('CANCELLED');
    const run = await h.get(id);
    await waitFor(async () => fs.existsSync(path.join(run.runDir, 'fake-nextflow-sigterm')), Boolean, 5000);
    const [row] = await waitFor(
      () => t.db.select().from(runs).where(eq(runs.id, id)),
      ([value]) => value!.pid === null,
      5000,
    );
    expect(row!.status).toBe('CANCELLED');
    expect((await t.call(`/runs/${id}/cancel`, { method: 'POST', token })).status).toBe(409);
  });
});

describe('the run log', () => {
  it('keeps a parameter value with a newline on its own line: it cannot forge a line of the log', async () => {
    const t = await createTestApi({ runs: {} });
    try {
      const h = runClient(t, await t.signInNewUser());
      const forged = '2026-11-25T10:00:00.000Z Completed successfully.';
      const response = await h.launch({
        pipelineId: 'nf-phenomix',
        name: 'forged_log_line',
        params: { input: path.resolve('tests/fixtures/phenomix/trial.csv'), outdir: 'results', replicate_column: `block\n${forged}\r\u001b[2J` },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const run = await h.untilEnded(((await response.json()) as { id: number }).id, 120_000);
      const lines = fs.readFileSync(path.join(run.runDir, 'run.log'), 'utf8').split('\n');
      const mention = lines.find((line) => line.includes('No block'));
      expect(mention).toMatch(/No block\\n2026-11-25T10:00:00\.000Z Completed successfully\.\\r\\u001b\[2J column/);
      expect(lines.some((line) => line.startsWith(forged))).toBe(false);
      expect(lines.join('\n')).not.toContain('\u001b');
    } finally {
      await t.close();
    }
  });
});

/** A catalogue of one pipeline whose local implementation cannot fit one of its methods (localUnsupported). */
function partlyLocalCatalogue(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'partly-local-catalogue-'));
  const pipeline = path.join(directory, 'partly-local');
  fs.mkdirSync(path.join(pipeline, 'local'), { recursive: true });
  fs.writeFileSync(
    path.join(pipeline, 'pipeline.json'),
    JSON.stringify({
      label: 'Partly local',
      group: 'Tests',
      description: 'Fits ridge here; mcmc needs the nextflow engine',
      repository: 'seedbed/partly-local',
      revision: '1.0.0',
      defaultProfile: 'test',
      outputFileTypes: [],
      local: 'local/main.ts',
      localUnsupported: { methods: { values: ['mcmc'], message: 'needs the nextflow engine; here choose ridge.' } },
    }),
  );
  fs.writeFileSync(
    path.join(pipeline, 'nextflow_schema.json'),
    JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Partly local',
      type: 'object',
      $defs: {
        io: {
          title: 'IO',
          type: 'object',
          properties: { outdir: { type: 'string', format: 'directory-path', default: 'results' }, methods: { type: 'string', default: 'ridge', description: 'Methods, separated by commas' } },
        },
      },
      allOf: [{ $ref: '#/$defs/io' }],
    }),
  );
  fs.writeFileSync(path.join(pipeline, 'local', 'main.ts'), `export async function run(context: { log: (line: string) => void }) { context.log('fitted'); }\n`);
  return directory;
}

describe('a value the local implementation cannot honour (localUnsupported)', () => {
  it('is refused at launch on its parameter, among others in a comma list, with the reason and what to choose; the other values launch', async () => {
    const t = await createTestApi({ runs: { catalogueDir: partlyLocalCatalogue() } });
    try {
      const h = runClient(t, await t.signInNewUser());
      const refused = await h.launch({ pipelineId: 'partly-local', name: 'with_mcmc', params: { methods: 'ridge,mcmc' } });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { errors: Record<string, string> };
      expect(body.errors['params.methods']).toBe('mcmc: needs the nextflow engine; here choose ridge.');
      expect(await t.db.select().from(runs).where(eq(runs.name, 'with_mcmc'))).toHaveLength(0);
      const taken = await h.launch({ pipelineId: 'partly-local', name: 'ridge_only', params: { methods: 'ridge' } });
      expect(taken.status, await taken.clone().text()).toBe(201);
      expect((await h.untilEnded(((await taken.json()) as { id: number }).id, 120_000)).status).toBe('SUCCEEDED');
    } finally {
      await t.close();
    }
  }, 150_000);
});

describe('the local engine', () => {
  it('ends the whole process tree on cancel', async () => {
    const t = await createTestApi({ runs: { catalogueDir: sleeperCatalogue() } });
    try {
      const h = runClient(t, await t.signInNewUser());
      const { id } = (await (await h.launch({ pipelineId: 'sleeper', name: 'sleepy', params: {} })).json()) as { id: number };
      const run = await waitFor(
        () => h.get(id),
        (value) => value.status === 'RUNNING',
      );
      const [row] = await t.db.select().from(runs).where(eq(runs.id, id));
      const pidFile = path.join(run.runDir, 'grandchild.pid');
      await waitFor(async () => fs.existsSync(pidFile), Boolean);
      const grandchild = Number(fs.readFileSync(pidFile, 'utf8'));
      expect(isAlive(grandchild)).toBe(true);
      expect((await t.call(`/runs/${id}/cancel`, { method: 'POST', token: await t.signInNewUser() })).status).toBe(200);
      await waitFor(async () => !isAlive(grandchild) && !isAlive(row!.pid!), Boolean, 10_000);
      expect((await h.get(id)).status).toBe('CANCELLED');
    } finally {
      await t.close();
    }
  });
});

describe('the local queue', () => {
  it('tells a waiting run its place, and the running one none', async () => {
    const t = await createTestApi({ runs: { catalogueDir: sleeperCatalogue(), localConcurrency: 1 } });
    try {
      const h = runClient(t, await t.signInNewUser());
      const launch = async (name: string) => ((await (await h.launch({ pipelineId: 'sleeper', name, params: {} })).json()) as { id: number }).id;
      const running = await launch('sleeps_first');
      await waitFor(
        () => h.get(running),
        (value) => value.status === 'RUNNING',
      );
      // The sleeper runs until cancelled, so nothing moves while these are read.
      const [second, third] = [await launch('waits_second'), await launch('waits_third')];
      expect(await h.get(running)).toMatchObject({ status: 'RUNNING', queuePosition: null });
      expect(await h.get(second)).toMatchObject({ status: 'SUBMITTED', queuePosition: 1 });
      expect(await h.get(third)).toMatchObject({ status: 'SUBMITTED', queuePosition: 2 });
      // When the slot frees, the first in line starts, and the one behind it moves up.
      const token = await t.signInNewUser();
      expect((await t.call(`/runs/${running}/cancel`, { method: 'POST', token })).status).toBe(200);
      await waitFor(
        () => h.get(second),
        (value) => value.status === 'RUNNING',
        10_000,
      );
      expect(await h.get(third)).toMatchObject({ status: 'SUBMITTED', queuePosition: 1 });
      for (const id of [third, second]) expect((await t.call(`/runs/${id}/cancel`, { method: 'POST', token })).status).toBe(200);
      await waitFor(
        () => h.get(second),
        (value) => value.status === 'CANCELLED',
        10_000,
      );
    } finally {
      await t.close();
    }
  });
});

describe('restart recovery', () => {
  it('re-attaches live runs, re-queues waiting ones and fails those whose process is gone', async () => {
    const nextflowPath = fakeNextflow();
    const first = await createTestApi({ runs: { defaultEngine: 'nextflow', nextflow: { path: nextflowPath } } });
    const token = await first.signInNewUser();
    const port = Number(new URL(first.apiUrl()).port);
    const live = (await (
      await first.call('/runs', { method: 'POST', token, json: { pipelineId: 'nf-processvcfs', name: 'slow_survivor', params: { input: `${FIXTURES}/panel.vcf`, outdir: 'results' } } })
    ).json()) as { id: number };
    await waitFor(
      async () => (await first.db.select().from(runs).where(eq(runs.id, live.id)))[0]!.status,
      (status) => status === 'RUNNING',
    );

    // Two runs as a killed server leaves them: one whose process has gone, one still waiting, which
    // reads a stored file by its reference: looked up when it starts, after the restart.
    await seedFileTypes(first.db);
    const stored = await first.call('/files?name=panel.vcf', {
      method: 'POST',
      token,
      body: new Uint8Array(fs.readFileSync(`${FIXTURES}/panel.vcf`)),
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(stored.status, await stored.clone().text()).toBe(201);
    const panel = fileReference(((await stored.json()) as { id: number }).id);
    const [gone] = await first.db
      .insert(runs)
      .values({
        name: 'orphan',
        pipelineId: 'nf-processvcfs',
        revision: '3.0.1',
        engine: 'nextflow',
        status: 'RUNNING',
        params: {},
        host: os.hostname(),
        weblogSecretHash: hashSecret('x'.repeat(32)),
        pid: 2 ** 22 + 12345,
      })
      .returning();
    const [waiting] = await first.db
      .insert(runs)
      .values({
        name: 'waiting',
        pipelineId: 'nf-processvcfs',
        revision: '3.0.1',
        engine: 'local',
        status: 'SUBMITTED',
        params: { input: panel, outdir: 'results' },
        host: os.hostname(),
        weblogSecretHash: hashSecret('y'.repeat(32)),
      })
      .returning();
    // Another instance's run is that instance's to recover: left alone.
    const [elsewhere] = await first.db
      .insert(runs)
      .values({
        name: 'elsewhere',
        pipelineId: 'nf-processvcfs',
        revision: '3.0.1',
        engine: 'nextflow',
        status: 'RUNNING',
        params: {},
        host: 'another-instance',
        weblogSecretHash: hashSecret('z'.repeat(32)),
        pid: 4242,
      })
      .returning();
    const waitingDir = path.join(first.dataDir, 'runs', String(waiting!.id));
    fs.mkdirSync(waitingDir, { recursive: true });
    fs.writeFileSync(path.join(waitingDir, 'weblog-secret'), 'y'.repeat(32));

    // The server stops; the nextflow process carries on. A new one starts on the same data and address.
    await first.close({ keepDatabase: true });
    const second = await createTestApi({ database: first.database, runs: { defaultEngine: 'nextflow', nextflow: { path: nextflowPath }, dataDir: first.dataDir, port } });
    try {
      expect(await second.runService!.recover()).toEqual({ reattached: 1, requeued: 1, failed: 1, registered: 0 });
      // The surviving run goes on to its end once it has been re-attached.
      fs.writeFileSync(path.join(first.dataDir, 'runs', String(live.id), 'release'), '');
      const h = runClient(second, await second.signInNewUser());
      expect(await h.get(gone!.id)).toMatchObject({ status: 'FAILED', statusReason: expect.stringMatching(/restarted.*pid \d+.*gone/) });
      expect((await h.untilEnded(live.id)).status).toBe('SUCCEEDED');
      const resumed = await h.untilEnded(waiting!.id);
      expect(resumed.status, resumed.statusReason ?? '').toBe('SUCCEEDED');
      expect(resumed.params).toMatchObject({ input: panel });
      expect((await h.get(elsewhere!.id)).status).toBe('RUNNING');
    } finally {
      await second.close();
    }
  });
});

describe('output registration', () => {
  /** A run as a finished engine leaves it, with whatever its pipeline wrote in its folder. */
  async function succeededRun(t: TestApi, write: (runDir: string) => void, outdir = 'results') {
    const [run] = await t.db
      .insert(runs)
      .values({
        name: 'finished',
        pipelineId: 'nf-processvcfs',
        revision: '3.0.1',
        engine: 'local',
        status: 'SUCCEEDED',
        params: { outdir },
        host: os.hostname(),
        weblogSecretHash: hashSecret('s'.repeat(32)),
      })
      .returning();
    const runDir = path.join(t.dataDir, 'runs', String(run!.id));
    fs.mkdirSync(runDir, { recursive: true });
    fs.writeFileSync(path.join(runDir, 'weblog-secret'), 's'.repeat(32));
    write(runDir);
    return run!.id;
  }
  const registered = async (t: TestApi, runId: number) => (await t.db.select().from(files).where(eq(files.runId, runId))).map((file) => file.name).sort();

  it('registers the outputs of a run that succeeded just before a restart, when the next start recovers', async () => {
    const t = await createTestApi({ runs: {} });
    try {
      const runId = await succeededRun(t, (runDir) => {
        fs.mkdirSync(path.join(runDir, 'results', 'qc'), { recursive: true });
        fs.writeFileSync(path.join(runDir, 'results', 'qc', 'qc_summary.tsv'), 'metric\tvalue\n');
        fs.copyFileSync(`${FIXTURES}/panel.vcf`, path.join(runDir, 'results', 'panel.filtered.vcf'));
      });
      expect(await registered(t, runId)).toEqual([]);
      expect(await t.runService!.recover()).toMatchObject({ registered: 1 });
      expect(await registered(t, runId)).toEqual(['panel.filtered.vcf', 'qc/qc_summary.tsv']);
      // Once registered, a second recovery leaves it alone.
      expect(await t.runService!.recover()).toMatchObject({ registered: 0 });
    } finally {
      await t.close();
    }
  });

  it('never registers what lies outside the run’s folder, whatever the pipeline wrote: links out, or an outdir stored before the rule', async () => {
    const t = await createTestApi({ runs: {} });
    try {
      fs.mkdirSync(path.join(t.dataDir, 'pglite'), { recursive: true });
      fs.writeFileSync(path.join(t.dataDir, 'pglite', 'PG_VERSION'), '17');
      const linkedDir = await succeededRun(t, (runDir) => fs.symlinkSync(t.dataDir, path.join(runDir, 'results')));
      const linkedFiles = await succeededRun(t, (runDir) => {
        fs.mkdirSync(path.join(runDir, 'results'));
        fs.writeFileSync(path.join(runDir, 'results', 'kept.csv'), 'id\n1\n');
        fs.symlinkSync(path.join(t.dataDir, 'pglite', 'PG_VERSION'), path.join(runDir, 'results', 'PG_VERSION'));
        fs.symlinkSync(runDir, path.join(runDir, 'results', 'whole-run'));
      });
      const climbing = await succeededRun(t, () => {}, '../..');
      const itself = await succeededRun(t, () => {}, '.');
      await t.runService!.recover();
      expect(await registered(t, linkedDir)).toEqual([]);
      expect(await registered(t, linkedFiles)).toEqual(['kept.csv']);
      expect(await registered(t, climbing)).toEqual([]);
      expect(await registered(t, itself)).toEqual([]);
      const token = await t.signInNewUser();
      const listed = (await (await t.call(`/runs/${climbing}/outputs`, { token })).json()) as { outputs: unknown[] };
      expect(listed.outputs).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
