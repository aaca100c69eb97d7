import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BENCH_ADMIN, benchToken, startServer } from './api-throughput';

/**
 * Uploads over the resumable (tus) path against the real server: a large VCF's throughput beside
 * the same bytes copied straight to disk in this run, the server's memory growth while it
 * arrives, and the bytes sent again when an upload is cut at half way and resumed.
 */

export interface UploadFigures {
  bytes: number;
  uploadSeconds: number;
  diskSeconds: number;
  /** Growth of the server's resident memory over its level before the upload, sampled every 50 ms. */
  memoryGrowthBytes: number;
  checksumAgrees: boolean;
  resumeBytes: number;
  resentBytes: number;
  /** The size of one request of the resumable client (tus-js-client's chunkSize in the console). */
  chunkBytes: number;
}

const CHUNK_BYTES = 50 * 1024 * 1024;

/** A VCF of `size` bytes: a header, then one data line repeated. */
function writeVcf(file: string, size: number): string {
  const header = '##fileformat=VCFv4.2\n##contig=<ID=1,length=100000000>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tS1\tS2\tS3\tS4\n';
  const line = '1\t12345\t.\tA\tG\t50\tPASS\t.\tGT\t0/1\t1/1\t0/0\t0/1\n';
  const block = Buffer.from(line.repeat(Math.ceil((8 * 1024 * 1024) / line.length)));
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'w');
  let written = 0;
  const put = (bytes: Buffer) => {
    fs.writeSync(fd, bytes);
    hash.update(bytes);
    written += bytes.length;
  };
  put(Buffer.from(header));
  while (written < size) put(block.subarray(0, Math.min(block.length, size - written)));
  fs.closeSync(fd);
  return hash.digest('hex');
}

const residentBytes = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

export async function benchUploads(root: string, size = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3)): Promise<UploadFigures> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-upload-bench-'));
  const dataDir = path.join(folder, 'data');
  const source = path.join(folder, 'cohort.vcf');
  const sha256 = writeVcf(source, size);
  const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), {
    SEEDBED_ADMIN_EMAIL: BENCH_ADMIN.email,
    SEEDBED_ADMIN_PASSWORD: BENCH_ADMIN.password,
    BENCH_DATA_DIR: dataDir,
  });
  try {
    const base = `http://127.0.0.1:${server.port}/api/`;
    const token = await benchToken(base);
    const tus = { Authorization: `token ${token}`, 'Tus-Resumable': '1.0.0' };
    const create = async (name: string, length: number) => {
      const response = await fetch(`${base}uploads`, {
        method: 'POST',
        headers: { ...tus, 'Upload-Length': String(length), 'Upload-Metadata': `name ${Buffer.from(name).toString('base64')}` },
      });
      if (response.status !== 201) throw new Error(`tus create answered ${response.status}: ${await response.text()}`);
      return new URL(response.headers.get('location')!, base).href;
    };
    const patch = (location: string, offset: number, body: ReadableStream | Uint8Array, signal?: AbortSignal) =>
      fetch(location, {
        method: 'PATCH',
        headers: { ...tus, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
        body,
        duplex: 'half',
        ...(signal ? { signal } : {}),
      } as RequestInit);
    const fileStream = (start = 0, end?: number) => Readable.toWeb(fs.createReadStream(source, { start, ...(end !== undefined ? { end } : {}), highWaterMark: 1024 * 1024 })) as ReadableStream;

    // The same bytes straight to disk, in this run, on this disk.
    const copyStart = performance.now();
    await pipeline(fs.createReadStream(source, { highWaterMark: 1024 * 1024 }), fs.createWriteStream(path.join(folder, 'copy.vcf')));
    fs.fdatasyncSync(fs.openSync(path.join(folder, 'copy.vcf'), 'r'));
    const diskSeconds = (performance.now() - copyStart) / 1000;
    fs.rmSync(path.join(folder, 'copy.vcf'));

    // The whole file through the resumable path, in requests of CHUNK_BYTES as the console sends them.
    const baseline = residentBytes(server.child.pid!);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(server.child.pid!));
    }, 50);
    const uploadStart = performance.now();
    const location = await create('bench-cohort.vcf', size);
    let stored: { sha256: string } | null = null;
    for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
      const end = Math.min(offset + CHUNK_BYTES, size);
      const response = await patch(location, offset, fileStream(offset, end - 1));
      if (response.status === 200) stored = (await response.json()) as { sha256: string };
      else if (response.status !== 204) throw new Error(`tus PATCH answered ${response.status}: ${await response.text()}`);
    }
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    clearInterval(sampler);

    // A resume after a cut at half way: what the server kept, and what is sent again.
    const resumeBytes = Math.min(size, 256 * 1024 * 1024);
    const again = await create('bench-resumed.vcf', resumeBytes);
    const abort = new AbortController();
    let sent = 0;
    const reader = fs.createReadStream(source, { start: 0, end: resumeBytes - 1, highWaterMark: 1024 * 1024 });
    const cut = new ReadableStream({
      async pull(controller) {
        if (sent >= resumeBytes / 2) {
          abort.abort();
          controller.close();
          return;
        }
        const chunk = reader.read() as Buffer | null;
        if (chunk === null) {
          await new Promise<void>((resolve) => reader.once('readable', () => resolve()));
          return;
        }
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    await patch(again, 0, cut, abort.signal).catch(() => undefined);
    reader.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const head = await fetch(again, { method: 'HEAD', headers: tus });
    const kept = Number(head.headers.get('upload-offset'));
    const finish = await patch(again, kept, fileStream(kept, resumeBytes - 1));
    if (finish.status !== 200) throw new Error(`the resumed upload answered ${finish.status}: ${await finish.text()}`);

    return {
      bytes: size,
      uploadSeconds,
      diskSeconds,
      memoryGrowthBytes: peak - baseline,
      checksumAgrees: stored?.sha256 === sha256,
      resumeBytes,
      resentBytes: Math.max(0, sent - kept),
      chunkBytes: CHUNK_BYTES,
    };
  } finally {
    server.child.kill('SIGTERM');
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
