import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BENCH_ADMIN, benchToken, startServer, watchMemoryGrowth } from './api-throughput';
import { repeat } from './repeats';

/**
 * Uploads over the resumable (tus) path against the real server: a large VCF's throughput beside
 * the same bytes copied straight to disk, measured back to back in each of REPEATS repeats (so a
 * ratio comes from one moment of a shared machine), the server's memory growth while it arrives,
 * and the bytes sent again when an upload's connection is cut at half way and the upload resumed.
 * The client sends with node:http, as a browser's native stack would: a web stream body in fetch
 * spends more CPU in the client than the server spends storing the bytes. It reads the file into
 * two reused buffers (one read while the socket takes the other), as a browser's upload stack does,
 * instead of a fresh buffer per read: the client shares the machine's two cores with the server it
 * measures, and its own garbage would be counted against the server.
 */

export interface UploadRepeat {
  uploadSeconds: number;
  diskSeconds: number;
  /** Growth of the server's resident memory over its level before the upload, sampled every 50 ms. */
  memoryGrowthBytes: number;
  checksumAgrees: boolean;
}

export interface UploadFigures {
  bytes: number;
  repeats: UploadRepeat[];
  resumeBytes: number;
  resentBytes: number;
  /** Whether the resumed upload was stored with the SHA-256 of the bytes sent. */
  resumedChecksumAgrees: boolean;
  /** The size of one request of the resumable client (tus-js-client's chunkSize in the console). */
  chunkBytes: number;
}

const CHUNK_BYTES = 50 * 1024 * 1024;
/** Each of the client's two send buffers: the 1 MB reads it made before, so the resume test cuts where it did. */
const SEND_BUFFER_BYTES = 1024 * 1024;

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

const sha256Of = async (file: string, end: number) => {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file, { start: 0, end: end - 1, highWaterMark: 1024 * 1024 }), hash);
  return hash.digest('hex');
};

export async function benchUploads(root: string, size = Number(process.env.BENCH_UPLOAD_BYTES ?? 2 * 1024 ** 3)): Promise<UploadFigures> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-upload-bench-'));
  const dataDir = path.join(folder, 'data');
  const source = path.join(folder, 'cohort.vcf');
  const sha256 = writeVcf(source, size);
  const reading = await fs.promises.open(source, 'r');
  const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), {
    SEEDBED_ADMIN_EMAIL: BENCH_ADMIN.email,
    SEEDBED_ADMIN_PASSWORD: BENCH_ADMIN.password,
    BENCH_DATA_DIR: dataDir,
  });
  const agent = new http.Agent({ keepAlive: true });
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
    const sendBuffers = [Buffer.allocUnsafe(SEND_BUFFER_BYTES), Buffer.allocUnsafe(SEND_BUFFER_BYTES)];
    /** Writes bytes [start, end) of the source into `request`, a buffer at a time; `cutAfter` destroys it once that many are sent. */
    const sendRange = async (request: http.ClientRequest, start: number, end: number, cutAfter: number | undefined, onSent: (bytes: number) => void) => {
      const flushed = [Promise.resolve(), Promise.resolve()];
      const closed = new Promise<void>((resolve) => request.once('close', resolve));
      let sent = 0;
      for (let turn = 0; start + sent < end && !request.destroyed; turn = 1 - turn) {
        // A buffer is read into again only once the socket has taken what it held.
        await flushed[turn];
        const buffer = sendBuffers[turn]!;
        const { bytesRead } = await reading.read(buffer, 0, Math.min(buffer.length, end - start - sent), start + sent);
        sent += bytesRead;
        onSent(sent);
        flushed[turn] = Promise.race([new Promise<void>((resolve) => request.write(buffer.subarray(0, bytesRead), () => resolve())), closed]);
        if (cutAfter !== undefined && sent >= cutAfter) return request.destroy();
      }
      await Promise.all(flushed);
      request.end();
    };
    /** Sends bytes [start, end) of the source; `cutAfter` closes the connection once that many bytes are sent. */
    const patch = (location: string, start: number, end: number, cutAfter?: number) =>
      new Promise<{ status: number; text: string; sent: number }>((resolve, reject) => {
        let sent = 0;
        const request = http.request(
          location,
          {
            method: 'PATCH',
            agent: cutAfter === undefined ? agent : false,
            headers: { ...tus, 'Upload-Offset': String(start), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(end - start) },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (part: string) => {
              text += part;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text, sent }));
          },
        );
        request.on('error', (error) => (cutAfter === undefined ? reject(error) : resolve({ status: 0, text: String(error), sent })));
        if (cutAfter !== undefined) request.on('close', () => resolve({ status: 0, text: 'cut', sent }));
        sendRange(request, start, end, cutAfter, (bytes) => {
          sent = bytes;
        }).catch(reject);
      });

    const repeats = await repeat(async () => {
      // The same bytes straight to disk, in this run, on this disk.
      const copy = path.join(folder, 'copy.vcf');
      const copyStart = performance.now();
      await pipeline(fs.createReadStream(source, { highWaterMark: 1024 * 1024 }), fs.createWriteStream(copy));
      const copied = fs.openSync(copy, 'r');
      fs.fdatasyncSync(copied);
      fs.closeSync(copied);
      const diskSeconds = (performance.now() - copyStart) / 1000;
      fs.rmSync(copy);

      // The whole file through the resumable path, in requests of CHUNK_BYTES as the console sends them.
      const memory = watchMemoryGrowth(server.child.pid!, 50);
      const uploadStart = performance.now();
      const location = await create('bench-cohort.vcf', size);
      let stored: { id: number; sha256: string } | null = null;
      let memoryGrowthBytes = 0;
      try {
        for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
          const answer = await patch(location, offset, Math.min(offset + CHUNK_BYTES, size));
          if (answer.status === 200) stored = JSON.parse(answer.text) as { id: number; sha256: string };
          else if (answer.status !== 204) throw new Error(`tus PATCH answered ${answer.status}: ${answer.text}`);
        }
      } finally {
        memoryGrowthBytes = memory.stop();
      }
      const uploadSeconds = (performance.now() - uploadStart) / 1000;
      // The stored copy goes, so that three repeats need the disk space of one.
      if (stored) await fetch(`${base}files/${stored.id}`, { method: 'DELETE', headers: tus });
      return { uploadSeconds, diskSeconds, memoryGrowthBytes, checksumAgrees: stored?.sha256 === sha256 };
    });

    // A resume after the connection is cut at half way: what the server kept, and what is sent again.
    const resumeBytes = Math.min(size, 256 * 1024 * 1024);
    const again = await create('bench-resumed.vcf', resumeBytes);
    const { sent } = await patch(again, 0, resumeBytes, resumeBytes / 2);
    // HEAD takes the upload's lock: it answers once the cut request has stopped writing.
    const head = await fetch(again, { method: 'HEAD', headers: tus });
    const kept = Number(head.headers.get('upload-offset'));
    const finish = await patch(again, kept, resumeBytes);
    if (finish.status !== 200) throw new Error(`the resumed upload answered ${finish.status}: ${finish.text}`);
    const resumed = JSON.parse(finish.text) as { sha256: string };

    return {
      bytes: size,
      repeats,
      resumeBytes,
      resentBytes: Math.max(0, sent - kept),
      resumedChecksumAgrees: resumed.sha256 === (await sha256Of(source, resumeBytes)),
      chunkBytes: CHUNK_BYTES,
    };
  } finally {
    await reading.close();
    agent.destroy();
    server.child.kill('SIGTERM');
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
