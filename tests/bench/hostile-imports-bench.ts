import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostileFiles } from '../../src/server/routes/imports/hostile-files';
import { startSignedInSeedbed } from './api-throughput';

export interface HostileImportFigures {
  healthP50Ms: number;
  healthP99Ms: number;
  healthMaxMs: number;
  healthRequests: number;
  /** Files posted, and how many were not refused as they should be (status or message). */
  posted: number;
  wrong: string[];
}

const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;

/**
 * `/health` latency while the hostile import files of hostile-files.ts (each kind's worst: a
 * 200,001-row workbook, a few KB inflating to megabytes, a zip header claiming 3 GiB, one lying
 * small, a header row to column XFD, XML nested 500,000 deep, 30,000 rows of one name, a
 * 200,001-row CSV) are posted and refused in a loop by two clients, on the embedded database.
 */
export async function benchHostileImports(root: string, seconds = Number(process.env.BENCH_HOSTILE_SECONDS ?? 30)): Promise<HostileImportFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-bench-hostile-'));
  const files = hostileFiles().map((file) => ({ ...file, bytes: file.body() }));
  const seedbed = await startSignedInSeedbed(root, { dataDir });
  const deadline = performance.now() + seconds * 1000;
  const wrong: string[] = [];
  let posted = 0;
  try {
    const poster = async (offset: number) => {
      for (let index = offset; performance.now() < deadline; index += 1) {
        const file = files[index % files.length]!;
        const response = await fetch(`${seedbed.base}accessions/import?commit=true`, {
          method: 'POST',
          headers: { Authorization: seedbed.headers.Authorization, 'Content-Type': file.type },
          body: new Blob([file.bytes as Uint8Array<ArrayBuffer>]),
        });
        const { message } = (await response.json()) as { message?: string };
        posted += 1;
        if (response.status !== file.status || !file.message.test(message ?? '')) wrong.push(`${file.name}: ${response.status} ${message?.slice(0, 120)}`);
      }
    };
    const latencies: number[] = [];
    const prober = async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(`${seedbed.base}health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await Promise.all([poster(0), poster(Math.floor(files.length / 2)), prober()]);
    const sorted = latencies.sort((a, b) => a - b);
    return {
      healthP50Ms: Math.round(percentile(sorted, 0.5)),
      healthP99Ms: Math.round(percentile(sorted, 0.99)),
      healthMaxMs: Math.round(sorted.at(-1) ?? 0),
      healthRequests: sorted.length,
      posted,
      wrong,
    };
  } finally {
    seedbed.server.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
