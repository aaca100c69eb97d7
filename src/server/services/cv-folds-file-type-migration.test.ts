import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fileTypes } from '../db/schema';
import { CV_FOLDS_FILE_TYPE, DEFAULT_FILE_TYPES, seedFileTypes } from './file-types';
import { createTestApi } from '../testing/test-api';

const MIGRATION = 'drizzle/0021_cv_folds_file_type.sql';
const cvFoldsTypes = (t: Awaited<ReturnType<typeof createTestApi>>) => t.db.select().from(fileTypes).where(eq(fileTypes.name, 'CV folds CSV'));

/**
 * Migration 0021 on a database seeded before the CV folds type existed: it adds the type once (a
 * second run adds nothing). On a fresh database it runs before the defaults are seeded, which hold the type.
 */
it('adds the CV folds type to an older database once, and a fresh database seeds it', { timeout: 240_000 }, async () => {
  const t = await createTestApi();
  try {
    await t.db.insert(fileTypes).values(DEFAULT_FILE_TYPES.filter((type) => type.name !== CV_FOLDS_FILE_TYPE.name));
    for (let time = 0; time < 2; time += 1) for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    const added = await cvFoldsTypes(t);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ ...CV_FOLDS_FILE_TYPE, requiredColumns: ['scheme', 'repeat', 'fold', 'id', 'environment', 'set'] });

    await t.db.delete(fileTypes);
    for (const statement of fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
    expect(await cvFoldsTypes(t)).toHaveLength(0);
    await seedFileTypes(t.db);
    expect(await cvFoldsTypes(t)).toHaveLength(1);
  } finally {
    await t.close();
  }
});
