import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { sameBytes } from '../auth/same-bytes';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * Short-lived download links that need no token, so that the browser downloads a file itself
 * (its own progress, resumable, no copy in page memory): the file id and an expiry, signed with
 * HMAC-SHA-256.
 *
 * The key never enters the database, whose pages end up in backups, dumps and (embedded) plain
 * files: it is derived from SEEDBED_SECRET_KEY when the administrator sets one (several instances
 * set the same), or else kept in a file of its own under the data folder, readable by Seedbed's
 * user only.
 */

/** Where the key lives without SEEDBED_SECRET_KEY, under SEEDBED_DATA_DIR. */
export const SIGNING_KEY_FILE = path.join('secrets', 'download-signing.key');
/** The row an older Seedbed kept the key in. */
const LEGACY_SECRET_NAME = 'download-links';
/** Instances' clocks may differ by this much; a link may outlive its lifetime by no more. */
const CLOCK_SKEW_SECONDS = 60;

export interface SigningKeySource {
  /** SEEDBED_DATA_DIR, for the key file. */
  dataDir: string;
  /** SEEDBED_SECRET_KEY: the key is derived from it, and no file is made. */
  secretKey?: string | undefined;
}

/** Reads the key file, or makes it: written aside and linked in, so no instance reads half a key. */
function readOrCreateKeyFile(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) {
    throw new Error(`The download-signing key in ${file} is not 32 bytes of base64. Delete the file and start Seedbed again: a new key is made (download links already handed out stop working).`);
  }
  return key;
}

/**
 * The signing key. A key an older Seedbed kept in the database is deleted, not moved: its pages
 * were readable by every local user, so it may be known; links signed with it stop working (they
 * lasted minutes, and the console signs a new one at the next click).
 */
export async function loadSigningKey(db: Database, source: SigningKeySource): Promise<Buffer> {
  await db.delete(appSecrets).where(eq(appSecrets.name, LEGACY_SECRET_NAME));
  if (source.secretKey) return Buffer.from(hkdfSync('sha256', source.secretKey, 'seedbed', 'download links', 32));
  return readOrCreateKeyFile(path.join(source.dataDir, SIGNING_KEY_FILE));
}

export function createDownloadLinks(db: Database, lifetimeSeconds: number, keySource: SigningKeySource) {
  // Loaded at once, so that the database's old copy is gone from the start, not the first download.
  const key = loadSigningKey(db, keySource);
  key.catch(() => {}); // reported by the first sign or verify that needs it
  const signatureOf = async (fileId: number, expires: number) =>
    createHmac('sha256', await key)
      .update(`${fileId}.${expires}`)
      .digest('base64url');

  return {
    lifetimeSeconds,
    /** Resolves once the key is ready (and the database's old copy deleted); rejects with why not. */
    ready: () => key.then(() => undefined),
    /** The query of a link to `fileId` that works for `lifetimeSeconds` from `now`. */
    async sign(fileId: number, now = Date.now()) {
      const expires = Math.floor(now / 1000) + lifetimeSeconds;
      return { expires, signature: await signatureOf(fileId, expires), expiresAt: new Date(expires * 1000).toISOString() };
    },
    /**
     * Whether a link is genuine and not yet expired. One that would work longer than Seedbed
     * ever signs for is not genuine, whatever its signature: a leaked key cannot make links for
     * years.
     */
    async verify(fileId: number, expires: number, signature: string, now = Date.now()): Promise<'valid' | 'expired' | 'forged'> {
      if (!sameBytes(Buffer.from(signature), Buffer.from(await signatureOf(fileId, expires)))) return 'forged';
      if (expires - now / 1000 > lifetimeSeconds + CLOCK_SKEW_SECONDS) return 'forged';
      return expires * 1000 < now ? 'expired' : 'valid';
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
