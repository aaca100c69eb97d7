import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GDIP_FIXTURE } from '../../../tests/fixtures/pipeline-params.ts';
import { foldSplits, seededFolds } from '../../_shared/stats.ts';
import { records, scratchFiles, table, testContext } from '../../_shared/testing.ts';
import { isMissing } from '../../_shared/trait-table.ts';
import { readVcf } from '../../_shared/vcf.ts';
import { classifyCovariates } from './covariates.ts';
import { run } from './main.ts';
import { prepareMarkers } from './markers.ts';
import { fitOnTraining, type Predictor, type TraitData } from './predictor.ts';

// The exactness fixture (240 individuals × 60 markers, yield ~ env + age + markers), its first
// fold held out. Each case changes only the held-out individuals, to wild values, and checks that
// what the training side learned does not move.
const FIXTURES = path.resolve('tests/fixtures/exactness');
const VCF_TEXT = fs.readFileSync(path.join(FIXTURES, 'gdip.vcf'), 'utf8');
const PHENOTYPES = records(fs.readFileSync(path.join(FIXTURES, 'gdip_phenotypes.csv'), 'utf8'));
const write = scratchFiles('gdip-leaks');

const individualsOf = (rows: Array<Record<string, string>>) => rows.filter((row) => !isMissing(row.yield));
const individuals = individualsOf(PHENOTYPES);
const { train, test } = foldSplits(seededFolds(individuals.length, GDIP_FIXTURE.cv_folds, GDIP_FIXTURE.seed!), GDIP_FIXTURE.cv_folds)[0]!;
const idOf = (position: number) => individuals[position]!.id!;
const heldOut = new Set(test.map(idOf));

/** The VCF with the genotype `call` written for `samples` at `marker` (every marker when null). */
function withCalls(text: string, marker: string | null, samples: Set<string>, call: (line: number) => string): string {
  const lines = text.trimEnd().split('\n');
  const header = lines.find((line) => line.startsWith('#CHROM'))!.split('\t');
  return `${lines
    .map((line, number) => {
      if (line.startsWith('#')) return line;
      const fields = line.split('\t');
      if (marker !== null && fields[2] !== marker) return line;
      return fields.map((field, column) => (column >= 9 && samples.has(header[column]!) ? call(number) : field)).join('\t');
    })
    .join('\n')}\n`;
}

async function traitData(vcfText: string, rows: Array<Record<string, string>>): Promise<TraitData> {
  const vcf = await readVcf(write(`gdip-${Math.random().toString(36).slice(2)}.vcf`, vcfText));
  const sampleIndex = new Map(vcf.samples.map((sample, index) => [sample, index]));
  const traitRows = individualsOf(rows);
  return {
    vcf,
    samples: traitRows.map((row) => sampleIndex.get(row.id!)!),
    rows: traitRows,
    y: Float64Array.from(traitRows, (row) => Number(row.yield)),
    covariates: classifyCovariates(traitRows, ['env', 'age'], ['env'], []),
  };
}

/** What the training side learned, and its predictions of the training individuals. */
const learned = (predictor: Predictor) => ({
  lambda: predictor.lambda,
  markers: predictor.markers.map((marker) => `${marker.id} ${marker.mean}`),
  fixedEffects: Object.fromEntries(predictor.fixedNames.map((name, index) => [name, predictor.fit.fixed[index]])),
  trainingPredictions: predictor.training.map((position) => predictor.predict(position)),
});

// m5's calls missing in 45 % of the training individuals: still kept (called in at least half of
// them), but with every held-out call missing too it would fall below half of all individuals.
const trainingMissing = new Set(train.filter((_, index) => index % 20 < 9).map(idOf));
const BASE_VCF = withCalls(VCF_TEXT, 'm5', trainingMissing, () => './.');

describe('each cross-validation fold learns only from its training individuals', () => {
  it('held-out genotypes set to wild values move no kept marker, mean, λ, fixed effect or training prediction', async () => {
    const settings = { ...GDIP_FIXTURE, min_maf: 0.2 };
    const base = await traitData(BASE_VCF, PHENOTYPES);
    // Every held-out call homozygous ALT, and m5's held-out calls missing.
    const wild = await traitData(
      withCalls(
        withCalls(BASE_VCF, null, heldOut, () => '1/1'),
        'm5',
        heldOut,
        () => './.',
      ),
      PHENOTYPES,
    );
    const before = fitOnTraining(base, settings, train);
    const after = fitOnTraining(wild, settings, train);
    expect(learned(after)).toEqual(learned(before));
    expect(before.markers.map((marker) => marker.id)).toContain('m5');

    // The change is one a leaky fit would have seen: over all individuals the wild calls move every
    // marker's mean, lift markers over min_maf and drop m5 for its call rate.
    const all = [...individuals.keys()];
    const leaky = (data: TraitData) => prepareMarkers(data.vcf, data.samples, settings, all).markers;
    const leakyBefore = new Map(leaky(base).map((marker) => [marker.id, marker.mean]));
    const leakyAfter = new Map(leaky(wild).map((marker) => [marker.id, marker.mean]));
    expect([...leakyAfter.keys()].filter((id) => !leakyBefore.has(id)).length).toBeGreaterThan(0);
    expect(leakyAfter.has('m5')).toBe(false);
    expect([...leakyBefore].every(([id, mean]) => !leakyAfter.has(id) || leakyAfter.get(id) !== mean)).toBe(true);
  });

  it('held-out phenotypes and covariates set to wild values move neither λ, the covariate coding nor any prediction', async () => {
    const base = await traitData(VCF_TEXT, PHENOTYPES);
    // yield a thousand times larger, a level of env and ages no training individual has.
    const wildRows = PHENOTYPES.map((row) => (heldOut.has(row.id!) ? { ...row, yield: String(Number(row.yield) * 1000), env: '9', age: '900' } : row));
    const wild = await traitData(VCF_TEXT, wildRows);
    const before = fitOnTraining(base, GDIP_FIXTURE, train);
    const after = fitOnTraining(wild, GDIP_FIXTURE, train);
    expect(learned(after)).toEqual(learned(before));
    expect(after.fixedNames).toEqual(['(intercept)', 'env=2', 'env=3', 'age']);
    // The held-out genetic values are unchanged too: only their own covariates moved.
    for (const position of test) expect(after.predict(position).genetic).toBe(before.predict(position).genetic);
  });

  it('a run with one fold’s held-out yields set to wild values predicts that fold exactly as before', async () => {
    const predictionsOfFirstFold = async (phenotypes: string) => {
      const context = testContext({ ...GDIP_FIXTURE, phenotypes });
      await run(context);
      const [header, ...rows] = table(context.read('prediction/cv_predictions.csv'), ',');
      return rows.filter((row) => heldOut.has(row[header!.indexOf('id')]!));
    };
    const wildText = fs
      .readFileSync(GDIP_FIXTURE.phenotypes, 'utf8')
      .replace(/^(G\d+),([^,]+),/gm, (line, id: string, value: string) => (heldOut.has(id) && !isMissing(value) ? `${id},${Number(value) * 1000},` : line));
    const before = await predictionsOfFirstFold(GDIP_FIXTURE.phenotypes);
    const after = await predictionsOfFirstFold(write('wild_phenotypes.csv', wildText));
    expect(before).toHaveLength(test.length);
    // Observed values differ (column 3); predictions and genetic values must not.
    expect(after.map((row) => [row[0], row[4], row[5]])).toEqual(before.map((row) => [row[0], row[4], row[5]]));
    expect(after.map((row) => row[3])).not.toEqual(before.map((row) => row[3]));
  });
});
