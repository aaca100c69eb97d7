import fs from 'node:fs';
import path from 'node:path';

/**
 * What became of finished resumable uploads, kept beside the staged ones for as long as an
 * unfinished upload is kept. A client can lose the answer to its last request (a pause pressed as
 * the last bytes arrive, a dropped connection) and ask again with HEAD: the upload is then complete
 * with the file it became, instead of unknown — which would make tus start it again and store the
 * same file twice.
 */
export interface FinishedUpload {
  fileId: number;
  sizeBytes: number;
  userId: number;
}

const SUFFIX = '.finished';
/** A record, or one a stop interrupted while it was written (swept alike). */
const RECORD = /\.finished(\.\d+\.partial)?$/;

export class FinishedUploads {
  constructor(private readonly folder: string) {}

  private fileOf(id: string) {
    return path.join(this.folder, `${path.basename(id)}${SUFFIX}`);
  }

  /** Written whole or not at all (a stop mid-write leaves no half record behind). */
  async remember(id: string, finished: FinishedUpload): Promise<void> {
    const file = this.fileOf(id);
    const partial = `${file}.${process.pid}.partial`;
    await fs.promises.writeFile(partial, JSON.stringify(finished));
    await fs.promises.rename(partial, file);
  }

  /**
   * The record, or null when there is none or it cannot be read (damaged by a disk or an older
   * version): the upload is then unknown, and its client sends it again rather than meet a 500.
   */
  async recall(id: string): Promise<FinishedUpload | null> {
    const text = await fs.promises.readFile(this.fileOf(id), 'utf8').catch(() => null);
    if (text === null) return null;
    try {
      const record = JSON.parse(text) as Partial<FinishedUpload> | null;
      const counts = [record?.fileId, record?.sizeBytes, record?.userId];
      return counts.every((value) => Number.isSafeInteger(value) && (value as number) >= 0) ? (record as FinishedUpload) : null;
    } catch {
      return null;
    }
  }

  /** Forgets uploads finished more than `ageMs` ago. */
  async forgetOlderThan(ageMs: number, now = Date.now()): Promise<void> {
    const names = await fs.promises.readdir(this.folder).catch(() => [] as string[]);
    for (const name of names) {
      if (!RECORD.test(name)) continue;
      const file = path.join(this.folder, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat && now - stat.mtimeMs > ageMs) await fs.promises.rm(file, { force: true });
    }
  }

  /** The answer to HEAD on a finished upload: complete, with the stored file's id. */
  static headAnswer(finished: FinishedUpload): Response {
    const size = String(finished.sizeBytes);
    return new Response(null, {
      status: 200,
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': size, 'Upload-Length': size, 'Cache-Control': 'no-store', 'Seedbed-File-Id': String(finished.fileId) },
    });
  }
}
