/**
 * The outer cross-validation's splits of one trait's records: drawn from the seed (k folds of the
 * individuals, a new draw per repeat, as GDIP draws them), or read from a frozen folds file, whose
 * training and test sets are taken exactly as written.
 */
import type { CvFolds } from '../../../src/contract/cv-folds.ts';
import { foldSplits, seededFolds } from '../../_shared/stats.ts';
import { recordKey, type TraitRecords } from './records.ts';
import type { Split } from './selection.ts';

export interface OuterFold extends Split {
  /** 1-based, as written. */
  repeat: number;
  fold: number;
}

/**
 * Seeded folds: the individuals in `folds` folds from seed + repeat (a record is held out with its
 * individual, so an individual is never both trained on and predicted).
 */
export function seededDesign(records: TraitRecords, folds: number, repeats: number, seed: number): OuterFold[] {
  return Array.from({ length: repeats }, (_, repeat) => {
    const lineFold = seededFolds(records.ids.length, folds, seed + repeat);
    const recordFold = Int32Array.from(records.line, (line) => lineFold[line]!);
    return foldSplits(recordFold, folds).map((split, fold) => ({ ...split, repeat: repeat + 1, fold: fold + 1 }));
  }).flat();
}

/**
 * The folds file's splits over this trait's records: a record of the file the trait has no value
 * (or no genotypes) for takes no part. `skipped` lists the folds left with no test record.
 */
export function fileDesign(records: TraitRecords, cvFolds: CvFolds): { outer: OuterFold[]; skipped: string[] } {
  const index = new Map<string, number>();
  for (let record = 0; record < records.y.length; record += 1) index.set(recordKey(records.ids[records.line[record]!]!, records.environment[record]!), record);
  const positions = (list: Array<{ id: string; environment: string }>) =>
    list
      .map((record) => index.get(recordKey(record.id, record.environment)))
      .filter((position): position is number => position !== undefined)
      .sort((a, b) => a - b);
  const outer: OuterFold[] = [];
  const skipped: string[] = [];
  for (const split of cvFolds.splits) {
    const train = positions(split.train);
    const test = positions(split.test);
    if (test.length === 0) skipped.push(`repeat ${split.repeat}, fold ${split.fold}`);
    else outer.push({ repeat: split.repeat, fold: split.fold, train, test });
  }
  return { outer, skipped };
}
