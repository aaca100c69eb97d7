import { count, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accessions, crossPlans, experimentEntries, experiments, plannedCrosses, projects, sites } from '../db/schema';
import { panelSamples, SAMPLE_PANEL, SAMPLE_TRIAL, trialAccessions } from '../../../pipelines/_shared/sample-data.ts';

/** A small deterministic random generator, so that the demo is the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PROJECTS = [
  {
    name: 'Spring Wheat Yield Trials 2026',
    description: 'Advanced and elite yield trials of irrigated spring bread wheat.',
    leadName: 'Ana Ruiz',
    startDate: '2025-11-15',
    endDate: '2026-06-30',
    status: 'active',
  },
  {
    name: 'Heat Tolerance Panel',
    description: 'Association panel phenotyped under late sowing for heat tolerance.',
    leadName: 'Kofi Mensah',
    startDate: '2025-01-10',
    endDate: '2027-12-31',
    status: 'active',
  },
];

/** Real wheat breeding stations. */
const SITES = [
  { locationName: 'CIMMYT CENEB, Ciudad Obregón', abbreviation: 'OBR', locationType: 'field', countryCode: 'MEX', latitude: 27.39, longitude: -109.92, elevation: 38, instituteName: 'CIMMYT' },
  { locationName: 'CIMMYT El Batán', abbreviation: 'BAT', locationType: 'field', countryCode: 'MEX', latitude: 19.53, longitude: -98.85, elevation: 2249, instituteName: 'CIMMYT' },
  { locationName: 'ICARDA Marchouch', abbreviation: 'MCH', locationType: 'field', countryCode: 'MAR', latitude: 33.56, longitude: -6.69, elevation: 390, instituteName: 'ICARDA' },
  { locationName: 'KALRO Njoro', abbreviation: 'NJO', locationType: 'field', countryCode: 'KEN', latitude: -0.33, longitude: 35.94, elevation: 2185, instituteName: 'KALRO' },
  { locationName: 'PAU Ludhiana', abbreviation: 'LDH', locationType: 'field', countryCode: 'IND', latitude: 30.9, longitude: 75.81, elevation: 247, instituteName: 'Punjab Agricultural University' },
  {
    locationName: 'Rothamsted Glasshouse, Harpenden',
    abbreviation: 'RRES',
    locationType: 'greenhouse',
    countryCode: 'GBR',
    latitude: 51.81,
    longitude: -0.37,
    elevation: 128,
    instituteName: 'Rothamsted Research',
  },
];

/** Cultivars and elite lines that appear in wheat pedigrees worldwide, with their origin. */
const CULTIVARS: Array<[string, string, string]> = [
  ['ATTILA', 'MEX', 'ND/VG9144//KAL/BB/3/YACO/4/VEE#5'],
  ['BABAX', 'MEX', 'BABAX/LR42//BABAX'],
  ['KACHU', 'MEX', 'KAUZ//ALTAR 84/AOS/3/MILAN/KAUZ/4/HUITES'],
  ['BORLAUG100', 'MEX', 'SOKOLL//PUB94.15.1.12/WBLL1'],
  ['SOKOLL', 'MEX', 'PASTOR/3/ALTAR 84/AE.SQUARROSA (TAUS)//OPATA'],
  ['WAXWING', 'MEX', 'PFAU/WEAVER//KIRITATI'],
  ['ROELFS F2007', 'MEX', 'ROELFS F2007'],
  ['BAJ #1', 'MEX', 'WAXWING*2/KIRITATI'],
  ['PBW343', 'IND', 'ND/VG1944//KAL/BB/3/YACO/4/VEE#5'],
  ['HD2967', 'IND', 'ALD/COC//URES/HD2160M/HD2278'],
  ['KALYANSONA', 'IND', 'PJ62/GB55'],
  ['SONALIKA', 'IND', 'II53.388/AN//YT54/N10B/3/LR64'],
  ['DBW187', 'IND', 'NAC/TH.AC//3*PVN/3/MIRLO/BUC/4/2*PASTOR'],
  ['KINGBIRD', 'MEX', 'TAM200/TUI/6/PVN//CAR422/ANA/5/BOW/CROW//BUC/PVN/3/YR/4/TRAP#1'],
  ['ROBIN', 'KEN', 'BABAX/LR42//BABAX*2/3/TUKURU'],
  ['KENYA FAHARI', 'KEN', 'KIRITATI//2*PBW65/2*SERI.1B'],
  ['NJORO BW2', 'KEN', 'PRL/2*PASTOR'],
  ['CHAM 6', 'SYR', 'KVZ/BUHO//KAL/BB'],
  ['ACHTAR', 'MAR', 'HD2172/PAVON//1158.57'],
  ['AMAL', 'MAR', 'AMAL'],
  ['PARAGON', 'GBR', 'CSW1724.1.3.2.1.1/ALEXANDRIA'],
  ['CADENZA', 'GBR', 'AXONA/TONIC'],
  ['CHINESE SPRING', 'CHN', 'landrace'],
  ['MIRLO', 'MEX', 'MIRLO/BUC'],
  ['PASTOR', 'MEX', 'PFAU/SERI//BOBWHITE'],
  ['SERI M82', 'MEX', 'KVZ/BUHO//KAL/BB'],
  ['OPATA M85', 'MEX', 'BLUEJAY/JUPATECO 73'],
  ['TAM 200', 'USA', 'TAM 200'],
  ['SUPER 152', 'MEX', 'SUPER 152'],
  ['HUW234', 'IND', 'HUW12*2/CPAN2009'],
];

/** Two projects, six stations, 500 accessions, eight experiments with their entries and two cross plans of 20 crosses. */
export async function seedDemo(db: Database): Promise<{ created: boolean }> {
  const [already] = await db
    .select({ value: count() })
    .from(projects)
    .where(
      inArray(
        projects.name,
        PROJECTS.map((project) => project.name),
      ),
    );
  if ((already?.value ?? 0) > 0) return { created: false };

  await db.transaction(async (tx) => {
    const projectRows = await tx.insert(projects).values(PROJECTS).returning({ id: projects.id });
    const siteRows = await tx.insert(sites).values(SITES).returning({ id: sites.id });
    const next = random(2026);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;

    const rows: Array<typeof accessions.$inferInsert> = CULTIVARS.map(([name, country, pedigree], index) => ({
      germplasmName: name,
      accessionNumber: `CWI ${String(10_000 + index * 37).padStart(6, '0')}`,
      genus: 'Triticum',
      species: 'aestivum',
      pedigree,
      countryOfOriginCode: country,
      instituteCode: country === 'MEX' ? 'MEX002' : country === 'IND' ? 'IND001' : null,
      biologicalStatusOfAccessionCode: pedigree === 'landrace' ? '300' : '500',
      synonyms: name.includes(' ') ? [name.replace(/\s+/g, '')] : [],
    }));
    const names = CULTIVARS.map(([name]) => name);
    // Breeding lines year by year (2018–2025), each a cross of cultivars and lines of earlier years: a line is never older than its parents.
    const first = rows.length;
    let earlier = [...names];
    let earlierYear = 18;
    for (let index = first; index < 500; index += 1) {
      const year = 18 + Math.floor(((index - first) * 8) / (500 - first));
      if (year !== earlierYear) {
        earlier = [...names];
        earlierYear = year;
      }
      const mother = pick(earlier);
      let father = pick(earlier);
      if (father === mother) father = earlier[(earlier.indexOf(mother) + 1) % earlier.length]!;
      const name = `SBW${year}-${String(index).padStart(4, '0')}`;
      rows.push({
        germplasmName: name,
        accessionNumber: `SB-${2000 + year}-${String(index).padStart(5, '0')}`,
        genus: 'Triticum',
        species: 'aestivum',
        pedigree: `${mother}/${father}`,
        countryOfOriginCode: 'MEX',
        instituteCode: 'MEX002',
        biologicalStatusOfAccessionCode: next() < 0.85 ? '410' : '415',
        synonyms: [],
      });
      names.push(name);
    }
    // The sample files' individuals are breeding lines under their lab codes: the genotyping panel's
    // sample (NOR001…) and the field trial's entry (ACC001…), as synonyms of the first lines, so
    // that a sample file's Germplasm tab and an accession's files find each other in the demo.
    const panel = panelSamples(SAMPLE_PANEL).map((entry) => entry.sample);
    const trial = trialAccessions(SAMPLE_TRIAL);
    for (const [index, row] of rows.slice(first, first + Math.max(panel.length, trial.length)).entries()) {
      row.synonyms = [panel[index], trial[index]].filter((code): code is string => code !== undefined);
    }
    const accessionRows = await tx.insert(accessions).values(rows).returning({ id: accessions.id });

    const [springWheat, heat] = projectRows.map((row) => row.id) as [number, number];
    const siteId = (index: number) => siteRows[index]!.id;
    const experimentRows = await tx
      .insert(experiments)
      .values([
        {
          name: 'EYT-2026-OBR',
          projectId: springWheat,
          siteId: siteId(0),
          studyType: 'yield_trial',
          season: '2025-26 winter',
          year: 2026,
          designType: 'alpha_lattice',
          startDate: '2025-11-20',
          endDate: '2026-05-10',
          description: 'Elite yield trial, full irrigation, 3 replicates.',
        },
        {
          name: 'EYT-2026-OBR-DRT',
          projectId: springWheat,
          siteId: siteId(0),
          studyType: 'yield_trial',
          season: '2025-26 winter',
          year: 2026,
          designType: 'alpha_lattice',
          startDate: '2025-11-22',
          endDate: '2026-05-05',
          description: 'Elite yield trial, reduced irrigation (drought).',
        },
        {
          name: 'AYT-2026-LDH',
          projectId: springWheat,
          siteId: siteId(4),
          studyType: 'yield_trial',
          season: '2025-26 rabi',
          year: 2026,
          designType: 'RCBD',
          startDate: '2025-11-10',
          endDate: '2026-04-20',
        },
        {
          name: 'AYT-2026-NJO',
          projectId: springWheat,
          siteId: siteId(3),
          studyType: 'yield_trial',
          season: '2026 long rains',
          year: 2026,
          designType: 'RCBD',
          startDate: '2026-04-01',
          endDate: '2026-09-15',
        },
        { name: 'Crossing block 2026 BAT', projectId: springWheat, siteId: siteId(1), studyType: 'crossing_block', season: '2026 summer', year: 2026, startDate: '2026-05-15' },
        {
          name: 'Heat panel late sowing OBR',
          projectId: heat,
          siteId: siteId(0),
          studyType: 'phenotyping',
          season: '2025-26 winter',
          year: 2026,
          designType: 'augmented',
          startDate: '2026-01-15',
          endDate: '2026-05-30',
          description: 'Sown 8 weeks late so that grain fill meets the heat.',
        },
        {
          name: 'Heat panel MCH',
          projectId: heat,
          siteId: siteId(2),
          studyType: 'phenotyping',
          season: '2025-26',
          year: 2026,
          designType: 'augmented',
          startDate: '2025-12-20',
          endDate: '2026-06-10',
        },
        {
          name: 'Heat panel genotyping',
          projectId: heat,
          siteId: siteId(5),
          studyType: 'genotyping',
          year: 2025,
          startDate: '2025-03-01',
          endDate: '2025-06-30',
          description: 'Leaf sampling for the 35K array.',
        },
      ])
      .returning({ id: experiments.id });
    // Each experiment tests 24 to 60 accessions; the heat panel's three share the same 60.
    const entries = experimentRows.flatMap((experiment, index) => {
      const size = index >= 5 ? 60 : 24 + index * 6;
      const start = index >= 5 ? 400 : index * 40;
      return accessionRows.slice(start, start + size).map((accession) => ({ experimentId: experiment.id, accessionId: accession.id }));
    });
    await tx.insert(experimentEntries).values(entries);

    const plans = await tx
      .insert(crossPlans)
      .values([
        { name: 'Spring 2026 elite × elite', projectId: springWheat, status: 'active', description: 'Top-cross of elite lines for yield and rust resistance.' },
        { name: 'Heat donors introgression', projectId: heat, status: 'planning', description: 'Heat-tolerant donors crossed onto adapted cultivars.' },
      ])
      .returning({ id: crossPlans.id });
    const parents = accessionRows.map((row) => row.id);
    for (const [planIndex, plan] of plans.entries()) {
      await tx.insert(plannedCrosses).values(
        Array.from({ length: 20 }, (_, index) => {
          const female = parents[(planIndex * 50 + index * 7) % parents.length]!;
          const male = parents[(planIndex * 50 + index * 11 + 3) % parents.length]!;
          const status = index < (planIndex === 0 ? 12 : 0) ? 'DONE' : index % 9 === 8 ? 'SKIPPED' : 'TODO';
          return {
            crossPlanId: plan.id,
            femaleParentId: female,
            maleParentId: male,
            crossType: 'BIPARENTAL',
            numberOfCrosses: 2 + (index % 5),
            status,
            notes: status === 'SKIPPED' ? 'Flowering did not coincide' : null,
          };
        }),
      );
    }
  });
  return { created: true };
}

/** True when the database holds no breeding data yet (for `npm start -- --demo`). */
export async function hasNoBreedingData(db: Database): Promise<boolean> {
  const [projectCount] = await db.select({ value: count() }).from(projects);
  const [accessionCount] = await db.select({ value: count() }).from(accessions);
  return (projectCount?.value ?? 0) === 0 && (accessionCount?.value ?? 0) === 0;
}
