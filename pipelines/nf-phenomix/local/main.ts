/**
 * Phenomix, local implementation: per trait of a multi-environment trial, outlier flags from the
 * mixed model's scaled residuals (or the IQR rule), then on the data without them
 *  - BLUPs and variance components:  y ~ environment + (1|accession) + (1|accession:environment) + (1|environment:rep)
 *  - BLUEs:                          y ~ accession + environment + (1|accession:environment) + (1|environment:rep)
 * by REML (mixed-model.ts, lme4's criterion), and broad-sense heritability on an entry-mean basis:
 * Cullis' 1 − v̄Δ/(2σ²G) and the standard σ²G / (σ²G + σ²GE/e + σ²e/(e·r)).
 * Terms the design cannot estimate (one environment, one replicate, one plot per cell) are left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { LocalContext } from '../../../src/pipeline-kit/local-pipeline.ts';
import type { Params } from './params.generated.ts';
import { fitMixedModel, type MixedModelFit, type RandomTerm } from '../../_shared/mixed-model.ts';
import { formatNumber } from '../../_shared/output.ts';
import { commaList } from '../../_shared/params.ts';
import { isMissing, isNumericColumn } from '../../_shared/trait-table.ts';
import { counted } from '../../../src/contract/wording.ts';
import { isTrialDesignColumn } from '../../../src/contract/import-vocabularies.ts';

const format = (value: number) => formatNumber(value, 10);

interface Plot {
  row: number;
  accession: number;
  environment: number;
  rep: number;
  value: number;
}

interface Design {
  accessions: string[];
  environments: string[];
  reps: string[];
}

/** The trial's design as the models take it: the terms it can estimate, and the columns of the fixed effects. */
function trialDesign(plots: Plot[], design: Design) {
  const y = Float64Array.from(plots, (plot) => plot.value);
  const n = plots.length;
  const environmentsUsed = [...new Set(plots.map((plot) => plot.environment))].sort((a, b) => a - b);
  const cells = new Map<string, number>();
  for (const plot of plots) cells.set(`${plot.accession}:${plot.environment}`, (cells.get(`${plot.accession}:${plot.environment}`) ?? 0) + 1);
  const blocksPerEnvironment = new Map<number, Set<number>>();
  for (const plot of plots) blocksPerEnvironment.set(plot.environment, (blocksPerEnvironment.get(plot.environment) ?? new Set()).add(plot.rep));
  const withGxE = environmentsUsed.length > 1 && [...cells.values()].some((count) => count > 1);
  const withBlocks = [...blocksPerEnvironment.values()].some((reps) => reps.size > 1);
  const indexer = (key: (plot: Plot) => string) => {
    const levels = new Map<string, number>();
    const level = Int32Array.from(plots, (plot) => {
      const name = key(plot);
      if (!levels.has(name)) levels.set(name, levels.size);
      return levels.get(name)!;
    });
    return { level, levels: levels.size, names: [...levels.keys()] };
  };
  const accession = indexer((plot) => design.accessions[plot.accession]!);
  const interaction = indexer((plot) => `${design.accessions[plot.accession]}:${design.environments[plot.environment]}`);
  const blocks = indexer((plot) => `${design.environments[plot.environment]}:${design.reps[plot.rep]}`);
  const ones = new Float64Array(n).fill(1);
  // Environment contrasts against the first environment (treatment coding, as R's).
  const environmentColumns = environmentsUsed.slice(1).map((environment) => Float64Array.from(plots, (plot) => (plot.environment === environment ? 1 : 0)));
  const nuisance: RandomTerm[] = [];
  if (withGxE) nuisance.push({ name: 'accession:environment', level: interaction.level, levels: interaction.levels });
  if (withBlocks) nuisance.push({ name: 'environment:rep', level: blocks.level, levels: blocks.levels });
  return { y, n, environmentsUsed, accession, ones, environmentColumns, nuisance };
}

/** The BLUP model: `~ environment + (1|accession) + G×E and block terms`. */
function fitBlupModel(trial: ReturnType<typeof trialDesign>): MixedModelFit {
  const { y, accession, ones, environmentColumns, nuisance } = trial;
  return fitMixedModel(y, [ones, ...environmentColumns], [{ name: 'accession', level: accession.level, levels: accession.levels }, ...nuisance]);
}

/** The two models of one trait on the given plots. */
export function fitTrait(plots: Plot[], design: Design) {
  const trial = trialDesign(plots, design);
  const { y, n, environmentsUsed, accession, ones, environmentColumns, nuisance } = trial;
  const blup = fitBlupModel(trial);
  const accessionColumns = accession.names.slice(1).map((_, index) => Float64Array.from(accession.level, (level) => (level === index + 1 ? 1 : 0)));
  const blue = fitMixedModel(y, [ones, ...accessionColumns, ...environmentColumns], nuisance);
  // Means over the environments of the trial (each environment weighted equally), as emmeans reports them.
  const environmentMean = (fit: MixedModelFit, from: number) => environmentColumns.reduce((sum, _, k) => sum + fit.beta[from + k]!, 0) / environmentsUsed.length;
  const blupMean = blup.beta[0]! + environmentMean(blup, 1);
  const blueBase = blue.beta[0]! + environmentMean(blue, accession.levels);
  const blues = accession.names.map((_, index) => blueBase + (index === 0 ? 0 : blue.beta[index]!));
  const blups = accession.names.map((_, index) => blupMean + blup.effects[0]![index]!);
  const terms = ['accession', ...nuisance.map((term) => term.name)];
  const variance = Object.fromEntries([...terms.map((name, index) => [name, blup.variances[index]!] as const), ['residual', blup.sigma2] as const]);
  // Heritability on an entry-mean basis.
  const g = accession.levels;
  const pev = blup.pev(0);
  let trace = 0;
  let sum = 0;
  for (let i = 0; i < g; i += 1) {
    trace += pev[i * g + i]!;
    for (let j = 0; j < g; j += 1) sum += pev[i * g + j]!;
  }
  const meanDifferenceVariance = (2 / (g - 1)) * (trace - sum / g);
  const cullis = 1 - meanDifferenceVariance / (2 * variance.accession!);
  const e = environmentsUsed.length;
  const r = n / (g * e);
  const standard = variance.accession! / (variance.accession! + (variance['accession:environment'] ?? 0) / e + variance.residual! / (e * r));
  return { blup, blue, accessions: accession.names, blues, blups, variance, cullis, standard, terms, reml: { blup: blup.remlCriterion, blue: blue.remlCriterion } };
}

/** Outliers by the chosen rule, from the BLUP model's residuals scaled by σ (lme4's Pearson residuals). */
export function flagOutliers(plots: Plot[], design: Design, method: Params['outlier_method'], threshold: number): { scaled: Float64Array; flagged: boolean[] } {
  // Only the BLUP model's residuals are needed here: the BLUE model is fitted once, without the outliers.
  const blup = fitBlupModel(trialDesign(plots, design));
  const sigma = Math.sqrt(blup.sigma2);
  const scaled = Float64Array.from(blup.residuals, (value) => value / sigma);
  if (method === 'none') return { scaled, flagged: plots.map(() => false) };
  if (method === 'studentized_residuals') return { scaled, flagged: Array.from(scaled, (value) => Math.abs(value) > threshold) };
  const sorted = [...scaled].sort((a, b) => a - b);
  const quantile = (p: number) => {
    // R's type 7.
    const h = (sorted.length - 1) * p;
    const low = Math.floor(h);
    return sorted[low]! + (h - low) * ((sorted[Math.min(low + 1, sorted.length - 1)] ?? sorted[low]!) - sorted[low]!);
  };
  const q1 = quantile(0.25);
  const q3 = quantile(0.75);
  const iqr = q3 - q1;
  return { scaled, flagged: Array.from(scaled, (value) => value < q1 - threshold * iqr || value > q3 + threshold * iqr) };
}

export async function run(context: LocalContext<Params>): Promise<void> {
  const { params } = context;
  const file = path.resolve(params.input);
  const { records, traits, design } = await context.task('READ_TRIAL', path.basename(file), () => {
    const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { header: true, skipEmptyLines: true, transformHeader: (header) => header.trim() });
    const fields = parsed.meta.fields ?? [];
    for (const [what, column] of [
      ['accession_column', params.accession_column],
      ['environment_column', params.environment_column],
    ] as const) {
      if (!fields.includes(column)) throw new Error(`${path.basename(file)} has no column ${column} (${what}); its columns are ${fields.join(', ')}. Set ${what} to the right one.`);
    }
    const hasReps = fields.includes(params.replicate_column);
    if (!hasReps) context.log(`No ${params.replicate_column} column: replicates are not modelled.`);
    const design = [params.accession_column, params.environment_column, params.replicate_column];
    const asked = commaList(params.traits);
    for (const trait of asked) if (!fields.includes(trait)) throw new Error(`${path.basename(file)} has no trait column ${trait}; its columns are ${fields.join(', ')}.`);
    const numeric = fields.filter((field) => !design.includes(field) && isNumericColumn(parsed.data, field));
    // Unnamed, the traits are the numeric columns that are not a plot's layout (rowNumber, blockNumber) or an identifier (germplasmDbId).
    const traits = asked.length > 0 ? asked : numeric.filter((field) => !/^(plot|row|col|column|block|id)$/i.test(field) && !isTrialDesignColumn(field));
    const notNumeric = traits.filter((trait) => !numeric.includes(trait));
    if (notNumeric.length > 0) throw new Error(`${notNumeric.join(', ')} ${notNumeric.length === 1 ? 'has' : 'have'} values that are not numbers; a trait column holds numbers (or NA).`);
    if (traits.length === 0) throw new Error(`${path.basename(file)} has no numeric trait column besides the design columns.`);
    const levels = (column: string) => [...new Set(parsed.data.map((row) => (row[column] ?? '').trim()))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const result = { accessions: levels(params.accession_column), environments: levels(params.environment_column), reps: hasReps ? levels(params.replicate_column) : ['1'] };
    context.log(
      `${counted(parsed.data.length, 'plot')}: ${counted(result.accessions.length, 'accession')}, ${counted(result.environments.length, 'environment')}, ${counted(result.reps.length, 'replicate level')}; traits: ${traits.join(', ')}.`,
    );
    return { records: parsed.data, traits, design: result };
  });

  const outDir = path.join(context.outdir, 'phenomix');
  fs.mkdirSync(outDir, { recursive: true });
  const blueRows = ['accession,trait,blue,blup'];
  const varianceRows = ['trait,component,variance'];
  const heritabilityRows = ['trait,h2_cullis,h2_standard,environments,mean_replicates'];
  const outlierRows = ['row,accession,environment,rep,trait,value,scaled_residual,flagged'];
  const summary: Record<string, unknown> = {};
  for (const trait of traits) {
    await context.task('MIXED_MODEL', trait, () => {
      const index = (column: string, names: string[], row: Record<string, string>) => names.indexOf((row[column] ?? '').trim());
      const plots: Plot[] = records.flatMap((row, position) =>
        isMissing(row[trait])
          ? []
          : [
              {
                row: position + 2,
                accession: index(params.accession_column, design.accessions, row),
                environment: index(params.environment_column, design.environments, row),
                rep: Math.max(0, index(params.replicate_column, design.reps, row)),
                value: Number(row[trait]),
              },
            ],
      );
      const { scaled, flagged } = flagOutliers(plots, design, params.outlier_method, params.outlier_threshold);
      for (const [k, plot] of plots.entries()) {
        if (params.outlier_method === 'none' && !flagged[k]) continue;
        if (!flagged[k] && Math.abs(scaled[k]!) <= 2) continue;
        outlierRows.push([plot.row, design.accessions[plot.accession], design.environments[plot.environment], design.reps[plot.rep], trait, plot.value, format(scaled[k]!), flagged[k]].join(','));
      }
      const kept = plots.filter((_, k) => !flagged[k]);
      const fit = fitTrait(kept, design);
      for (const [k, name] of fit.accessions.entries()) blueRows.push([name, trait, format(fit.blues[k]!), format(fit.blups[k]!)].join(','));
      for (const [component, value] of Object.entries(fit.variance)) varianceRows.push([trait, component, format(value)].join(','));
      const environments = new Set(kept.map((plot) => plot.environment)).size;
      if (params.heritability) heritabilityRows.push([trait, format(fit.cullis), format(fit.standard), environments, format(kept.length / (fit.accessions.length * environments))].join(','));
      summary[trait] = {
        plots: plots.length,
        outliers: flagged.filter(Boolean).length,
        terms: fit.terms,
        variance: fit.variance,
        heritability: params.heritability ? { cullis: fit.cullis, standard: fit.standard } : null,
        remlCriterion: fit.reml,
      };
      context.log(
        `${trait}: ${flagged.filter(Boolean).length} outlier(s) of ${plots.length} plots left out; σ²: ${Object.entries(fit.variance)
          .map(([component, value]) => `${component} ${format(value)}`)
          .join(', ')}${params.heritability ? `; H² (Cullis) ${fit.cullis.toFixed(3)}, standard ${fit.standard.toFixed(3)}` : ''}.`,
      );
    });
  }
  await context.task('WRITE_RESULTS', null, () => {
    const write = (name: string, lines: string[]) => fs.writeFileSync(path.join(outDir, name), `${lines.join('\n')}\n`);
    // A phenotype CSV (id column) per trait, ready for GDIP or Auto Train: the BLUEs.
    const ids = [...new Set(blueRows.slice(1).map((line) => line.split(',')[0]!))];
    write('blues.csv', [`id,${traits.join(',')}`, ...ids.map((id) => [id, ...traits.map((trait) => blueRows.find((line) => line.startsWith(`${id},${trait},`))?.split(',')[2] ?? 'NA')].join(','))]);
    write('blues_blups_long.csv', blueRows);
    write('variance_components.csv', varianceRows);
    if (params.heritability) write('heritability.csv', heritabilityRows);
    write('outliers.csv', outlierRows);
    write('summary.json', [JSON.stringify({ method: { outliers: params.outlier_method, threshold: params.outlier_threshold }, traits: summary }, null, 2)]);
  });
}
