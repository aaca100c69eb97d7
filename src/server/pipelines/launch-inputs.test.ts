import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, runs } from '../db/schema';
import { seedSampleFiles } from '../demo/sample-files';
import { seedFileTypes } from '../services/file-types';
import { createTestApi, type TestApi } from '../testing/test-api';
import { runClient } from '../testing/run-client';
import { pipelineFolderPath } from './launch-inputs';

const TRIAL = path.resolve('tests/fixtures/phenomix/trial.csv');
const GVCFS = path.resolve('tests/fixtures/combine-gvcfs');

interface Refusal {
  message: string;
  errors: Record<string, string>;
}

/** A folder of its own in the system's temporary folder: outside the data folder and every allowed one. */
const scratch = (prefix: string) => fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));

describe('run inputs: stored files, the catalogue, and the folders an administrator allows', () => {
  /** SEEDBED_INPUT_DIRS for this file: one folder, not the repository's fixtures. */
  const allowed = scratch('seedbed-inputs-allowed-');
  const outside = scratch('seedbed-inputs-outside-');
  let t: TestApi;
  let h: ReturnType<typeof runClient>;
  beforeAll(async () => {
    t = await createTestApi({ runs: { inputDirs: [allowed] } });
    await seedFileTypes(t.db);
    h = runClient(t, await t.signInNewUser());
  });
  afterAll(() => t.close());

  const phenomix = (name: string, input: string) => h.launch({ pipelineId: 'nf-phenomix', name, params: { input, outdir: 'results' } });

  it('refuses a CSV elsewhere on the server, on its field, naming the path and the fix, and creates no run', async () => {
    const elsewhere = path.join(outside, 'someone_elses_trial.csv');
    fs.copyFileSync(TRIAL, elsewhere);
    const response = await phenomix('elsewhere', elsewhere);
    expect(response.status).toBe(400);
    const body = (await response.json()) as Refusal;
    expect(body.errors['params.input']).toBe(`${elsewhere} is neither a stored file nor in a folder runs may read: upload it, or ask an administrator to add its folder to SEEDBED_INPUT_DIRS`);
    // The file's content appears nowhere in the answer.
    expect(JSON.stringify(body)).not.toContain('ACC001');
    expect(await t.db.select().from(runs).where(eq(runs.name, 'elsewhere'))).toHaveLength(0);
  });

  it('says the same of a path outside whether or not a file is there, so a launch cannot look for files', async () => {
    const response = await phenomix('nowhere', path.join(outside, 'no_such_trial.csv'));
    expect(((await response.json()) as Refusal).errors['params.input']).toMatch(/no_such_trial\.csv is neither a stored file nor in a folder runs may read/);
  });

  it('reads a file:// address as the path it is, and refuses it outside', async () => {
    const elsewhere = path.join(outside, 'by_address.csv');
    fs.copyFileSync(TRIAL, elsewhere);
    const response = await phenomix('by_address', `file://${elsewhere}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).errors['params.input']).toMatch(/^file:\/\/.*by_address\.csv is neither a stored file nor in a folder runs may read/);
  });

  it('refuses a file of the data folder that is not a stored file, and one reached by climbing out of the run folder', async () => {
    const unstored = path.join(t.dataDir, 'not_stored.csv');
    fs.copyFileSync(TRIAL, unstored);
    const direct = await phenomix('unstored', unstored);
    expect(((await direct.json()) as Refusal).errors['params.input']).toMatch(/not_stored\.csv is neither a stored file/);
    const climbing = await phenomix('climbing', '../../not_stored.csv');
    expect(((await climbing.json()) as Refusal).errors['params.input']).toMatch(/^\.\.\/\.\.\/not_stored\.csv is neither a stored file/);
  });

  it('accepts the same CSV under an allowed folder, and the run publishes its values', async () => {
    const trial = path.join(allowed, 'trial.csv');
    fs.copyFileSync(TRIAL, trial);
    const response = await phenomix('allowed_trial', trial);
    expect(response.status).toBe(201);
    const run = await h.untilEnded(((await response.json()) as { id: number }).id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    expect(fs.readFileSync(path.join(run.runDir, 'results/phenomix/blues.csv'), 'utf8')).toMatch(/^id,yield,height\nACC001,/);
  });

  describe('a Breedbase download, columns as Breedbase names them', () => {
    /** The fixture trial as Breedbase's plot-level phenotype download writes it: BrAPI's names, and numbers of the layout that are no traits. */
    const breedbaseTrial = (name: string) => {
      const [header, ...rows] = fs.readFileSync(TRIAL, 'utf8').trim().split('\n');
      expect(header).toBe('plot,accession,environment,rep,yield,height');
      const lines = rows.map((row, index) => {
        const [plot, accession, environment, rep, yieldValue, height] = row.split(',');
        return [2025, environment, 1000 + Number(accession!.slice(3)), accession, plot, rep, index + 1, yieldValue, height].join(',');
      });
      const file = path.join(allowed, name);
      fs.writeFileSync(file, `studyYear,studyName,germplasmDbId,germplasmName,observationUnitName,replicate,plotNumber,yield,height\n${lines.join('\n')}\n`);
      return file;
    };

    it('refuses the columns the file names otherwise on their fields, naming the column to set', async () => {
      const file = breedbaseTrial('breedbase_download.csv');
      const response = await phenomix('breedbase_defaults', file);
      expect(response.status).toBe(400);
      const { errors } = (await response.json()) as Refusal;
      expect(errors['params.accession_column']).toBe(
        'breedbase_download.csv has no column accession; its accession column is germplasmName (the name Breedbase and BrAPI give it): set accession_column to germplasmName',
      );
      expect(errors['params.environment_column']).toBe(
        'breedbase_download.csv has no column environment; its environment column is studyName (the name Breedbase and BrAPI give it): set environment_column to studyName',
      );
      // The replicates, which Phenomix does without, would have been left out unasked.
      expect(errors['params.replicate_column']).toMatch(
        /^breedbase_download\.csv has no column rep; its rep column is replicate .*: set replicate_column to replicate, or to a name the file does not have/,
      );
      expect(await t.db.select().from(runs).where(eq(runs.name, 'breedbase_defaults'))).toHaveLength(0);
      // A name given wrong is told the same; a trait the file lacks is told the columns it has.
      const misspelt = await h.launch({
        pipelineId: 'nf-phenomix',
        name: 'breedbase_misspelt',
        params: { input: file, outdir: 'results', accession_column: 'germplasm', environment_column: 'studyName', traits: 'yield,protein' },
      });
      const refused = ((await misspelt.json()) as Refusal).errors;
      expect(refused['params.accession_column']).toMatch(/^breedbase_download\.csv has no column germplasm; its accession column is germplasmName .*: set accession_column to germplasmName$/);
      expect(refused['params.traits']).toMatch(/^breedbase_download\.csv has no column protein: its columns are studyYear, /);
      expect(refused['params.environment_column']).toBeUndefined();
    });

    it('runs with the columns named, taking as traits only the numbers that are not the layout', async () => {
      const params = { input: breedbaseTrial('breedbase_named.csv'), outdir: 'results', accession_column: 'germplasmName', environment_column: 'studyName', replicate_column: 'replicate' };
      const response = await h.launch({ pipelineId: 'nf-phenomix', name: 'breedbase_named', params });
      expect(response.status, await response.clone().text()).toBe(201);
      const run = await h.untilEnded(((await response.json()) as { id: number }).id);
      expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
      // studyYear, germplasmDbId and plotNumber are numbers on every plot, but not traits.
      expect(fs.readFileSync(path.join(run.runDir, 'results/phenomix/blues.csv'), 'utf8').split('\n')[0]).toBe('id,yield,height');
    });
  });

  it('refuses a symbolic link inside an allowed folder that leads outside it', async () => {
    const target = path.join(outside, 'secret_trial.csv');
    fs.copyFileSync(TRIAL, target);
    const link = path.join(allowed, 'looks_allowed.csv');
    fs.symlinkSync(target, link);
    const response = await phenomix('linked_out', link);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).errors['params.input']).toBe(
      `${link} is neither a stored file nor in a folder runs may read: upload it, or ask an administrator to add its folder to SEEDBED_INPUT_DIRS`,
    );
    // A link to a folder outside is refused the same way for every file below it.
    fs.symlinkSync(outside, path.join(allowed, 'linked_folder'));
    const below = await phenomix('linked_folder', path.join(allowed, 'linked_folder', 'secret_trial.csv'));
    expect(below.status).toBe(400);
  });

  it('accepts stored files, the sample data included', async () => {
    await seedSampleFiles(t.db, t.dataDir);
    const [trial] = await t.db.select({ storagePath: files.storagePath }).from(files).where(eq(files.name, 'wheat_trial_3envs.csv'));
    const response = await phenomix('stored_trial', path.join(t.dataDir, trial!.storagePath));
    expect(response.status, await response.clone().text()).toBe(201);
    // The demo's gVCF samplesheet names stored files by reference; given by its path, it runs as well.
    const sample = (name: string) => path.join(t.dataDir, 'files', 'sample-data', name);
    const combine = await h.launch({ pipelineId: 'combine-gvcfs', name: 'stored_sheet', params: { input: sample('gvcf_samplesheet.csv'), fasta: sample('sample_reference.fa'), outdir: 'results' } });
    expect(combine.status, await combine.clone().text()).toBe(201);
    const run = await h.untilEnded(((await combine.json()) as { id: number }).id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
  });

  describe('samplesheets', () => {
    const combine = (name: string, sheet: string, fasta: string) => h.launch({ pipelineId: 'combine-gvcfs', name, params: { input: sheet, fasta, outdir: 'results' } });
    const copyGvcfs = (folder: string) => {
      for (const name of ['S01.g.vcf', 'S02.g.vcf', 'ref.fa']) fs.copyFileSync(path.join(GVCFS, name), path.join(folder, name));
    };

    it('refuses a sheet with a row outside the allowed folders, naming the row, the column and the path', async () => {
      const folder = fs.mkdtempSync(path.join(allowed, 'cohort-'));
      copyGvcfs(folder);
      copyGvcfs(outside);
      const sheet = path.join(folder, 'cohort.csv');
      fs.writeFileSync(sheet, `sample,gvcf\nS01,${path.join(folder, 'S01.g.vcf')}\nS02,${path.join(outside, 'S02.g.vcf')}\n`);
      const response = await combine('sheet_outside', sheet, path.join(folder, 'ref.fa'));
      expect(response.status).toBe(400);
      const problem = ((await response.json()) as Refusal).errors['params.input']!;
      expect(problem).toBe(
        `cohort.csv names a file that is neither stored nor in a folder runs may read — row 3 (gvcf): ${path.join(outside, 'S02.g.vcf')}: upload them, or ask an administrator to add their folder to SEEDBED_INPUT_DIRS.`,
      );
      expect(await t.db.select().from(runs).where(eq(runs.name, 'sheet_outside'))).toHaveLength(0);
    });

    it('refuses a relative path that climbs out of the sheet’s folder, and a link beside the sheet that leads out', async () => {
      const folder = fs.mkdtempSync(path.join(allowed, 'cohort-'));
      copyGvcfs(folder);
      copyGvcfs(outside);
      fs.symlinkSync(path.join(outside, 'S02.g.vcf'), path.join(folder, 'S02_link.g.vcf'));
      const sheet = path.join(folder, 'cohort.csv');
      fs.writeFileSync(sheet, `sample,gvcf\nS01,../../${path.basename(outside)}/S01.g.vcf\nS02,S02_link.g.vcf\n`);
      const response = await combine('sheet_climbing', sheet, path.join(folder, 'ref.fa'));
      const problem = ((await response.json()) as Refusal).errors['params.input']!;
      expect(problem).toMatch(/^cohort\.csv names 2 files that are neither stored nor in a folder runs may read — row 2 \(gvcf\): \.\.\/\.\.\/.*S01\.g\.vcf; row 3 \(gvcf\): S02_link\.g\.vcf:/);
    });

    it('runs a sheet whose rows are all in allowed folders, relative ones beside the sheet included', async () => {
      const folder = fs.mkdtempSync(path.join(allowed, 'cohort-'));
      copyGvcfs(folder);
      const sheet = path.join(folder, 'cohort.csv');
      fs.writeFileSync(sheet, `sample,gvcf\nS01,S01.g.vcf\nS02,${path.join(folder, 'S02.g.vcf')}\n`);
      const response = await combine('sheet_inside', sheet, path.join(folder, 'ref.fa'));
      expect(response.status, await response.clone().text()).toBe(201);
      const run = await h.untilEnded(((await response.json()) as { id: number }).id);
      expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    });
  });
});

describe('run inputs in the test set-up', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ runs: {} });
  });
  afterAll(() => t.close());

  it('lets runs read the repository’s fixtures through SEEDBED_INPUT_DIRS, as an administrator would allow a folder', async () => {
    expect(process.env.SEEDBED_INPUT_DIRS).toBe(path.resolve('tests/fixtures'));
    const response = await t.call('/runs', { method: 'POST', token: await t.signInNewUser(), json: { pipelineId: 'nf-phenomix', name: 'fixture_trial', params: { input: TRIAL, outdir: 'results' } } });
    expect(response.status, await response.clone().text()).toBe(201);
  });
});

/** nf-core rnaseq's default, a file inside the pipeline's own tree where Nextflow keeps it. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: Nextflow's variable, written as a pipeline's schema writes it.
const PROJECT_DIR = '${projectDir}';
const RRNA_DEFAULT = `${PROJECT_DIR}/workflows/rnaseq/assets/rrna-db-defaults.txt`;

/**
 * A catalogue with one pipeline whose schema, as nf-core rnaseq's, defaults a file parameter to a
 * path inside the pipeline's tree; its local implementation copies that file into its results.
 * `rrna-copy` runs on the local engine, `rrna-copy-nf` (the same) on Nextflow.
 */
function rnaseqLikeCatalogue(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rrna-catalogue-'));
  for (const engine of ['local', 'nextflow'] as const) addRnaseqLike(path.join(directory, engine === 'local' ? 'rrna-copy' : 'rrna-copy-nf'), engine);
  return directory;
}

function addRnaseqLike(pipeline: string, engine: 'local' | 'nextflow') {
  fs.mkdirSync(path.join(pipeline, 'local'), { recursive: true });
  fs.mkdirSync(path.join(pipeline, 'assets'));
  fs.writeFileSync(path.join(pipeline, 'assets', 'site-rrna.txt'), 'https://example.org/silva-138.fasta\n');
  fs.writeFileSync(
    path.join(pipeline, 'pipeline.json'),
    JSON.stringify({
      label: 'rRNA copy',
      group: 'Tests',
      description: 'Copies its rRNA manifest',
      repository: 'example/rrna-copy',
      revision: '1.0.0',
      defaultProfile: 'test',
      outputFileTypes: [],
      local: 'local/main.ts',
      engine,
    }),
  );
  fs.writeFileSync(
    path.join(pipeline, 'nextflow_schema.json'),
    JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'rRNA copy',
      type: 'object',
      $defs: {
        io: {
          title: 'IO',
          type: 'object',
          properties: {
            outdir: { type: 'string', format: 'directory-path', default: 'results' },
            ribo_database_manifest: { type: 'string', format: 'file-path', exists: true, mimetype: 'text/plain', default: RRNA_DEFAULT },
          },
        },
      },
      allOf: [{ $ref: '#/$defs/io' }],
    }),
  );
  fs.writeFileSync(
    path.join(pipeline, 'local', 'main.ts'),
    `import fs from 'node:fs';
import path from 'node:path';
export async function run(context: { params: Record<string, unknown>; outdir: string }) {
  fs.copyFileSync(String(context.params.ribo_database_manifest), path.join(context.outdir, 'rrna.txt'));
}
`,
  );
}

/** A `nextflow` that exits at once: enough for a launch to be accepted and started. */
function idleNextflow(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'idle-nextflow-'));
  fs.writeFileSync(path.join(directory, 'nextflow'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  return directory;
}

describe('pipelineFolderPath', () => {
  it.each([
    [`${PROJECT_DIR}/assets/x.txt`, '/assets/x.txt'],
    ['$projectDir/assets/x.txt', '/assets/x.txt'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Nextflow's variable, as a pipeline writes it.
    ['${baseDir}', ''],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Nextflow's variable, as a pipeline writes it.
    ['${workflow.projectDir}/bin/x', '/bin/x'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Nextflow's variable, as a pipeline writes it.
    ['${projectDir}x/y', null],
    ['$launchDir/x', null],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Nextflow's variable, as a pipeline writes it.
    ['/srv/${projectDir}/x', null],
  ])('reads %s as the pipeline folder’s %j', (value, rest) => {
    expect(pipelineFolderPath(value)).toBe(rest);
  });
});

describe('a file inside the pipeline’s own tree (projectDir, baseDir)', () => {
  const catalogueDir = rnaseqLikeCatalogue();
  let t: TestApi;
  let token = '';
  beforeAll(async () => {
    t = await createTestApi({ runs: { catalogueDir, nextflow: { path: idleNextflow() } } });
    token = await t.signInNewUser();
  });
  afterAll(() => t?.close());

  const launch = (engine: 'local' | 'nextflow', name: string, params: Record<string, unknown>) =>
    t.call('/runs', { method: 'POST', token, json: { pipelineId: engine === 'local' ? 'rrna-copy' : 'rrna-copy-nf', name, params: { outdir: 'results', ...params } } });

  it('passes the schema’s default through to Nextflow unchecked, sent or left out', async () => {
    expect((await launch('nextflow', 'rrna_default_sent', { ribo_database_manifest: RRNA_DEFAULT })).status).toBe(201);
    expect((await launch('nextflow', 'rrna_default_left', {})).status).toBe(201);
  });

  it('passes a path the user set inside the pipeline’s tree through to Nextflow', async () => {
    const response = await launch('nextflow', 'rrna_user_set', { ribo_database_manifest: `${PROJECT_DIR}/assets/site-rrna.txt` });
    expect(response.status).toBe(201);
    const [run] = await t.db.select({ params: runs.params }).from(runs).where(eq(runs.name, 'rrna_user_set'));
    expect(run?.params.ribo_database_manifest).toBe(`${PROJECT_DIR}/assets/site-rrna.txt`);
  });

  it.each([[`${PROJECT_DIR}/../../../etc/passwd`], ['$baseDir/assets/../../secrets.txt']])('refuses %s, which climbs out of the pipeline’s tree, on its field', async (value) => {
    const response = await launch('nextflow', 'rrna_climbing', { ribo_database_manifest: value });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).errors['params.ribo_database_manifest']).toMatch(
      /climbs out of the pipeline's own folder: a path starting with \$\{?(projectDir|baseDir)\}? must stay inside it/,
    );
  });

  it('on the local engine, resolves a path the user set against the pipeline’s folder in the catalogue', async () => {
    const response = await launch('local', 'rrna_local', { ribo_database_manifest: `${PROJECT_DIR}/assets/site-rrna.txt` });
    expect(response.status, await response.clone().text()).toBe(201);
    const run = await runClient(t, token).untilEnded(((await response.json()) as { id: number }).id);
    expect(run.status, run.statusReason ?? '').toBe('SUCCEEDED');
    expect(fs.readFileSync(path.join(run.runDir, 'results', 'rrna.txt'), 'utf8')).toBe('https://example.org/silva-138.fasta\n');
    const missing = await launch('local', 'rrna_local_missing', { ribo_database_manifest: `${PROJECT_DIR}/assets/none.txt` });
    expect(((await missing.json()) as Refusal).errors['params.ribo_database_manifest']).toBe(`No file at ${PROJECT_DIR}/assets/none.txt on this server: upload it in the form, or pick a stored file`);
  });
});
