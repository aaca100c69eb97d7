import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { accessions, crossPlans, experimentEntries, experiments, plannedCrosses, projects, sites } from '../db/schema';
import { openTestDatabase } from '../testing/test-database';
import { panelSamples, SAMPLE_PANEL, SAMPLE_TRIAL, trialAccessions } from '../../../pipelines/_shared/sample-data.ts';
import { accessionIdsByNameOrSynonym } from '../routes/imports/experiment-import';
import { hasNoBreedingData, seedDemo } from './seed-demo';

let database: DatabaseHandle;
// Loaded once, before any test (they may run in any order): whether the database was empty, and what the first load said.
let emptyBefore: boolean;
let firstLoad: { created: boolean };
beforeAll(async () => {
  database = await openTestDatabase();
  emptyBefore = await hasNoBreedingData(database.db);
  firstLoad = await seedDemo(database.db);
});
afterAll(() => database.close());

const total = async (table: PgTable) => (await database.db.select({ value: count() }).from(table))[0]!.value;

describe('the demo data', () => {
  it('knows every individual the sample files name: the panel’s samples and the trial’s entries are synonyms of breeding lines', async () => {
    const panel = panelSamples(SAMPLE_PANEL).map((entry) => entry.sample);
    const trial = trialAccessions(SAMPLE_TRIAL);
    const found = await accessionIdsByNameOrSynonym(database.db, [...panel, ...trial]);
    expect(panel.filter((name) => !found.has(name.toLowerCase()))).toEqual([]);
    expect(trial.filter((name) => !found.has(name.toLowerCase()))).toEqual([]);
    // One line per panel sample, and the trial's ACC001 is the same line as the panel's NOR001.
    expect(new Set(panel.map((name) => found.get(name.toLowerCase()))).size).toBe(panel.length);
    expect(found.get('acc001')).toBe(found.get(panel[0]!.toLowerCase()));
  });

  it('loads the promised sample once, and a second run changes nothing', async () => {
    expect(emptyBefore).toBe(true);
    expect(firstLoad).toEqual({ created: true });
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

  it('breeds no line from a parent younger than itself: every SBW line’s parents are cultivars or lines of earlier years', async () => {
    const rows = await database.db.select({ name: accessions.germplasmName, pedigree: accessions.pedigree }).from(accessions);
    const yearOf = (name: string) => Number(/^SBW(\d{2})-/.exec(name)?.[1] ?? 0);
    const lines = rows.filter((row) => yearOf(row.name) > 0);
    expect(new Set(lines.map((line) => yearOf(line.name)))).toEqual(new Set([18, 19, 20, 21, 22, 23, 24, 25]));
    const younger = lines.flatMap((line) =>
      (line.pedigree ?? '')
        .split('/')
        .filter((parent) => yearOf(parent) >= yearOf(line.name))
        .map((parent) => `${line.name} = ${line.pedigree} (${parent})`),
    );
    expect(younger).toEqual([]);
  });
});
