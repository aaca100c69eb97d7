/**
 * GDIP's cross-validation: its splits, drawn from the seed (CV1: the lines in `cv_folds` folds, a
 * new draw per repeat from seed + repeat − 1) or read from a frozen folds file (`cv_folds_file`,
 * taken exactly as written), and the model fitted on each split's training records alone.
 *
 * Each fit has two stages, both on the training records: the environments' effects by least
 * squares (none without environments), then the genomic model (predictor.ts: markers, fills,
 * centring, covariates and λ all learned there) on the lines' environment-adjusted means. A test
 * record is predicted as the fixed effects, plus its environment's effect when training saw that
 * environment (CV0 and CV00 test environments it never saw: none), plus its line's GEBV.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type CvFolds, CvFoldsError, type CvRecord, type CvScheme, checkFoldsAgainst, describeFolds, parseFolds } from '../../../src/contract/cv-folds.ts';
import { environmentStage, foldSplits, seededFolds } from '../../_shared/stats.ts';
import type { TraitRecords } from './phenotypes.ts';
import { fitOnTraining, type PredictionSettings, type TraitData } from './predictor.ts';

export interface CvDesign {
  scheme: CvScheme;
  folds: number;
  repeats: number;
  /** The frozen folds, or null for folds drawn from the seed. */
  file: CvFolds | null;
  description: string;
}

interface CvParams {
  cv_folds: number;
  cv_repeats?: number;
  cv_folds_file?: string;
  seed: number;
}

/** The folds a run uses, refusing a folds file that names records the phenotypes lack, or splits by environment when they have none. */
export function cvDesign(params: CvParams, records: CvRecord[]): CvDesign {
  const repeats = params.cv_repeats ?? 1;
  if (!params.cv_folds_file) {
    return {
      scheme: 'CV1',
      folds: params.cv_folds,
      repeats,
      file: null,
      description: `Folds drawn from seed ${params.seed}: the lines in ${params.cv_folds} folds (CV1)${repeats > 1 ? ` × ${repeats} repeats, repeat r from seed + r − 1` : ''}; give cv_folds_file for another scheme.`,
    };
  }
  const file = path.resolve(params.cv_folds_file);
  const name = path.basename(file);
  if (!fs.existsSync(file)) throw new Error(`The folds file ${file} does not exist.`);
  try {
    const cvFolds = parseFolds(fs.readFileSync(file, 'utf8'));
    checkFoldsAgainst(cvFolds, records);
    return {
      scheme: cvFolds.scheme,
      folds: cvFolds.folds,
      repeats: cvFolds.repeats,
      file: cvFolds,
      description: `Folds from ${name} (${describeFolds(cvFolds, records)}), in place of cv_folds, cv_repeats and seed.`,
    };
  } catch (error) {
    throw error instanceof CvFoldsError ? new Error(`${name}: ${error.message}`) : error;
  }
}

/** A split over one trait's records (positions in its record arrays, ascending); repeat and fold from 1. */
export interface RecordSplit {
  repeat: number;
  fold: number;
  train: number[];
  test: number[];
}

const key = (id: string, environment: string) => `${id}\u0000${environment}`;

/** The trait's splits, and the folds left out because the trait has no test (or no training) record in them. */
export function traitSplits(design: CvDesign, records: TraitRecords, seed: number): { splits: RecordSplit[]; skipped: string[] } {
  if (!design.file) {
    const splits = Array.from({ length: design.repeats }, (_, index) => {
      const lineFold = seededFolds(records.ids.length, design.folds, seed + index);
      const recordFold = Int32Array.from(records.line, (line) => lineFold[line]!);
      return foldSplits(recordFold, design.folds).map((split, fold) => ({ ...split, repeat: index + 1, fold: fold + 1 }));
    }).flat();
    return { splits, skipped: [] };
  }
  const position = new Map<string, number>();
  for (let record = 0; record < records.y.length; record += 1) position.set(key(records.ids[records.line[record]!]!, records.environment[record]!), record);
  const positions = (list: CvRecord[]) =>
    list
      .map((record) => position.get(key(record.id, record.environment)))
      .filter((at): at is number => at !== undefined)
      .sort((a, b) => a - b);
  const splits: RecordSplit[] = [];
  const skipped: string[] = [];
  for (const split of design.file.splits) {
    const train = positions(split.train);
    const test = positions(split.test);
    if (test.length === 0 || train.length === 0) skipped.push(`repeat ${split.repeat}, fold ${split.fold}`);
    else splits.push({ repeat: split.repeat, fold: split.fold, train, test });
  }
  return { splits, skipped };
}

/** A model on the lines fitted from some records: the environments' effects, then the genomic model on the adjusted means. */
export function fitRecords(data: TraitData, records: TraitRecords, settings: PredictionSettings, training: number[]) {
  const stage = environmentStage(records, training);
  const predictor = fitOnTraining({ ...data, y: stage.target }, settings, stage.lines);
  return {
    stage,
    predictor,
    /** A record's prediction: fixed effects, its environment's effect (0 when training never saw it) and its line's GEBV. */
    predict(record: number) {
      const { fixed, genetic } = predictor.predict(records.line[record]!);
      const environmentEffect = stage.effects.get(records.environment[record]!);
      const known = environmentEffect !== undefined;
      return { fixed: fixed + (environmentEffect ?? 0), genetic, predicted: fixed + (environmentEffect ?? 0) + genetic, seenEnvironment: known };
    },
  };
}

export interface SplitResult {
  split: RecordSplit;
  lambda: number;
  /** Per test record (ascending): its prediction, GEBV and value less the fixed and environment effects. */
  test: Array<{ record: number; predicted: number; genetic: number; adjusted: number }>;
  /** Test records in environments training never saw. */
  unseenEnvironment: number;
}

/** Fits each split on its training records and predicts its test records. */
export function crossValidate(data: TraitData, records: TraitRecords, settings: PredictionSettings, splits: RecordSplit[]): SplitResult[] {
  return splits.map((split) => {
    const fit = fitRecords(data, records, settings, split.train);
    let unseenEnvironment = 0;
    const test = split.test.map((record) => {
      const prediction = fit.predict(record);
      if (!prediction.seenEnvironment) unseenEnvironment += 1;
      return { record, predicted: prediction.predicted, genetic: prediction.genetic, adjusted: records.y[record]! - prediction.fixed };
    });
    return { split, lambda: fit.predictor.lambda, test, unseenEnvironment };
  });
}
