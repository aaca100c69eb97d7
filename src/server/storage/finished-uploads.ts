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

export class FinishedUploads {
  constructor(private readonly folder: string) {}

  private fileOf(id: string) {
    return path.join(this.folder, `${path.basename(id)}${SUFFIX}`);
  }

  async remember(id: string, finished: FinishedUpload): Promise<void> {
    await fs.promises.writeFile(this.fileOf(id), JSON.stringify(finished));
  }

  async recall(id: string): Promise<FinishedUpload | null> {
    const text = await fs.promises.readFile(this.fileOf(id), 'utf8').catch(() => null);
    return text === null ? null : (JSON.parse(text) as FinishedUpload);
  }

  /** Forgets uploads finished more than `ageMs` ago. */
  async forgetOlderThan(ageMs: number, now = Date.now()): Promise<void> {
    const names = await fs.promises.readdir(this.folder).catch(() => [] as string[]);
    for (const name of names) {
      if (!name.endsWith(SUFFIX)) continue;
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
