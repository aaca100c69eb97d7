import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { projects } from './schema';
import { openTestDatabase } from '../testing/test-database';
import { bulkInsert } from './bulk-insert';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('bulkInsert', () => {
  it('writes text, dates, timestamps and nulls on both PGlite and PostgreSQL, in chunks', async () => {
    const rows = [
      { name: 'Bulk A', leadName: 'Ana', startDate: '2018-01-01', endDate: null, updatedAt: new Date('2024-05-06T07:08:09.000Z') },
      { name: 'Bulk B', leadName: null, startDate: null, endDate: '2019-12-31', updatedAt: new Date('2025-01-02T03:04:05.000Z') },
      { name: 'Bulk C', leadName: 'Cy', startDate: '2020-02-29', endDate: '2020-03-01', updatedAt: new Date('2026-11-24T00:00:00.000Z') },
    ];
    await bulkInsert(database.db, projects, rows, { chunk: 2 });
    const stored = await database.db
      .select({ name: projects.name, leadName: projects.leadName, startDate: projects.startDate, endDate: projects.endDate, updatedAt: projects.updatedAt })
      .from(projects)
      .orderBy(asc(projects.name));
    expect(stored.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }))).toEqual(rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })));
  });
});
