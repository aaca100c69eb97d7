import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { bgzfBlock, BGZF_BLOCK_DATA, BGZF_EOF } from '../../src/server/testing/bgzf';
import { startSignedInSeedbed, watchMemoryGrowth } from './api-throughput';
import { type Spread, timed } from './repeats';

/**
 * Previews of large stored files against the real server (issue #33): a 1 GB CSV and a 1 GB
 * bgzipped VCF, written here, uploaded, then the first page of each and a page 90 % of the way in
 * timed, while the server's resident memory is sampled every 20 ms. The deep pages start from
 * cursors the bench makes itself from where it wrote the rows (the byte offset of a row in the
 * CSV, the virtual offset block.in-block of a record in the VCF): a client would follow
 * nextCursor there, page by page.
 */

export interface PreviewFigures {
  csvBytes: number;
  vcfBytes: number;
  vcfUncompressedBytes: number;
  csvFirstMs: Spread;
  csvDeepMs: Spread;
  vcfFirstMs: Spread;
  vcfDeepMs: Spread;
  deepRowsAgree: boolean;
  memoryGrowthBytes: number;
}

/** A CSV of about `size` bytes, rows numbered; answers the byte offset and number of a row near 90 %. */
function writeCsv(file: string, size: number): { offset: number; row: number } {
  const fd = fs.openSync(file, 'w');
  let written = fs.writeSync(fd, 'id,chromosome,position,value,note\n');
  let row = 0;
  let deep = { offset: 0, row: 0 };
  while (written < size) {
    const lines: string[] = [];
    for (let index = 0; index < 50_000; index += 1) {
      row += 1;
      lines.push(`S${row},chr${(row % 12) + 1},${row * 17},${(Math.sin(row) * 100).toFixed(4)},"plot ${row % 97}, block ${row % 13}"`);
    }
    if (!deep.row && written > size * 0.9) deep = { offset: written, row: row - 50_000 + 1 };
    written += fs.writeSync(fd, `${lines.join('\n')}\n`);
  }
  fs.closeSync(fd);
  return deep;
}

/** A bgzipped VCF of about `size` compressed bytes (20 samples and a random annotation, which compresses little); answers a record's virtual offset near 90 %. */
function writeBgzippedVcf(file: string, size: number): { block: number; inBlock: number; id: string; uncompressed: number } {
  const fd = fs.openSync(file, 'w');
  const samples = Array.from({ length: 20 }, (_, index) => `IND${String(index + 1).padStart(3, '0')}`);
  const header = `##fileformat=VCFv4.2\n##INFO=<ID=ANN,Number=1,Type=String,Description="Annotation">\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n##contig=<ID=chr1>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${samples.join('\t')}\n`;
  let written = fs.writeSync(fd, bgzfBlock(Buffer.from(header)));
  let uncompressed = header.length;
  const genotypes = ['0/0', '0/1', '1/1', './.'];
  let record = 0;
  let pending = '';
  let deep: { block: number; inBlock: number; id: string } | null = null;
  while (written < size) {
    while (pending.length < BGZF_BLOCK_DATA) {
      record += 1;
      const calls = samples.map((_, index) => genotypes[(record * 7 + index * 3) % 4]).join('\t');
      pending += `chr1\t${record * 10}\tv${record}\tA\tG\t50\tPASS\tANN=${crypto.randomBytes(96).toString('base64')}\tGT\t${calls}\n`;
    }
    const data = Buffer.from(pending.slice(0, BGZF_BLOCK_DATA));
    pending = pending.slice(BGZF_BLOCK_DATA);
    if (!deep && written > size * 0.9) {
      const start = data.indexOf(0x0a) + 1;
      deep = { block: written, inBlock: start, id: data.subarray(start).toString().split('\t')[2]! };
    }
    written += fs.writeSync(fd, bgzfBlock(data));
    uncompressed += data.length;
  }
  written += fs.writeSync(fd, bgzfBlock(Buffer.from(pending)));
  fs.writeSync(fd, BGZF_EOF);
  fs.closeSync(fd);
  return { ...deep!, uncompressed: uncompressed + pending.length };
}

export async function benchPreviews(root: string, size = Number(process.env.BENCH_PREVIEW_BYTES ?? 1024 ** 3)): Promise<PreviewFigures> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-preview-bench-'));
  const csvFile = path.join(folder, 'plots.csv');
  const vcfFile = path.join(folder, 'cohort.vcf.gz');
  const csvDeep = writeCsv(csvFile, size);
  const vcfDeep = writeBgzippedVcf(vcfFile, size);
  const seedbed = await startSignedInSeedbed(root, { dataDir: path.join(folder, 'data') });
  const { base, server } = seedbed;
  const auth = { Authorization: `token ${seedbed.token}` };
  try {
    const store = async (file: string, name: string) => {
      const response = await fetch(`${base}files?name=${name}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/octet-stream', 'Content-Length': String(fs.statSync(file).size) },
        body: Readable.toWeb(fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      if (response.status !== 201) throw new Error(`storing ${name} answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { id: number }).id;
    };
    const csvId = await store(csvFile, 'bench-plots.csv');
    const vcfId = await store(vcfFile, 'bench-cohort.vcf.gz');
    const csvBytes = fs.statSync(csvFile).size;
    const vcfBytes = fs.statSync(vcfFile).size;
    fs.rmSync(csvFile);
    fs.rmSync(vcfFile);

    const memory = watchMemoryGrowth(server.child.pid!, 20);
    // Each page three times in turn (first page, deep page, …), so a slow moment shows as a range, not a figure.
    const preview = async (id: number, query: string) => {
      let page: { rows: Array<string[] | { fixed: string[] }>; firstRow: number } | undefined;
      const ms = await timed(async () => {
        const response = await fetch(`${base}files/${id}/preview${query}`, { headers: auth });
        page = (await response.json()) as NonNullable<typeof page>;
        if (response.status !== 200) throw new Error(`preview answered ${response.status}: ${JSON.stringify(page)}`);
      });
      return { ms, page: page! };
    };
    const csvFirst = await preview(csvId, '');
    const csvDeepPage = await preview(csvId, `?cursor=p${csvDeep.offset}-${csvDeep.row - 1}`);
    const vcfFirst = await preview(vcfId, '');
    const vcfDeepPage = await preview(vcfId, `?cursor=b${vcfDeep.block}.${vcfDeep.inBlock}-0`);
    const memoryGrowthBytes = memory.stop();

    const firstCsvRow = csvDeepPage.page.rows[0] as string[];
    const firstVcfRow = vcfDeepPage.page.rows[0] as { fixed: string[] };
    return {
      csvBytes,
      vcfBytes,
      vcfUncompressedBytes: vcfDeep.uncompressed,
      csvFirstMs: csvFirst.ms,
      csvDeepMs: csvDeepPage.ms,
      vcfFirstMs: vcfFirst.ms,
      vcfDeepMs: vcfDeepPage.ms,
      deepRowsAgree: firstCsvRow[0] === `S${csvDeep.row}` && csvDeepPage.page.rows.length === 1000 && firstVcfRow.fixed[2] === vcfDeep.id && vcfDeepPage.page.rows.length === 1000,
      memoryGrowthBytes,
    };
  } finally {
    server.child.kill('SIGTERM');
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
