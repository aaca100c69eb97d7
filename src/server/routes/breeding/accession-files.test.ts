import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../contract/files';
import type { AccessionFiles } from '../../../contract/lineage';
import { fileIndividuals, files, runInputs, runs } from '../../db/schema';
import { seedFileTypes } from '../../services/file-types';
import { registerLocalFile } from '../../storage/file-store';
import { RETRY_UNREADABLE_MS } from '../../lineage/individuals-index';
import { uploadFile } from '../../testing/stored-files-api';
import { setUpTestApi } from '../../testing/test-api';

/** The files that name an accession, read once per file in the background, and the runs that read them. */
const api = setUpTestApi();
beforeAll(() => seedFileTypes(api.t.db));

const unique = () => randomUUID().slice(0, 8);
async function accession(json: Record<string, unknown>): Promise<number> {
  const response = await api.t.call('/accessions', { method: 'POST', token: api.token, json: { genus: 'Oryza', ...json } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
/** Stores a file and waits for the sweep its storing started. */
async function stored(name: string, body: string): Promise<StoredFile> {
  const { file } = await uploadFile(api.t, api.token, name, body);
  await api.t.api.deps.individuals.settled();
  return file;
}
async function filesOf(id: number): Promise<AccessionFiles> {
  const response = await api.t.call(`/accessions/${id}/files`, { token: api.token });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as AccessionFiles;
}
const vcfNaming = (...samples: string[]) =>
  `##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${samples.join('\t')}\n1\t10\tm1\tA\tG\t.\t.\t.\tGT${'\t0/1'.repeat(samples.length)}\n`;

describe('GET accessions/{id}/files', () => {
  it('lists the VCFs and tables naming it by name or synonym in any case, newest first, with the runs that read them; not files naming others; not a deleted file', async () => {
    const tag = unique();
    const [name, synonym, other] = [`AF-Line-${tag}`, `AF-Syn-${tag}`, `AF-Other-${tag}`];
    const id = await accession({ germplasmName: name, synonyms: [synonym] });
    const otherId = await accession({ germplasmName: other });
    const vcf = await stored(`af_${tag}.vcf`, vcfNaming(name.toLowerCase(), 'S2'));
    const csv = await stored(`af_${tag}.csv`, `id,height\n${synonym.toUpperCase()},1\n${other},2\n${synonym},3\n`);
    const both = await stored(`af_both_${tag}.csv`, `plot,accession,environment,yield\n1,${synonym},A,1\n2,${name},A,2\n`);
    await stored(`af_others_${tag}.csv`, `id,height\n${other},1\nNEW_LINE,2\n`);
    const [run] = await api.t.db
      .insert(runs)
      .values({ name: `af_run_${tag}`, pipelineId: 'nf-phenomix', revision: '1', engine: 'local', params: {}, weblogSecretHash: 'x' })
      .returning();
    await api.t.db.insert(runInputs).values({ runId: run!.id, parameter: 'input', fileId: csv.id, sha256: csv.sha256 });

    const listed = await filesOf(id);
    expect(listed).toMatchObject({ accessionId: id, total: 3, unindexed: 0 });
    expect(listed.data.map((file) => file.id)).toEqual([both.id, csv.id, vcf.id]);
    const [bothEntry, csvEntry, vcfEntry] = listed.data;
    expect(vcfEntry).toEqual({
      id: vcf.id,
      name: vcf.name,
      fileTypeName: vcf.fileTypeName,
      sizeBytes: vcf.sizeBytes,
      createdAt: vcf.createdAt,
      matched: [{ name, as: 'name' }],
      producedBy: null,
      runs: [],
      readCount: 0,
    });
    expect(csvEntry!.matched).toEqual([{ name: synonym, as: 'synonym' }]);
    expect(csvEntry!.runs).toEqual([{ id: run!.id, name: `af_run_${tag}`, pipelineId: 'nf-phenomix', status: 'SUBMITTED', parameter: 'input' }]);
    expect(csvEntry!.readCount).toBe(1);
    expect(bothEntry!.matched).toEqual([
      { name, as: 'name' },
      { name: synonym, as: 'synonym' },
    ]);
    expect((await filesOf(otherId)).data.map((file) => file.name)).toEqual([`af_others_${tag}.csv`, `af_${tag}.csv`]);

    expect((await api.t.call(`/files/${vcf.id}`, { method: 'DELETE', token: api.token })).status).toBe(204);
    expect((await filesOf(id)).data.map((file) => file.id)).toEqual([both.id, csv.id]);
    expect(await api.t.db.select().from(fileIndividuals).where(eq(fileIndividuals.fileId, vcf.id))).toEqual([]);
  });

  it('answers 404 for an accession that does not exist', async () => {
    const response = await api.t.call('/accessions/2147483000/files', { token: api.token });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { message: string }).message).toBe('There is no accession with id 2147483000.');
  });
});

describe('the individuals sweep', () => {
  it('reads each file once: one naming nobody is marked read, one whose bytes are gone is marked with why, and files stored before it are counted until swept', async () => {
    const tag = unique();
    const nobody = await stored(`af_qtl_${tag}.csv`, 'marker,chromosome,position,trait,effect\nm1,1,10,height,0.5\n');
    // A file registered where no bytes are: the sweep its registration starts cannot read it.
    await registerLocalFile(api.t.db, { name: `af_gone_${tag}.csv`, storagePath: `nowhere/${tag}.csv`, sizeBytes: 10, sha256: 'x'.repeat(64), fileTypeId: null });
    await api.t.api.deps.individuals.settled();
    const rowOf = async (fileName: string) => (await api.t.db.select().from(files).where(eq(files.name, fileName)))[0]!;
    expect(await rowOf(nobody.name)).toMatchObject({ individualsIndexedAt: expect.any(Date), individualsProblem: null });
    const gone = await rowOf(`af_gone_${tag}.csv`);
    expect(gone).toMatchObject({ individualsIndexedAt: expect.any(Date), individualsProblem: expect.stringContaining('no longer in storage') });
    // Not tried at every sweep, but again once its hour has passed (storage may have been away).
    await api.t.api.deps.individuals.sweep();
    expect((await rowOf(gone.name)).individualsIndexedAt).toEqual(gone.individualsIndexedAt);
    const anHourAgo = new Date(Date.now() - RETRY_UNREADABLE_MS - 1000);
    await api.t.db.update(files).set({ individualsIndexedAt: anHourAgo }).where(eq(files.id, gone.id));
    await api.t.api.deps.individuals.sweep();
    expect((await rowOf(gone.name)).individualsIndexedAt!.getTime()).toBeGreaterThan(anHourAgo.getTime() + RETRY_UNREADABLE_MS);

    // Inserted without a word to the sweep (as another instance would): counted, then read by the next sweep.
    const id = await accession({ germplasmName: `AF-Late-${tag}` });
    const { file } = await uploadFile(api.t, api.token, `af_late_${tag}.csv`, `id,height\nAF-Late-${tag},1\n`);
    await api.t.api.deps.individuals.settled();
    await api.t.db.update(files).set({ individualsIndexedAt: null }).where(eq(files.id, file.id));
    await api.t.db.delete(fileIndividuals).where(eq(fileIndividuals.fileId, file.id));
    expect(await filesOf(id)).toMatchObject({ data: [], total: 0, unindexed: 1 });
    await api.t.api.deps.individuals.sweep();
    expect(await filesOf(id)).toMatchObject({ data: [{ id: file.id, matched: [{ name: `AF-Late-${tag}`, as: 'name' }] }], total: 1, unindexed: 0 });
  });
});
