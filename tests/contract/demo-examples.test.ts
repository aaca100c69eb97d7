import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/console/features/breeding/entities';
import { IMPORT_TEMPLATES } from '../../src/contract/imports';
import type { DatabaseHandle } from '../../src/server/db/client';
import { accessions, experiments } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/demo/seed-demo';
import { openTestDatabase } from '../../src/server/testing/test-database';

/**
 * The breeding forms' examples (placeholders and "e.g." hints) are values of the demo data, so a
 * person trying Seedbed on its wheat sample is not shown rice names (IR64, Oryza, PHL) to type.
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db);
});
afterAll(() => database.close());

const exampleIn = (hint: string | undefined) => hint?.match(/e\.g\. (.+)$/)?.[1];

describe('the breeding forms’ examples', () => {
  it('are the demo accessions’ own genus, species, country, institute and pedigree', async () => {
    const demo = await database.db.select().from(accessions);
    const values = {
      genus: new Set(demo.map((row) => row.genus)),
      species: new Set(demo.map((row) => row.species)),
      countryOfOriginCode: new Set(demo.map((row) => row.countryOfOriginCode)),
      instituteCode: new Set(demo.map((row) => row.instituteCode)),
      pedigree: new Set(demo.map((row) => row.pedigree)),
    };
    const spec = ENTITIES.accessions;
    for (const [name, filter] of Object.entries(spec.list.filters)) {
      if (filter.placeholder) expect(values[name as keyof typeof values], `the ${filter.label} filter's placeholder`).toContain(filter.placeholder);
    }
    for (const field of spec.fields) {
      const example = exampleIn(field.hint);
      if (example && field.name in values) expect(values[field.name as keyof typeof values], `the ${field.label} field's example`).toContain(example);
    }
  });

  it('give a season written as the demo experiments write theirs', async () => {
    const seasons = new Set((await database.db.select().from(experiments)).map((row) => row.season));
    expect(seasons).toContain(exampleIn(ENTITIES.experiments.fields.find((field) => field.name === 'season')?.hint));
  });

  it('include an accessions template whose example row is a demo accession', async () => {
    const example = IMPORT_TEMPLATES.find((template) => template.key === 'accessions')?.example;
    const [demo] = await database.db
      .select()
      .from(accessions)
      .where(eq(accessions.germplasmName, example?.germplasmName ?? ''));
    expect(demo, `the template's ${example?.germplasmName}`).toBeDefined();
    expect([demo?.genus, demo?.species, demo?.countryOfOriginCode, demo?.instituteCode, demo?.pedigree]).toEqual([
      example?.genus,
      example?.species,
      example?.countryOfOriginCode,
      example?.instituteCode,
      example?.pedigree,
    ]);
  });
});
