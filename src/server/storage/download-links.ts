import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema';

/**
 * Short-lived download links that need no token, so that the browser downloads a file itself
 * (its own progress, resumable, no copy in page memory): the file id and an expiry, signed with
 * HMAC-SHA-256 under a key every instance on the database shares (made once, kept in app_secrets).
 */

const SECRET_NAME = 'download-links';

async function sharedKey(db: Database): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  return Buffer.from(row!.value, 'base64');
}

export function createDownloadLinks(db: Database, lifetimeSeconds: number) {
  let key: Promise<Buffer> | undefined;
  const signatureOf = async (fileId: number, expires: number) => {
    key ??= sharedKey(db);
    return createHmac('sha256', await key)
      .update(`${fileId}.${expires}`)
      .digest('base64url');
  };

  return {
    lifetimeSeconds,
    /** The query of a link to `fileId` that works for `lifetimeSeconds` from `now`. */
    async sign(fileId: number, now = Date.now()) {
      const expires = Math.floor(now / 1000) + lifetimeSeconds;
      return { expires, signature: await signatureOf(fileId, expires), expiresAt: new Date(expires * 1000).toISOString() };
    },
    /** Whether a link is genuine and not yet expired. */
    async verify(fileId: number, expires: number, signature: string, now = Date.now()): Promise<'valid' | 'expired' | 'forged'> {
      const expected = Buffer.from(await signatureOf(fileId, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      return expires * 1000 < now ? 'expired' : 'valid';
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
