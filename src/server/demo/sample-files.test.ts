import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GivenParams, testContext } from '../../../pipelines/_shared/testing.ts';
import type { Params as GdipParams } from '../../../pipelines/nf-gdip/local/params.generated.ts';
import { run as evostats } from '../../../pipelines/nf-evostats/local/main.ts';
import { run as gdip } from '../../../pipelines/nf-gdip/local/main.ts';
import { fileReference } from '../../contract/file-reference';
import type { DatabaseHandle } from '../db/client';
import { files, fileTypes } from '../db/schema';
import { readCatalogue } from '../pipelines/catalogue';
import { withDefaults } from '../pipelines/param-defaults';
import { seedFileTypes } from '../services/file-types';
import { openTestDatabase } from '../testing/test-database';
import { hasSampleFiles, seedSampleFiles } from './sample-files';

describe('the sample pipeline inputs of the demo', () => {
  let database: DatabaseHandle;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sample-files-'));
  let before: boolean;
  let added: number;
  let again: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedFileTypes(database.db);
    before = await hasSampleFiles(database.db);
    added = await seedSampleFiles(database.db, dataDir);
    again = await seedSampleFiles(database.db, dataDir);
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores each file once, typed, with samplesheets that point at the stored files', async () => {
    expect(before).toBe(false);
    expect(added).toBe(22);
    expect(await hasSampleFiles(database.db)).toBe(true);
    expect(again).toBe(0);

    const rows = await database.db.select({ name: files.name, storagePath: files.storagePath, type: fileTypes.name }).from(files).leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId));
    expect(Object.fromEntries(rows.map((row) => [row.name, row.type]))).toMatchObject({
      'wheat_panel_3pops.vcf': 'VCF',
      'wheat_panel_populations.csv': 'population map CSV',
      'wheat_panel_phenotypes.csv': 'phenotype CSV',
      'sample_reference.fa': 'FASTA',
      'S01.g.vcf.gz': 'GVCF',
      'gvcf_samplesheet.csv': 'samplesheet CSV',
      'leaf_A_R1.fastq.gz': 'FASTQ',
      'fastq_samplesheet.csv': 'samplesheet CSV',
      'wheat_trial_3envs.csv': 'field trial CSV',
      'grain_nir_spectra.csv': 'spectra CSV',
      'grain_nir_reference_values.csv': 'phenotype CSV',
    });
    for (const row of rows) expect(fs.existsSync(path.join(dataDir, row.storagePath))).toBe(true);
  });

  it('runs the pipeline they are for (the samplesheets run through a launch: pipelines/launch-inputs.test.ts)', async () => {
    const stored = (name: string) => path.join(dataDir, 'files', 'sample-data', name);
    const stats = testContext({
      input: stored('wheat_panel_3pops.vcf'),
      populations: stored('wheat_panel_populations.csv'),
      window_size_kb: 100,
      window_step_kb: 50,
      statistics: 'pi,fst',
      fst_estimator: 'hudson',
    });
    await evostats(stats);
    expect(stats.read('evostats/wheat_panel_3pops.fst_genome.tsv').trim().split('\n')).toHaveLength(4);
  });

  it('give GDIP a panel and its phenotypes that run with the launch form’s defaults: every sample phenotyped, both traits scanned and predicted', async () => {
    const stored = (name: string) => path.join(dataDir, 'files', 'sample-data', name);
    const pipeline = readCatalogue('pipelines').find((entry) => entry.id === 'nf-gdip')!;
    const inputs = { genotypes: stored('wheat_panel_3pops.vcf'), phenotypes: stored('wheat_panel_phenotypes.csv') };
    // What the server hands a run: the form's values with the schema's defaults filled in (taken on trust, as by the runner).
    const context = testContext(withDefaults(pipeline, inputs) as GivenParams<GdipParams>);
    await gdip(context);
    const phenotypes = fs.readFileSync(stored('wheat_panel_phenotypes.csv'), 'utf8').trim().split('\n');
    expect(phenotypes[0]).toBe('id,yield,height');
    expect(phenotypes.slice(1).map((line) => line.split(',')[0])).toEqual(
      fs
        .readFileSync(stored('wheat_panel_3pops.vcf'), 'utf8')
        .split('\n')
        .find((line) => line.startsWith('#CHROM'))!
        .split('\t')
        .slice(9),
    );
    const traits = new Set(
      context
        .read('discovery/associations.csv')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    );
    expect(traits).toEqual(new Set(['yield', 'height']));
  });

  it('writes samplesheets that name the stored files by reference, never by where the server keeps them', async () => {
    const rows = await database.db.select({ id: files.id, name: files.name }).from(files);
    const idOf = (name: string) => rows.find((row) => row.name === name)!.id;
    const sheet = fs.readFileSync(path.join(dataDir, 'files', 'sample-data', 'gvcf_samplesheet.csv'), 'utf8');
    expect(sheet).not.toContain(dataDir);
    expect(sheet.trim().split('\n').slice(0, 2)).toEqual(['sample,gvcf', `S01,${fileReference(idOf('S01.g.vcf.gz'))}`]);
    const reads = fs
      .readFileSync(path.join(dataDir, 'files', 'sample-data', 'fastq_samplesheet.csv'), 'utf8')
      .trim()
      .split('\n');
    expect(reads[1]).toBe(`leaf_A,${fileReference(idOf('leaf_A_R1.fastq.gz'))},${fileReference(idOf('leaf_A_R2.fastq.gz'))}`);
  });
});
