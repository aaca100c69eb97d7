import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, resultRows } from '../db/client';
import { pgliteTemplate } from './pglite-template';

describe('the tests’ template database', () => {
  let folder: string;
  let template: string;
  beforeAll(async () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-template-test-'));
    template = await pgliteTemplate(folder);
  }, 120_000);
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('is made once: asked again, it is the same file, not written again', async () => {
    const written = fs.statSync(template).mtimeMs;
    expect(await pgliteTemplate(folder)).toBe(template);
    expect(fs.statSync(template).mtimeMs).toBe(written);
  });

  it('opens as a migrated database, and each copy is a database of its own', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const [first, second] = [await openDatabase({ template }), await openDatabase({ template })];
    try {
      const [applied] = resultRows<{ count: number }>(await first.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`));
      expect(applied?.count).toBe(journal.entries.length);
      await first.db.execute(sql`insert into projects (name) values ('Only in the first copy')`);
      const names = async (database: typeof first) => resultRows<{ name: string }>(await database.db.execute(sql`select name from projects`)).map((row) => row.name);
      expect(await names(first)).toContain('Only in the first copy');
      expect(await names(second)).not.toContain('Only in the first copy');
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('is refused for a database in a folder, which keeps its own files', async () => {
    await expect(openDatabase({ dataDir: path.join(folder, 'pglite'), template })).rejects.toThrow('A database in a folder cannot start from a template');
  });

  it('removes another checkout’s template a day old, and keeps one younger', async () => {
    const old = path.join(folder, 'seedbed-pglite-template-0000000000000000.tar');
    const young = path.join(folder, 'seedbed-pglite-template-1111111111111111.tar');
    fs.writeFileSync(old, 'old');
    fs.writeFileSync(young, 'young');
    const dayAndMinuteAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    fs.utimesSync(old, dayAndMinuteAgo, dayAndMinuteAgo);
    await pgliteTemplate(folder);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
  });
});
