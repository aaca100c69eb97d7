import fs from 'node:fs';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_SECURITY_HEADERS } from '../../api';
import { files } from '../../db/schema';
import { seedFileTypes } from '../../services/file-types';
import { setUpTestApi } from '../../testing/test-api';
import { bgzfBlock } from '../../testing/bgzf';
import type { FileGermplasm } from '../../../contract/lineage';

const api = setUpTestApi();
beforeAll(() => seedFileTypes(api.t.db));

const VCF = fs.readFileSync('tests/fixtures/genomics/panel.vcf');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

const upload = (name: string, body: Buffer | string) =>
  api.t.call(`/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    token: api.token,
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': 'application/octet-stream' },
  });

describe('POST files: the content must be what the type says', () => {
  it('stores a VCF, plain or gzip-compressed', async () => {
    expect((await upload('panel.vcf', VCF)).status).toBe(201);
    expect((await upload('panel.vcf.gz', zlib.gzipSync(VCF))).status).toBe(201);
  });

  it.each([
    ['a PNG named .vcf', 'picture.vcf', PNG],
    ['an HTML page named .vcf', 'page.vcf', '<!doctype html><html><body>hi</body></html>'],
    ['a multipart body sent as the file', 'panel.vcf', `------x\r\nContent-Disposition: form-data; name="file"; filename="panel.vcf"\r\n\r\n${VCF.toString()}\r\n------x--\r\n`],
    ['a plain VCF named .vcf.gz', 'panel.vcf.gz', VCF],
    ['text named .bam', 'reads.bam', 'just some text'],
    ['plain gzip named .bam', 'reads.bam', zlib.gzipSync('BAM\u0001')],
    ['a PNG named .fastq', 'reads.fastq', PNG],
    ['a PNG named .csv', 'traits.csv', PNG],
    ['text named .pkl', 'model.pkl', 'not a pickle'],
    ['text named .json model', 'params.json', 'not json'],
  ])('refuses %s with 400 and says what the type looks like', async (_, name, body) => {
    const response = await upload(name, body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(json.message).toMatch(/is not an? .+ file: .+\. Check that you chose the right file\./);
    expect(json.errors).toHaveProperty('name');
  });

  it('stores a real BAM (BGZF whose first block starts with BAM\\1)', async () => {
    const bam = Buffer.concat([bgzfBlock(Buffer.concat([Buffer.from('BAM\u0001', 'latin1'), Buffer.alloc(4)])), bgzfBlock(Buffer.alloc(0))]);
    expect((await upload('reads.bam', bam)).status).toBe(201);
  });

  it('stores a pickle and an R data file as models', async () => {
    expect((await upload('ridge.pkl', Buffer.from([0x80, 0x04, 0x95, 0x00]))).status).toBe(201);
    expect((await upload('ridge.rds', zlib.gzipSync('X\n\u0000\u0000\u0000\u0003'))).status).toBe(201);
  });
});

describe('POST files: refusals read as sentences', () => {
  it('puts "an" before a type name that starts with a vowel sound', async () => {
    const types = (await (await api.t.call('/file-types?pageSize=100', { token: api.token })).json()) as { data: Array<{ id: number; name: string }> };
    const associations = types.data.find((type) => type.name === 'associations CSV')!;
    const response = await api.t.call(`/files?name=gwas.csv&fileTypeId=${associations.id}`, {
      method: 'POST',
      token: api.token,
      body: 'id,yield\nA1,1.5\n',
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^An associations CSV needs the columns? .+ in its header row; gwas\.csv lacks/);
  });

  it('tells a form (curl -F) to send the file’s bytes as the body, where the form’s first line was read as a header it lacked', async () => {
    const form = new FormData();
    form.set('file', new Blob(['id,yield\nA1,1.5\n']), 'trial.csv');
    const response = await api.t.call('/files?name=trial.csv', { method: 'POST', token: api.token, body: form });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBe(
      'This route reads the file’s bytes as its request body, not multipart/form-data: send the file’s bytes themselves as the body (curl --data-binary @file -H "Content-Type: application/octet-stream"), not a form (curl -F).',
    );
  });
});

describe('POST files: names', () => {
  it.each([
    ['200 × é (400 bytes)', `${'é'.repeat(200)}.vcf`],
    ['emoji (4 bytes each)', `${'🌾'.repeat(100)}.vcf.gz`],
  ])('keeps a name of 255 characters or fewer but more than 255 bytes: %s', async (_, name) => {
    const response = await upload(name, name.endsWith('.gz') ? zlib.gzipSync(VCF) : VCF);
    expect(response.status).toBe(201);
    const stored = (await response.json()) as { id: number; name: string };
    expect(stored.name).toBe(name);
    // Where the bytes are is the server's: read from the files table.
    const [row] = await api.t.db.select({ storagePath: files.storagePath }).from(files).where(eq(files.id, stored.id));
    expect(Buffer.byteLength(row!.storagePath.split('/').pop()!)).toBeLessThanOrEqual(255);
    expect(row!.storagePath.endsWith(name.endsWith('.gz') ? '.vcf.gz' : '.vcf')).toBe(true);
    const download = await api.t.call(`/files/${stored.id}/download`, { token: api.token });
    expect(download.status).toBe(200);
    expect(decodeURIComponent(download.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toBe(name);
  });
});

describe('GET files/{id}/download', () => {
  it('streams the bytes with the API’s security headers', async () => {
    const stored = (await (await upload('panel.vcf', VCF)).json()) as { id: number };
    const response = await api.t.call(`/files/${stored.id}/download`, { token: api.token });
    expect(response.status).toBe(200);
    for (const [name, value] of API_SECURITY_HEADERS) expect(response.headers.get(name)).toBe(value);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(Buffer.from(await response.arrayBuffer()).equals(VCF)).toBe(true);
  });
});

describe('GET files?ids: the files a run’s parameters name, in one request', () => {
  it('answers only the named files and leaves out ids it does not have; a bad list names the fix', async () => {
    const stored = await Promise.all(['ids-a.csv', 'ids-b.csv', 'ids-c.csv'].map(async (name) => (await (await upload(name, `id,value\n${name},1\n`)).json()) as { id: number }));
    const [first, , third] = stored;
    const response = await api.t.call(`/files?ids=${first!.id},${third!.id},2147483647`, { token: api.token });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { data: Array<{ id: number }>; pagination: { totalCount: number } };
    expect(page.data.map((file) => file.id).sort((a, b) => a - b)).toEqual([first!.id, third!.id].sort((a, b) => a - b));
    expect(page.pagination.totalCount).toBe(2);
    const refused = await api.t.call('/files?ids=1,x', { token: api.token });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Must be a whole number');
  });
});

describe('GET files/{id}/germplasm: the individuals a file names, and the accessions among them', () => {
  const germplasm = async (id: number) => (await api.t.call(`/files/${id}/germplasm`, { token: api.token })).json() as Promise<FileGermplasm>;
  const stored = async (name: string, body: Buffer | string) => ((await (await upload(name, body)).json()) as { id: number }).id;
  // Names of their own, so that other tests' accessions do not answer for them.
  const [first, second] = [`GermA${Date.now()}`, `GermB${Date.now()}`];
  beforeAll(async () => {
    for (const json of [
      { germplasmName: first, genus: 'Oryza' },
      { germplasmName: second, genus: 'Oryza', synonyms: [`${second}-syn`] },
    ])
      expect((await api.t.call('/accessions', { method: 'POST', token: api.token, json })).status).toBe(201);
  });

  it('reads a phenotype table’s id column, and matches names and synonyms in any case', async () => {
    const id = await stored('germ_traits.csv', `id,height\n${first.toLowerCase()},1\nNEW_LINE,2\n${second.toUpperCase()}-SYN,3\n${first.toLowerCase()},4\n`);
    expect(await germplasm(id)).toEqual({
      fileId: id,
      column: 'id',
      individuals: 3,
      complete: true,
      named: 2,
      accessions: 2,
      matched: [
        { name: first.toLowerCase(), accession: { id: expect.any(Number), germplasmName: first } },
        { name: `${second.toUpperCase()}-SYN`, accession: { id: expect.any(Number), germplasmName: second } },
      ],
      unmatched: ['NEW_LINE'],
    });
  });

  it('reads a field trial’s accession column and a VCF’s samples, compressed or not', async () => {
    const trial = await germplasm(await stored('germ_trial.csv', `plot,accession,environment,yield\n1,${first},A,2\n2,${second},A,3\n`));
    expect([trial.column, trial.individuals, trial.named, trial.accessions]).toEqual(['accession', 2, 2, 2]);
    const vcf = `##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${first}\tS2\n1\t10\tm1\tA\tG\t.\t.\t.\tGT\t0/1\t1/1\n`;
    for (const [name, body] of [
      ['germ.vcf', vcf],
      ['germ.vcf.gz', zlib.gzipSync(vcf)],
    ] as const) {
      const samples = await germplasm(await stored(name, body));
      expect([samples.column, samples.individuals, samples.accessions, samples.unmatched], name).toEqual(['the VCF’s samples', 2, 1, ['S2']]);
    }
  });

  it('says a file names no individuals it reads', async () => {
    const id = await stored('germ_qtl.csv', 'marker,chromosome,position,trait,effect\nm1,1,10,height,0.5\n');
    expect(await germplasm(id)).toMatchObject({ column: null, individuals: 0, named: 0, accessions: 0, matched: [] });
  });
});
