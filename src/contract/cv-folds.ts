/**
 * Frozen cross-validation folds of a prediction dataset: the field's four schemes (Burgueño et al.
 * 2012; Jarquín et al. 2017; Persa et al. 2020 for CV00) drawn once from a seed and written as a
 * CSV any method or tool can read (`scheme,repeat,fold,id,environment,set`, one row per repeat,
 * fold and record in that fold's training or test set). Zod-free, so that the server, the console
 * and the pipelines read the file the same way; the pipelines' seeded generator lives here too,
 * so a pipeline's own folds and a folds file come from the same draws.
 *
 * - CV1 (new lines): lines in k folds; a test fold holds every record of its lines.
 * - CV2 (lines tested in some environments, predicted in others): records in k folds.
 * - CV0 (new environments): environments in k folds; a test fold holds every record of its environments.
 * - CV00 (new lines in new environments): lines and environments each in k folds; fold f tests the
 *   records of fold-f lines in fold-f environments and trains on the other lines in the other
 *   environments (the records of test lines elsewhere and of other lines in test environments are in neither set).
 *
 * Repeat r draws from seed + r − 1.
 */

import { counted, firstFew } from './wording.ts';

export const CV_SCHEMES = ['CV1', 'CV2', 'CV0', 'CV00'] as const;
export type CvScheme = (typeof CV_SCHEMES)[number];

export const CV_SCHEME_LABELS: Record<CvScheme, string> = {
  CV1: 'CV1: new lines',
  CV2: 'CV2: lines tested in some environments, predicted in others',
  CV0: 'CV0: new environments',
  CV00: 'CV00: new lines in new environments',
};

/** The folds file's columns, in order. */
export const CV_FOLDS_COLUMNS = ['scheme', 'repeat', 'fold', 'id', 'environment', 'set'] as const;

/** An observation's line and environment ('' for single-environment data). */
export interface CvRecord {
  id: string;
  environment: string;
}

export interface CvSplit {
  /** 1..repeats and 1..folds, as in the file. */
  repeat: number;
  fold: number;
  /** Sorted by id, then environment. */
  train: CvRecord[];
  test: CvRecord[];
}

export interface CvFolds {
  scheme: CvScheme;
  folds: number;
  repeats: number;
  /** Sorted by repeat, then fold. */
  splits: CvSplit[];
}

export interface CvOptions {
  scheme: CvScheme;
  folds: number;
  repeats: number;
  seed: number;
}

/** What Register Prediction Data proposes: CV1, five folds, once, seed 42. */
export const DEFAULT_CROSS_VALIDATION: CvOptions = { scheme: 'CV1', folds: 5, repeats: 1, seed: 42 };

/** A problem a person can fix; `field` names the option (or the file) it is about. */
export class CvFoldsError extends Error {
  readonly field: keyof CvOptions | 'records' | 'file';
  constructor(field: CvFoldsError['field'], message: string) {
    super(message);
    this.name = 'CvFoldsError';
    this.field = field;
  }
}

/** A seeded pseudo-random generator (mulberry32), so a run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffle drawing from `random`. */
export function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** k folds of `count` items drawn from `random`: a shuffle, then position modulo k (the fold of each index, from 0). */
export function foldsFrom(count: number, folds: number, random: () => number): Int32Array {
  const fold = new Int32Array(count);
  for (const [position, index] of shuffled([...Array(count).keys()], random).entries()) fold[index] = position % folds;
  return fold;
}

/** k folds of `count` individuals from a seed: the folds GDIP, Auto Train and CV1's files draw. */
export const seededFolds = (count: number, folds: number, seed: number) => foldsFrom(count, folds, seededRandom(seed));

export const needsEnvironments = (scheme: CvScheme) => scheme !== 'CV1';

/** The most rows a folds file is drawn with (about 300 MB). */
export const MAX_FOLD_ROWS = 10_000_000;

const recordKey = (record: CvRecord) => `${record.id}\u0000${record.environment}`;
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byRecord = (a: CvRecord, b: CvRecord) => byText(a.id, b.id) || byText(a.environment, b.environment);
const unique = <T>(values: Iterable<T>) => [...new Set(values)];
const numberText = (value: number) => value.toLocaleString('en-US');

/** The records once each, in the order first met, with their lines and environments. */
export function describeRecords(records: Iterable<CvRecord>) {
  const seen = new Map<string, CvRecord>();
  for (const record of records) {
    const clean = { id: record.id.trim(), environment: record.environment.trim() };
    if (clean.id && !seen.has(recordKey(clean))) seen.set(recordKey(clean), clean);
  }
  const list = [...seen.values()];
  return {
    records: list,
    lines: unique(list.map((record) => record.id)),
    environments: unique(list.map((record) => record.environment).filter(Boolean)),
    withoutEnvironment: list.filter((record) => !record.environment).length,
  };
}

/** Why these records cannot be split this way, or null: the messages a person meets on the registration form. */
export function foldsProblem(records: Iterable<CvRecord>, options: CvOptions): CvFoldsError | null {
  const { scheme, folds, repeats, seed } = options;
  if (!CV_SCHEMES.includes(scheme)) return new CvFoldsError('scheme', `Unknown cross-validation scheme ${JSON.stringify(scheme)}; choose one of ${CV_SCHEMES.join(', ')}.`);
  if (!Number.isInteger(folds) || folds < 2) return new CvFoldsError('folds', `Folds must be a whole number of at least 2 (got ${folds}).`);
  if (!Number.isInteger(repeats) || repeats < 1 || repeats > 100) return new CvFoldsError('repeats', `Repeats must be a whole number from 1 to 100 (got ${repeats}).`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2 ** 31 - 1) return new CvFoldsError('seed', `The seed must be a whole number from 0 to 2,147,483,647 (got ${seed}).`);
  const described = describeRecords(records);
  if (described.records.length === 0) return new CvFoldsError('records', 'The phenotypes have no observed values to split into folds; register phenotypes with at least one value.');
  if (needsEnvironments(scheme)) {
    if (described.environments.length === 0)
      return new CvFoldsError(
        'scheme',
        `${scheme} splits by environment, and these phenotypes name none (a wide table, or a long one with an empty environment column). Choose CV1, or register long phenotypes (id,trait,observed,environment) with each value's environment.`,
      );
    if (described.withoutEnvironment > 0)
      return new CvFoldsError(
        'scheme',
        `${scheme} splits by environment, and ${counted(described.withoutEnvironment, 'record')} of the phenotypes ${described.withoutEnvironment === 1 ? 'has' : 'have'} no environment (${firstFew(described.records.filter((record) => !record.environment).map((record) => record.id))}); give every value its environment, or choose CV1.`,
      );
    if (described.environments.length < 2)
      return new CvFoldsError('scheme', `${scheme} needs records in at least 2 environments, and these phenotypes have 1 (${described.environments[0]}); choose CV1.`);
  }
  const counts = { CV1: ['line', described.lines.length], CV2: ['record', described.records.length], CV0: ['environment', described.environments.length] } as const;
  const limits: Array<readonly [string, number]> = scheme === 'CV00' ? [counts.CV1, counts.CV0] : [counts[scheme]];
  for (const [unit, count] of limits) {
    if (folds > count) return new CvFoldsError('folds', `${scheme} splits ${unit}s into folds, and the phenotypes have ${counted(count, unit)}: choose at most ${numberText(count)} folds.`);
  }
  // One row per record, repeat and fold: the file must stay a size a browser, R and a string can hold.
  const rows = described.records.length * folds * repeats;
  if (rows > MAX_FOLD_ROWS)
    return new CvFoldsError(
      'repeats',
      `${folds} folds × ${counted(repeats, 'repeat')} over ${counted(described.records.length, 'record')} would write ${numberText(rows)} rows (one per record, repeat and fold), more than the ${numberText(MAX_FOLD_ROWS)} a folds file holds; choose fewer repeats or folds.`,
    );
  return null;
}

/** The splits of every repeat and fold (throws a CvFoldsError for records that cannot be split so). */
export function makeFolds(records: Iterable<CvRecord>, options: CvOptions): CvFolds {
  const list = [...records];
  const problem = foldsProblem(list, options);
  if (problem) throw problem;
  const { scheme, folds, repeats, seed } = options;
  const { records: unique, lines, environments } = describeRecords(list);
  const lineIndex = new Map(lines.map((line, index) => [line, index]));
  const environmentIndex = new Map(environments.map((environment, index) => [environment, index]));
  const splits: CvSplit[] = [];
  for (let repeat = 1; repeat <= repeats; repeat += 1) {
    const random = seededRandom(seed + repeat - 1);
    // Fold (from 0) of each record in the test set, and whether a record may train fold f.
    let testFold: (record: CvRecord, index: number) => number;
    let trains: (record: CvRecord, index: number, fold: number) => boolean = (record, index, fold) => testFold(record, index) !== fold;
    if (scheme === 'CV1') {
      const lineFold = foldsFrom(lines.length, folds, random);
      testFold = (record) => lineFold[lineIndex.get(record.id)!]!;
    } else if (scheme === 'CV2') {
      const recordFold = foldsFrom(unique.length, folds, random);
      testFold = (_, index) => recordFold[index]!;
    } else if (scheme === 'CV0') {
      const environmentFold = foldsFrom(environments.length, folds, random);
      testFold = (record) => environmentFold[environmentIndex.get(record.environment)!]!;
    } else {
      const lineFold = foldsFrom(lines.length, folds, random);
      const environmentFold = foldsFrom(environments.length, folds, random);
      const foldsOf = (record: CvRecord) => [lineFold[lineIndex.get(record.id)!]!, environmentFold[environmentIndex.get(record.environment)!]!] as const;
      testFold = (record) => {
        const [line, environment] = foldsOf(record);
        return line === environment ? line : -1;
      };
      trains = (record, _, fold) => {
        const [line, environment] = foldsOf(record);
        return line !== fold && environment !== fold;
      };
    }
    for (let fold = 0; fold < folds; fold += 1) {
      const split: CvSplit = { repeat, fold: fold + 1, train: [], test: [] };
      for (const [index, record] of unique.entries()) {
        if (testFold(record, index) === fold) split.test.push(record);
        else if (trains(record, index, fold)) split.train.push(record);
      }
      split.train.sort(byRecord);
      split.test.sort(byRecord);
      // Only CV00 can leave a set empty: no fold-f line observed in a fold-f environment, or none outside both.
      for (const set of ['test', 'train'] as const) {
        if (split[set].length === 0)
          throw new CvFoldsError(
            'folds',
            `${scheme} fold ${fold + 1} of repeat ${repeat} has no ${set === 'test' ? 'test records (none of its lines was observed in its environments)' : 'training records (no other line was observed in another environment)'}; choose fewer folds or another seed.`,
          );
      }
      splits.push(split);
    }
  }
  return { scheme, folds, repeats, splits };
}

/** A cell as RFC 4180 quotes it. Ids are written as they are (no spreadsheet-formula quote), so they match the phenotypes in R. */
const cell = (text: string | number) => (typeof text === 'string' && /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : String(text));

/** The folds file: header, then rows by repeat, fold, set (test first), id and environment. */
export function foldsCsv(cvFolds: CvFolds): string {
  const lines = [CV_FOLDS_COLUMNS.join(',')];
  for (const { repeat, fold, train, test } of cvFolds.splits) {
    for (const [set, records] of [
      ['test', test],
      ['train', train],
    ] as const) {
      for (const record of records) lines.push([cvFolds.scheme, repeat, fold, cell(record.id), cell(record.environment), set].join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * RFC 4180 rows (quoted cells with doubled quotes, CRLF or LF), empty lines skipped. Written here
 * rather than taken from papaparse so that the schemes (imported by the console's benchmark forms)
 * bring no parser to their first load.
 */
function* csvRows(text: string): Generator<string[]> {
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end > start && text[end - 1] === '\r' ? end - 1 : end);
    if (!line.includes('"')) {
      if (line !== '') yield line.split(',');
      start = end + 1;
      continue;
    }
    // A quoted cell, which may hold commas, doubled quotes and line breaks: read character by character.
    const row: string[] = [];
    let cell = '';
    let quoted = false;
    let index = start;
    for (; index < text.length; index += 1) {
      const char = text[index]!;
      if (quoted) {
        if (char !== '"') cell += char;
        else if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else if (char === '"') quoted = true;
      else if (char === ',') {
        row.push(cell);
        cell = '';
      } else if (char === '\n') break;
      else if (char !== '\r') cell += char;
    }
    row.push(cell);
    yield row;
    start = index + 1;
  }
}

const wholeNumber = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

/** Reads a folds file back into its splits, refusing one that breaks the format or its scheme's rule. */
export function parseFolds(text: string): CvFolds {
  const rows = csvRows(text.replace(/^\uFEFF/, ''));
  const header = rows.next().value as string[] | undefined;
  const expected = CV_FOLDS_COLUMNS.join(',');
  if (!header || header.map((name) => name.trim()).join(',') !== expected)
    throw new CvFoldsError(
      'file',
      `A folds file starts with the header ${expected} (found: ${header?.join(',') ?? 'nothing'}); make it with Register Prediction Data or write those columns in that order.`,
    );
  let scheme: CvScheme | null = null;
  const byRepeatFold = new Map<string, CvSplit>();
  // Rows come sorted by repeat and fold, so consecutive rows share their split.
  let current: CvSplit | undefined;
  let line = 1;
  for (const row of rows) {
    line += 1;
    if (row.length !== CV_FOLDS_COLUMNS.length) throw new CvFoldsError('file', `Row ${line} of the folds file has ${row.length} cells; each row has ${CV_FOLDS_COLUMNS.length} (${expected}).`);
    const [rowScheme = '', repeatText = '', foldText = '', id = '', environment = '', set = ''] = row;
    if (scheme === null) {
      scheme = rowScheme.trim() as CvScheme;
      if (!CV_SCHEMES.includes(scheme)) throw new CvFoldsError('file', `The folds file's scheme ${JSON.stringify(scheme)} is none of ${CV_SCHEMES.join(', ')}.`);
    }
    if (rowScheme.trim() !== scheme)
      throw new CvFoldsError('file', `A folds file holds one scheme, and this one names ${scheme} and ${rowScheme.trim() || 'none'} (row ${line}); keep one scheme per file.`);
    const repeat = wholeNumber(repeatText.trim());
    const fold = wholeNumber(foldText.trim());
    if (!(repeat >= 1) || !(fold >= 1))
      throw new CvFoldsError('file', `Row ${line} of the folds file has repeat ${JSON.stringify(repeatText)} and fold ${JSON.stringify(foldText)}; both are whole numbers from 1.`);
    if (set !== 'train' && set !== 'test') throw new CvFoldsError('file', `Row ${line} of the folds file has set ${JSON.stringify(set)}; it is train or test.`);
    if (!id) throw new CvFoldsError('file', `Row ${line} of the folds file has no id.`);
    if (needsEnvironments(scheme) && !environment) throw new CvFoldsError('file', `Row ${line} of the folds file has no environment, and ${scheme} splits by environment.`);
    if (!current || current.repeat !== repeat || current.fold !== fold) {
      const splitKey: string = `${repeat},${fold}`;
      const split: CvSplit = byRepeatFold.get(splitKey) ?? { repeat, fold, train: [], test: [] };
      byRepeatFold.set(splitKey, split);
      current = split;
    }
    current[set].push({ id, environment });
  }
  if (scheme === null) throw new CvFoldsError('file', 'The folds file has a header and no rows; it needs one row per repeat, fold and record.');
  const splits = [...byRepeatFold.values()].sort((a, b) => a.repeat - b.repeat || a.fold - b.fold);
  const repeats = Math.max(...splits.map((split) => split.repeat));
  const folds = Math.max(...splits.map((split) => split.fold));
  if (splits.length !== repeats * folds)
    throw new CvFoldsError(
      'file',
      `The folds file has ${counted(splits.length, 'repeat and fold', 'repeats and folds')} where ${repeats} repeats × ${folds} folds need ${repeats * folds}; every repeat has folds 1 to ${folds}.`,
    );
  for (const split of splits) {
    if (split.test.length === 0) throw new CvFoldsError('file', `Repeat ${split.repeat}, fold ${split.fold} of the folds file has no test records.`);
    if (split.train.length === 0) throw new CvFoldsError('file', `Repeat ${split.repeat}, fold ${split.fold} of the folds file has no training records.`);
    split.train.sort(byRecord);
    split.test.sort(byRecord);
    const twice = repeatedRecord(split);
    if (twice)
      throw new CvFoldsError(
        'file',
        `Repeat ${split.repeat}, fold ${split.fold} of the folds file lists ${twice.id}${twice.environment ? ` in ${twice.environment}` : ''} twice; a record is in one set of a fold once.`,
      );
    const leak = schemeLeak(scheme, split);
    if (leak) throw new CvFoldsError('file', `Repeat ${split.repeat}, fold ${split.fold} of the folds file ${leak}, which ${scheme} keeps apart.`);
  }
  return { scheme, folds, repeats, splits };
}

/** A record a split lists twice (in one set, or in both), walking its two sorted sets; or null. */
function repeatedRecord(split: CvSplit): CvRecord | null {
  for (const set of [split.train, split.test]) for (let index = 1; index < set.length; index += 1) if (byRecord(set[index - 1]!, set[index]!) === 0) return set[index]!;
  for (let train = 0, test = 0; train < split.train.length && test < split.test.length; ) {
    const order = byRecord(split.train[train]!, split.test[test]!);
    if (order === 0) return split.test[test]!;
    if (order < 0) train += 1;
    else test += 1;
  }
  return null;
}

/** What of a split's test set its training set holds against the scheme's rule, or null. */
function schemeLeak(scheme: CvScheme, split: CvSplit): string | null {
  const testLines = new Set(split.test.map((record) => record.id));
  const testEnvironments = new Set(split.test.map((record) => record.environment));
  if (scheme === 'CV1' || scheme === 'CV00') {
    const line = split.train.find((record) => testLines.has(record.id));
    if (line) return `trains on line ${line.id}, which it also tests`;
  }
  if (scheme === 'CV0' || scheme === 'CV00') {
    const environment = split.train.find((record) => testEnvironments.has(record.environment));
    if (environment) return `trains in environment ${environment.environment}, where it also tests`;
  }
  return null;
}

/** Refuses folds naming records the phenotypes do not have, so that a method never trains or tests on nothing. */
export function checkFoldsAgainst(cvFolds: CvFolds, records: Iterable<CvRecord>): void {
  const { records: known, environments } = describeRecords(records);
  if (needsEnvironments(cvFolds.scheme) && environments.length === 0)
    throw new CvFoldsError(
      'file',
      `The folds are ${cvFolds.scheme}, which splits by environment, and the phenotypes name no environment; give long phenotypes (id,trait,observed,environment) or CV1 folds.`,
    );
  const keys = new Set(known.map(recordKey));
  const missing = new Map<string, CvRecord>();
  for (const split of cvFolds.splits) for (const record of [...split.test, ...split.train]) if (!keys.has(recordKey(record))) missing.set(recordKey(record), record);
  if (missing.size > 0) {
    const named = [...missing.values()].map((record) => (record.environment ? `${record.id} in ${record.environment}` : record.id));
    throw new CvFoldsError(
      'file',
      `The folds file names ${counted(missing.size, 'record')} the phenotypes do not have (${firstFew(named)}); use the folds made from these phenotypes (the prediction dataset's folds file), or make new ones from them.`,
    );
  }
}

/** The folds' facts in a sentence: "CV2: 5 folds × 2 repeats over 1,440 records of 480 lines in 3 environments". */
export function describeFolds(cvFolds: CvFolds, phenotypeRecords?: Iterable<CvRecord>): string {
  // CV00 leaves some records out of every fold, so the phenotypes count them when they are at hand.
  const records = describeRecords(phenotypeRecords ?? cvFolds.splits.flatMap((split) => [...split.test, ...split.train]));
  const where = records.environments.length > 0 ? ` in ${counted(records.environments.length, 'environment')}` : '';
  return `${cvFolds.scheme}: ${counted(cvFolds.folds, 'fold')} × ${counted(cvFolds.repeats, 'repeat')} over ${counted(records.records.length, 'record')} of ${counted(records.lines.length, 'line')}${where}`;
}
