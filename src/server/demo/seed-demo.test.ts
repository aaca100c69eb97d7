import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { accessions, crossPlans, experimentEntries, experiments, plannedCrosses, projects, sites } from '../db/schema';
import { openTestDatabase } from '../testing/test-database';
import { hasNoBreedingData, seedDemo } from './seed-demo';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const total = async (table: PgTable) => (await database.db.select({ value: count() }).from(table))[0]!.value;

describe('the demo data', () => {
  it('loads the promised sample once, and a second run changes nothing', async () => {
    expect(await hasNoBreedingData(database.db)).toBe(true);
    expect(await seedDemo(database.db)).toEqual({ created: true });
    const counts = {
      projects: await total(projects),
      sites: await total(sites),
      accessions: await total(accessions),
      experiments: await total(experiments),
      crossPlans: await total(crossPlans),
      crosses: await total(plannedCrosses),
      entries: await total(experimentEntries),
    };
    expect(counts).toEqual({ projects: 2, sites: 6, accessions: 500, experiments: 8, crossPlans: 2, crosses: 40, entries: 24 + 30 + 36 + 42 + 48 + 3 * 60 });
    expect(await seedDemo(database.db)).toEqual({ created: false });
    expect(await total(accessions)).toBe(500);
    expect(await hasNoBreedingData(database.db)).toBe(false);
  });
});
