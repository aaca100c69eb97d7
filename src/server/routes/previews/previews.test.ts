import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FilePreview, LinkedPreview, TablePreview, TextPreview, VcfPreview } from '../../../contract/previews';
import type { StoredFile } from '../../../contract/files';
import { files } from '../../db/schema';
import { registerLocalFile } from '../../storage/file-store';
import { DISPLAY_POLICY } from '../../previews/preview-service';
import { seedFileTypes } from '../../services/file-types';
import { bgzip } from '../../testing/bgzf';
import { overHttp } from '../../testing/over-http';
import { setUpTestApi } from '../../testing/test-api';

/**
 * Previews read a page of a stored file from its cursor: every format, gzip and bgzip read
 * through, and a page deep in a file that starts where the cursor says.
 */

const api = setUpTestApi();
beforeAll(() => seedFileTypes(api.t.db));

const PANEL = fs.readFileSync('tests/fixtures/genomics/panel.vcf');
const PANEL_LINES = PANEL.toString().trimEnd().split('\n');
const PANEL_RECORDS = PANEL_LINES.filter((line) => !line.startsWith('#'));
const PANEL_SAMPLES = PANEL_LINES.find((line) => line.startsWith('#CHROM'))!
  .split('\t')
  .slice(9);

/** A CSV of `rows` rows: id, trait, value, and a note with a comma and a line break in quotes every tenth row. */
function csv(rows: number): string {
  const lines = ['id,trait,value,note'];
  for (let row = 1; row <= rows; row += 1) lines.push(`IND${row},yield,${(row * 0.5).toFixed(1)},${row % 10 === 0 ? '"tall, late\nsecond line"' : 'plain'}`);
  return `${lines.join('\n')}\n`;
}

async function upload(name: string, body: Buffer | string): Promise<StoredFile> {
  const response = await api.t.call(`/files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    token: api.token,
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': 'application/octet-stream' },
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as StoredFile;
}

/** A file a run wrote (its name decides nothing at upload): written under the data folder and registered, as outputs are. */
async function store(name: string, body: Buffer | string): Promise<StoredFile & { where: string }> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const storagePath = path.join('runs', 'previews', randomUUID(), name);
  fs.mkdirSync(path.dirname(path.join(api.t.dataDir, storagePath)), { recursive: true });
  fs.writeFileSync(path.join(api.t.dataDir, storagePath), bytes);
  await registerLocalFile(api.t.db, { name, storagePath, sizeBytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), fileTypeId: null });
  const [row] = await api.t.db.select({ id: files.id }).from(files).where(eq(files.storagePath, storagePath));
  return { id: row!.id, where: path.join(api.t.dataDir, storagePath) } as StoredFile & { where: string };
}

async function preview<T extends FilePreview = FilePreview>(id: number, query = ''): Promise<T> {
  const response = await api.t.call(`/files/${id}/preview${query ? `?${query}` : ''}`, { token: api.token });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

/** Every page from the first, following nextCursor. */
async function allPages<T extends TablePreview | VcfPreview | TextPreview>(id: number, query: string): Promise<T[]> {
  const pages: T[] = [];
  let cursor: string | null = null;
  do {
    const page: T = await preview<T>(id, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('CSV and TSV as tables', () => {
  it('gives the header and the first rows, quoted line breaks kept in their cell, and pages on from the cursor', async () => {
    const file = await upload('traits.csv', csv(250));
    const first = await preview<TablePreview>(file.id, 'limit=100');
    expect(first).toMatchObject({ format: 'table', compression: 'none', delimiter: ',', columns: ['id', 'trait', 'value', 'note'], firstRow: 1 });
    expect(first.rows).toHaveLength(100);
    expect(first.rows[9]).toEqual(['IND10', 'yield', '5.0', 'tall, late\nsecond line']);
    expect(first.nextCursor).toMatch(/^p\d+-100$/);

    const pages = await allPages<TablePreview>(file.id, 'limit=100');
    expect(pages.map((page) => [page.firstRow, page.rows.length])).toEqual([
      [1, 100],
      [101, 100],
      [201, 50],
    ]);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    expect(pages.flatMap((page) => page.rows.map((row) => row[0]))).toEqual(Array.from({ length: 250 }, (_, index) => `IND${index + 1}`));
  });

  it('starts a later page at the byte its cursor names: the cursor is the offset of the next row', async () => {
    const text = csv(30);
    const file = await store('offsets.csv', text);
    const page = await preview<TablePreview>(file.id, 'limit=12');
    const offset = Number(/^p(\d+)-/.exec(page.nextCursor!)![1]);
    expect(text.slice(offset).startsWith('IND13,')).toBe(true);
  });

  it('reads gzip through, and pages it', async () => {
    const file = await store('traits.csv.gz', zlib.gzipSync(csv(120)));
    const pages = await allPages<TablePreview>(file.id, 'limit=50');
    expect(pages[0]).toMatchObject({ compression: 'gzip', columns: ['id', 'trait', 'value', 'note'] });
    expect(pages.map((page) => page.rows.length)).toEqual([50, 50, 20]);
    expect(pages[2]!.rows.at(-1)![0]).toBe('IND120');
  });

  it('pages the columns of a wide table, and splits a TSV on tabs', async () => {
    const header = ['id', ...Array.from({ length: 30 }, (_, index) => `m${index + 1}`)];
    const file = await store('matrix.tsv', `${header.join('\t')}\nA\t${Array.from({ length: 30 }, (_, index) => index % 3).join('\t')}\n`);
    const page = await preview<TablePreview>(file.id, 'columnOffset=10&columnLimit=5');
    expect(page).toMatchObject({ delimiter: '\t', columns: ['m10', 'm11', 'm12', 'm13', 'm14'], columnWindow: { offset: 10, total: 31 } });
    expect(page.rows).toEqual([['0', '1', '2', '0', '1']]);
  });

  it('refuses a cursor of another kind of file, naming the fix', async () => {
    const file = await store('cursorless.csv', csv(5));
    const response = await api.t.call(`/files/${file.id}/preview?cursor=b0.0-5`, { token: api.token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain('start again from the first page');
  });
});

describe('VCF: header, records, samples as columns paged both ways', () => {
  it('shows the ## lines, the fixed columns and a window of the samples', async () => {
    const file = await upload('panel.vcf', PANEL);
    const page = await preview<VcfPreview>(file.id, 'limit=10&columnOffset=5&columnLimit=3');
    expect(page).toMatchObject({ format: 'vcf', compression: 'none', metaLineCount: 7, fixedColumns: ['CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT'] });
    expect(page.meta[0]).toBe('##fileformat=VCFv4.2');
    expect(page.samples).toEqual(PANEL_SAMPLES.slice(5, 8));
    expect(page.sampleWindow).toEqual({ offset: 5, total: PANEL_SAMPLES.length });
    const cells = PANEL_RECORDS[0]!.split('\t');
    expect(page.rows[0]).toEqual({ fixed: cells.slice(0, 9), samples: cells.slice(14, 17) });
  });

  it('pages a bgzip VCF by virtual offset across its blocks, to the same records as the plain file', async () => {
    // 4 KB blocks: each page of 40 records crosses several.
    const file = await store('panel.vcf.gz', bgzip(PANEL, 4096));
    const pages = await allPages<VcfPreview>(file.id, 'limit=40&columnLimit=2');
    expect(pages[0]!.compression).toBe('bgzip');
    expect(pages[0]!.nextCursor).toMatch(/^b\d+\.\d+-40$/);
    const ids = pages.flatMap((page) => page.rows.map((row) => row.fixed[2]));
    expect(ids).toEqual(PANEL_RECORDS.map((record) => record.split('\t')[2]));
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('opens a deep page of a bgzip file from its block without the blocks before it', async () => {
    const file = await store('deep.vcf.gz', bgzip(PANEL, 4096));
    const pages = await allPages<VcfPreview>(file.id, 'limit=100&columnLimit=1');
    const cursor = pages[2]!.nextCursor === null ? pages[1]!.nextCursor! : pages[2]!.nextCursor!;
    const block = Number(/^b(\d+)\./.exec(cursor)![1]);
    expect(block).toBeGreaterThan(0);
    // The blocks between the first (the header, read for every page) and the cursor's are overwritten: a read from the top would fail on them.
    const firstBlock = fs.readFileSync(file.where).readUInt16LE(16) + 1;
    const handle = fs.openSync(file.where, 'r+');
    fs.writeSync(handle, Buffer.alloc(block - firstBlock, 0x55), 0, block - firstBlock, firstBlock);
    fs.closeSync(handle);
    await expect(preview(file.id, 'limit=5')).rejects.toThrow();
    const deep = await preview<VcfPreview>(file.id, `limit=5&columnLimit=1&cursor=${cursor}`);
    const before = Number(cursor.split('-')[1]);
    expect(deep.firstRow).toBe(before + 1);
    expect(deep.rows.map((row) => row.fixed[2])).toEqual(PANEL_RECORDS.slice(before, before + 5).map((record) => record.split('\t')[2]));
  });
});

describe('JSON as a tree, text with search', () => {
  it('parses JSON into a tree, and says why when it cannot', async () => {
    const good = await store('params.json', JSON.stringify({ traits: ['yield', 'height'], folds: 5, nested: { min_maf: 0.05 } }));
    expect(await preview(good.id)).toMatchObject({ format: 'json', note: null, tree: { traits: ['yield', 'height'], folds: 5, nested: { min_maf: 0.05 } } });
    const text = await store('broken.txt', '{"traits": [1, 2');
    const broken = await preview(text.id, 'as=json');
    expect(broken).toMatchObject({ format: 'json', tree: null });
    expect((broken as { note: string }).note).toMatch(/not valid JSON .*view it as text/);
  });

  it('pages a log by lines and finds the lines holding a term, any case, with their numbers', async () => {
    const lines = Array.from({ length: 3000 }, (_, index) => (index % 700 === 699 ? `ERROR step ${index + 1} failed` : `info step ${index + 1}`));
    const file = await store('run.log', `${lines.join('\r\n')}\r\n`);
    const page = await preview<TextPreview>(file.id, 'limit=1000');
    expect(page.lines).toHaveLength(1000);
    expect(page.lines[0]).toEqual({ number: 1, text: 'info step 1', truncated: false });
    const found = await preview<TextPreview>(file.id, 'search=error&limit=3');
    expect(found.lines.map((line) => [line.number, line.text])).toEqual([
      [700, 'ERROR step 700 failed'],
      [1400, 'ERROR step 1400 failed'],
      [2100, 'ERROR step 2100 failed'],
    ]);
    const rest = await preview<TextPreview>(file.id, `search=error&limit=3&cursor=${found.nextCursor}`);
    expect(rest.lines.map((line) => line.number)).toEqual([2800]);
    expect(rest.search).toMatchObject({ term: 'error', reachedEnd: true });
  });

  it('searches a gzip log, and refuses a search of a table', async () => {
    const file = await store('trace.txt.gz', zlib.gzipSync('alpha\nBeta\ngamma beta\n'));
    const found = await preview<TextPreview>(file.id, 'search=beta');
    expect(found.lines.map((line) => line.number)).toEqual([2, 3]);
    const table = await store('searched.csv', csv(3));
    const refused = await api.t.call(`/files/${table.id}/preview?search=IND`, { token: api.token });
    expect(refused.status).toBe(400);
  });

  it('says a binary file cannot be shown, and what to do', async () => {
    const file = await store('weights.bin', Buffer.from([0, 1, 2, 3, 0, 255]));
    const page = await preview(file.id);
    expect(page).toMatchObject({ format: 'binary' });
    expect((page as { note: string }).note).toContain('Download it');
  });
});

describe('images and HTML reports, sandboxed', () => {
  it('links an HTML report served with a sandbox policy, framable by Seedbed only', async () => {
    const file = await store('report.html', '<!doctype html><script>document.title = localStorage.getItem("token")</script><p>Report</p>');
    const page = await preview<LinkedPreview>(file.id);
    expect(page.format).toBe('html');
    expect(page.url).toMatch(new RegExp(`^files/${file.id}/view\\?expires=\\d+&signature=`));
    const shown = await api.t.api.request(`/${page.url}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shown.headers.get('content-security-policy')).toBe(DISPLAY_POLICY.html);
    expect(shown.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts;/);
    expect(shown.headers.get('content-security-policy')).not.toContain('allow-same-origin');
    expect(shown.headers.get('x-frame-options')).toBeNull();
    expect(await shown.text()).toContain('<p>Report</p>');
    // Served by Node, where the API's headers go on Node's response: the report's policy still wins, and no X-Frame-Options.
    const http = await overHttp(api.t);
    try {
      const overNode = await http.fetch(`/${page.url}`);
      expect(overNode.headers.get('content-security-policy')).toBe(DISPLAY_POLICY.html);
      expect(overNode.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(overNode.headers.get('x-frame-options')).toBeNull();
      expect(overNode.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await overNode.text()).toContain('<p>Report</p>');
    } finally {
      await http.close();
    }
  });

  it('serves an SVG as an image under a sandbox without scripts, and refuses a forged link', async () => {
    const file = await store('plot.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><circle r="4"/></svg>');
    const page = await preview<LinkedPreview>(file.id);
    expect(page.format).toBe('image');
    const shown = await api.t.api.request(`/${page.url}`);
    expect(shown.headers.get('content-type')).toBe('image/svg+xml');
    expect(shown.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    const forged = await api.t.api.request(`/${page.url.replace(/signature=.{4}/, 'signature=AAAA')}`);
    expect(forged.status).toBe(403);
  });
});
