import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { files, fileTypes, runs } from '../db/schema';
import { DEFAULT_FILE_TYPES, MODEL_AND_QC_FILE_TYPES } from './file-types';
import { createTestApi } from '../testing/test-api';

/**
 * Migration 0020 on a database seeded before the model and QC types existed: it adds them and
 * retypes the outputs already stored by the pipeline that wrote them, leaving uploads alone.
 * (On a fresh database it runs before the defaults are seeded and changes nothing.)
 */
it('adds the model and QC types to an older database and retypes the outputs its runs stored', { timeout: 240_000 }, async () => {
  const t = await createTestApi();
  try {
    const added = MODEL_AND_QC_FILE_TYPES.map((type) => type.name);
    const old = DEFAULT_FILE_TYPES.filter((type) => !added.includes(type.name));
    await t.db.insert(fileTypes).values(old);
    const [model] = await t.db.select().from(fileTypes).where(eq(fileTypes.name, 'model'));
    const [spectra] = await t.db.select().from(fileTypes).where(eq(fileTypes.name, 'spectra CSV'));
    const [gdipRun] = await t.db.insert(runs).values({ name: 'g', pipelineId: 'nf-gdip', revision: '1', engine: 'local', params: {}, weblogSecretHash: 'x' }).returning();
    const [phRun] = await t.db.insert(runs).values({ name: 'p', pipelineId: 'auto-train-pheno', revision: '1', engine: 'local', params: {}, weblogSecretHash: 'x' }).returning();
    const [spRun] = await t.db.insert(runs).values({ name: 's', pipelineId: 'nf-spectra', revision: '1', engine: 'local', params: {}, weblogSecretHash: 'x' }).returning();
    const base = { sizeBytes: 1, sha256: '0'.repeat(64) };
    await t.db.insert(files).values([
      { ...base, name: 'models/gdip_model.json', storagePath: 'a', fileTypeId: model!.id, runId: gdipRun!.id },
      { ...base, name: 'models/spectra_model.json', storagePath: 'b', fileTypeId: model!.id, runId: phRun!.id },
      { ...base, name: 'qc/nir.spectra_qc.csv', storagePath: 'c', fileTypeId: spectra!.id, runId: spRun!.id },
      { ...base, name: 'uploaded.json', storagePath: 'd', fileTypeId: model!.id },
    ]);
    for (const statement of fs.readFileSync('drizzle/0020_model_and_qc_file_types.sql', 'utf8').split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const rows = await t.db.select({ name: files.name, type: fileTypes.name }).from(files).innerJoin(fileTypes, eq(fileTypes.id, files.fileTypeId));
    expect(Object.fromEntries(rows.map((row) => [row.name, row.type]))).toEqual({
      'models/gdip_model.json': 'GDIP model',
      'models/spectra_model.json': 'spectra model',
      'qc/nir.spectra_qc.csv': 'spectra QC CSV',
      'uploaded.json': 'model',
    });
  } finally {
    await t.close();
  }
});
