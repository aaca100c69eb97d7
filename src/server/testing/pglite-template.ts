import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client';
import { TEMPLATE_VARIABLE } from './test-database';

const PREFIX = 'seedbed-pglite-template-';
// Another checkout's template (another migration) is left for a day: its test run may be going on.
const KEEP_OTHERS_MS = 24 * 3600_000;

/**
 * The archive of a migrated, empty embedded database that the tests' in-memory databases start
 * from. A fresh one runs PostgreSQL's initdb in a second PGlite and a WebAssembly program of its
 * own, 2–3 s of the 3 s an open takes here, for the same files every time; a copy of them opens in
 * about 1 s. Fewer WebAssembly instances made and freed also means fewer chances at the V8 abort
 * that PGlite's churn meets (pglite-thread.mjs).
 *
 * Named by what makes it: PGlite's version and every migration's bytes. A new migration or
 * another PGlite makes another archive; an archive is written to a temporary name and renamed, so
 * two test runs at once never read half of one.
 */
export async function pgliteTemplate(folder = os.tmpdir()): Promise<string> {
  const name = `${PREFIX}${templateKey()}.tar`;
  const file = path.join(folder, name);
  for (const other of fs.readdirSync(folder)) {
    if (!other.startsWith(PREFIX) || other === name) continue;
    const stale = path.join(folder, other);
    const modifiedAt = fs.statSync(stale, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
    if (Date.now() - modifiedAt > KEEP_OTHERS_MS) fs.rmSync(stale, { force: true });
  }
  if (fs.existsSync(file)) return file;
  const pg = new PGlite();
  try {
    await migrate(drizzle(pg), { migrationsFolder });
    const archive = await pg.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await pg.close();
  }
  return file;
}

function templateKey(): string {
  const hash = createHash('sha256');
  // The package's entry is dist/index.cjs; its package.json is one folder up.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pglite = JSON.parse(fs.readFileSync(path.join(path.dirname(entry), '../package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) hash.update(`${name}\n`).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Vitest's global setup: the template is made (or found) once, before any test process starts.
 * Against PostgreSQL (DATABASE_URL) the tests make no embedded databases from it.
 */
export async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  process.env[TEMPLATE_VARIABLE] = await pgliteTemplate();
}
