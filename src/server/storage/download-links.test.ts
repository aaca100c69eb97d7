import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { appSecrets } from '../db/schema';
import { openTestDatabase } from '../testing/test-database';
import { createDownloadLinks, SIGNING_KEY_FILE } from './download-links';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});
const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-links-'));
const signedWith = (key: Buffer, fileId: number, expires: number) => createHmac('sha256', key).update(`${fileId}.${expires}`).digest('base64url');
const keyFileOf = (dataDir: string) => Buffer.from(fs.readFileSync(path.join(dataDir, SIGNING_KEY_FILE), 'utf8').trim(), 'base64');
/** Every file under `folder`, recursively. */
const filesUnder = (folder: string): string[] =>
  fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(folder, name))
    .filter((file) => fs.statSync(file).isFile());

describe('the download-signing key', () => {
  it('is a file of its own, readable by Seedbed’s user only, and never in the database’s pages', async () => {
    const dataDir = tempDataDir();
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    opened.push(database);
    const links = createDownloadLinks(database.db, 900, { dataDir });
    const { expires, signature } = await links.sign(7);
    expect(await links.verify(7, expires, signature)).toBe('valid');

    const keyFile = path.join(dataDir, SIGNING_KEY_FILE);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o700);
    const key = keyFileOf(dataDir);
    expect(signedWith(key, 7, expires)).toBe(signature);
    expect(await database.db.select().from(appSecrets)).toEqual([]);
    await database.close();
    opened.pop();
    // Neither the key nor its base64 is anywhere in the database's files (pages, WAL).
    for (const file of filesUnder(path.join(dataDir, 'pglite'))) {
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(key), file).toBe(false);
      expect(bytes.includes(Buffer.from(key.toString('base64'))), file).toBe(false);
    }
    // A new embedded database on a loaded machine: initdb and every migration on disk.
  }, 180_000);

  it('an older Seedbed kept in the database is deleted and replaced: links signed with it stop working', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const legacyKey = randomBytes(32);
    await database.db.insert(appSecrets).values({ name: 'download-links', value: legacyKey.toString('base64') });
    const dataDir = tempDataDir();
    const links = createDownloadLinks(database.db, 900, { dataDir });
    await links.ready();
    expect(await database.db.select().from(appSecrets).where(eq(appSecrets.name, 'download-links'))).toEqual([]);
    expect(keyFileOf(dataDir).equals(legacyKey)).toBe(false);
    const expires = Math.floor(Date.now() / 1000) + 600;
    expect(await links.verify(3, expires, signedWith(legacyKey, 3, expires))).toBe('forged');
  });

  it('is derived from SEEDBED_SECRET_KEY when set: instances with other data folders accept each other’s links, and no key file is made', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const secretKey = randomBytes(32).toString('base64');
    const [first, second] = [tempDataDir(), tempDataDir()].map((dataDir) => ({ dataDir, links: createDownloadLinks(database.db, 900, { dataDir, secretKey }) }));
    const { expires, signature } = await first!.links.sign(11);
    expect(await second!.links.verify(11, expires, signature)).toBe('valid');
    expect(fs.existsSync(path.join(first!.dataDir, SIGNING_KEY_FILE))).toBe(false);
    const other = createDownloadLinks(database.db, 900, { dataDir: tempDataDir(), secretKey: randomBytes(32).toString('base64') });
    expect(await other.verify(11, expires, signature)).toBe('forged');
  });
});

describe('a signed link', () => {
  it('that would work longer than links are signed for is refused, even with a genuine signature (“valid until 2100”)', async () => {
    const database = await openTestDatabase();
    opened.push(database);
    const dataDir = tempDataDir();
    const links = createDownloadLinks(database.db, 900, { dataDir });
    await links.ready();
    const key = keyFileOf(dataDir);
    const in2100 = Date.UTC(2100, 0, 1) / 1000;
    expect(await links.verify(5, in2100, signedWith(key, 5, in2100))).toBe('forged');
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(await links.verify(5, inAnHour, signedWith(key, 5, inAnHour))).toBe('forged');
    // What Seedbed itself signs works to its last second, and then expires.
    const now = Date.now();
    const { expires, signature } = await links.sign(5, now);
    expect(await links.verify(5, expires, signature, now)).toBe('valid');
    expect(await links.verify(5, expires, signature, now + 901_000)).toBe('expired');
  });
});
