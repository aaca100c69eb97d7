import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CvFolds, type CvRecord, CV_SCHEMES, checkFoldsAgainst, CvFoldsError, describeFolds, foldsCsv, foldsProblem, makeFolds, parseFolds, seededFolds } from './cv-folds';

/** 24 lines in 4 environments, unbalanced: line i is missing from environment i mod 5 (none for i mod 5 = 4). */
const lines = Array.from({ length: 24 }, (_, index) => `L${String(index + 1).padStart(2, '0')}`);
const environments = ['E1', 'E2', 'E3', 'E4'];
const multiEnvironment: CvRecord[] = lines.flatMap((id, index) => environments.filter((_, e) => e !== index % 5).map((environment) => ({ id, environment })));
const singleEnvironment: CvRecord[] = lines.map((id) => ({ id, environment: '' }));

const key = (record: CvRecord) => `${record.id}|${record.environment}`;
const keys = (records: CvRecord[]) => new Set(records.map(key));

/** How many times each record is tested in each repeat. */
function testedCounts(cvFolds: CvFolds) {
  const counts = new Map<string, number>();
  for (const split of cvFolds.splits) for (const record of split.test) counts.set(`${split.repeat}|${key(record)}`, (counts.get(`${split.repeat}|${key(record)}`) ?? 0) + 1);
  return counts;
}

function expectEveryRecordTestedOnce(cvFolds: CvFolds, records: CvRecord[]) {
  const counts = testedCounts(cvFolds);
  for (let repeat = 1; repeat <= cvFolds.repeats; repeat += 1) for (const record of records) expect(counts.get(`${repeat}|${key(record)}`), `${key(record)} in repeat ${repeat}`).toBe(1);
  expect(counts.size).toBe(records.length * cvFolds.repeats);
}

describe('each scheme keeps its definition', () => {
  const options = { folds: 4, repeats: 3, seed: 11 };

  it('CV1: no test line trains, every record is tested once per repeat, and training holds every other record', () => {
    const cvFolds = makeFolds(multiEnvironment, { scheme: 'CV1', ...options });
    expect(cvFolds.splits).toHaveLength(12);
    for (const split of cvFolds.splits) {
      const testLines = new Set(split.test.map((record) => record.id));
      expect(split.train.some((record) => testLines.has(record.id))).toBe(false);
      expect(split.test.length + split.train.length).toBe(multiEnvironment.length);
      // A test line brings all its records.
      for (const line of testLines) expect(split.test.filter((record) => record.id === line)).toHaveLength(multiEnvironment.filter((record) => record.id === line).length);
    }
    expectEveryRecordTestedOnce(cvFolds, multiEnvironment);
  });

  it('CV2: every test record’s line trains in its other environments, and every record is tested once per repeat', () => {
    const cvFolds = makeFolds(multiEnvironment, { scheme: 'CV2', ...options });
    let seenElsewhere = 0;
    for (const split of cvFolds.splits) {
      const test = keys(split.test);
      const train = keys(split.train);
      for (const record of split.test) {
        const others = multiEnvironment.filter((other) => other.id === record.id && other.environment !== record.environment && !test.has(key(other)));
        for (const other of others) expect(train.has(key(other))).toBe(true);
        if (others.length > 0) seenElsewhere += 1;
      }
      expect(split.test.length + split.train.length).toBe(multiEnvironment.length);
    }
    // Lines are split across environments, not held out whole.
    expect(seenElsewhere).toBeGreaterThan(0.9 * multiEnvironment.length * options.repeats);
    expectEveryRecordTestedOnce(cvFolds, multiEnvironment);
  });

  it('CV0: no test environment trains, and every record is tested once per repeat', () => {
    const cvFolds = makeFolds(multiEnvironment, { scheme: 'CV0', ...options });
    for (const split of cvFolds.splits) {
      const testEnvironments = new Set(split.test.map((record) => record.environment));
      expect(testEnvironments.size).toBe(1);
      expect(split.train.some((record) => testEnvironments.has(record.environment))).toBe(false);
      expect(split.test.length + split.train.length).toBe(multiEnvironment.length);
    }
    expectEveryRecordTestedOnce(cvFolds, multiEnvironment);
  });

  it('CV00: neither a test line nor a test environment trains; training is the other lines in the other environments', () => {
    const cvFolds = makeFolds(multiEnvironment, { scheme: 'CV00', folds: 2, repeats: 3, seed: 11 });
    for (const split of cvFolds.splits) {
      const testLines = new Set(split.test.map((record) => record.id));
      const testEnvironments = new Set(split.test.map((record) => record.environment));
      expect(split.train.some((record) => testLines.has(record.id) || testEnvironments.has(record.environment))).toBe(false);
      const expectedTrain = multiEnvironment.filter((record) => !testLines.has(record.id) && !testEnvironments.has(record.environment));
      expect(keys(split.train)).toEqual(keys(expectedTrain));
      // The test set is every record of its lines in its environments.
      expect(keys(split.test)).toEqual(keys(multiEnvironment.filter((record) => testLines.has(record.id) && testEnvironments.has(record.environment))));
    }
    for (const count of testedCounts(cvFolds).values()) expect(count).toBe(1);
  });

  it('CV1 on single-environment data gives the folds GDIP and Auto Train draw from the same seed', () => {
    const cvFolds = makeFolds(singleEnvironment, { scheme: 'CV1', folds: 5, repeats: 2, seed: 42 });
    for (const repeat of [1, 2]) {
      const foldOf = seededFolds(lines.length, 5, 42 + repeat - 1);
      for (const split of cvFolds.splits.filter((split) => split.repeat === repeat))
        expect(split.test.map((record) => record.id)).toEqual(lines.filter((_, index) => foldOf[index] === split.fold - 1));
    }
    expectEveryRecordTestedOnce(cvFolds, singleEnvironment);
  });
});

describe('the file', () => {
  it('is the same bytes for the same inputs, and another seed draws other folds', () => {
    for (const scheme of CV_SCHEMES) {
      const options = { scheme, folds: 2, repeats: 2, seed: 5 };
      expect(foldsCsv(makeFolds(multiEnvironment, options))).toBe(foldsCsv(makeFolds([...multiEnvironment], options)));
      expect(foldsCsv(makeFolds(multiEnvironment, { ...options, seed: 6 }))).not.toBe(foldsCsv(makeFolds(multiEnvironment, options)));
    }
  });

  it('keeps drawing the bytes it drew when the fixture was made (tests/fixtures/cv-folds/make-inputs.ts)', () => {
    const fixture = (name: string) => fs.readFileSync(`tests/fixtures/cv-folds/${name}`, 'utf8');
    const [, ...rows] = fixture('phenotypes_long.csv').trimEnd().split('\n');
    const records = rows.map((row) => row.split(',')).map(([id, , , environment]) => ({ id: id!, environment: environment! }));
    expect(foldsCsv(makeFolds(records, { scheme: 'CV2', folds: 3, repeats: 2, seed: 5 }))).toBe(fixture('cv2_folds.csv'));
  });

  it('repeat r draws from seed + r − 1', () => {
    const two = makeFolds(multiEnvironment, { scheme: 'CV2', folds: 3, repeats: 2, seed: 8 });
    const fromNine = makeFolds(multiEnvironment, { scheme: 'CV2', folds: 3, repeats: 1, seed: 9 });
    expect(two.splits.filter((split) => split.repeat === 2).map((split) => split.test)).toEqual(fromNine.splits.map((split) => split.test));
  });

  it('has the columns in order and rows by repeat, fold, set (test first), id and environment', () => {
    const text = foldsCsv(makeFolds(multiEnvironment, { scheme: 'CV0', folds: 2, repeats: 1, seed: 1 }));
    const rows = text.trimEnd().split('\n');
    expect(rows[0]).toBe('scheme,repeat,fold,id,environment,set');
    const cells = rows.slice(1).map((row) => row.split(','));
    const order = (row: string[]) => [row[1]!.padStart(4, '0'), row[2]!.padStart(4, '0'), row[5] === 'test' ? '0' : '1', row[3], row[4]].join('\u0000');
    expect(cells.map(order)).toEqual(cells.map(order).sort());
    expect(cells.every((row) => row[0] === 'CV0')).toBe(true);
    expect(cells.filter((row) => row[1] === '1' && row[2] === '1')).toHaveLength(multiEnvironment.length);
  });

  it('reads back into the same splits, ids with commas and quotes included', () => {
    const awkward = [...multiEnvironment, { id: 'IR64, "wild"', environment: 'E1' }, { id: 'IR64, "wild"', environment: 'E2' }];
    for (const scheme of CV_SCHEMES) {
      const cvFolds = makeFolds(awkward, { scheme, folds: 2, repeats: 2, seed: 3 });
      expect(parseFolds(foldsCsv(cvFolds))).toEqual(cvFolds);
      // As a spreadsheet or R's write.csv may save it: CRLF, every cell quoted, a byte-order mark.
      const quote = (cells: Array<string | number>) => cells.map((cell) => `"${String(cell).replaceAll('"', '""')}"`).join(',');
      const quoted = [
        quote(['scheme', 'repeat', 'fold', 'id', 'environment', 'set']),
        ...cvFolds.splits.flatMap(({ repeat, fold, test, train }) =>
          [...test.map((record) => ({ record, set: 'test' })), ...train.map((record) => ({ record, set: 'train' }))].map(({ record, set }) =>
            quote([scheme, repeat, fold, record.id, record.environment, set]),
          ),
        ),
      ].join('\r\n');
      expect(parseFolds(`\uFEFF${quoted}\r\n`)).toEqual(cvFolds);
    }
    const single = makeFolds(singleEnvironment, { scheme: 'CV1', folds: 3, repeats: 1, seed: 3 });
    expect(parseFolds(foldsCsv(single))).toEqual(single);
  });

  it('says its facts in a sentence', () => {
    expect(describeFolds(makeFolds(multiEnvironment, { scheme: 'CV2', folds: 5, repeats: 2, seed: 1 }))).toBe('CV2: 5 folds × 2 repeats over 76 records of 24 lines in 4 environments');
    expect(describeFolds(makeFolds(singleEnvironment, { scheme: 'CV1', folds: 5, repeats: 1, seed: 1 }))).toBe('CV1: 5 folds × 1 repeat over 24 records of 24 lines');
  });
});

describe('refusals name the fix', () => {
  const refusal = (records: CvRecord[], options: Parameters<typeof makeFolds>[1]) => {
    try {
      makeFolds(records, options);
    } catch (error) {
      expect(error).toBeInstanceOf(CvFoldsError);
      return { field: (error as CvFoldsError).field, message: (error as Error).message };
    }
    throw new Error('expected a refusal');
  };

  it('refuses schemes that need environments on single-environment data, on the scheme', () => {
    for (const scheme of ['CV2', 'CV0', 'CV00'] as const) {
      const { field, message } = refusal(singleEnvironment, { scheme, folds: 2, repeats: 1, seed: 1 });
      expect(field).toBe('scheme');
      expect(message).toContain('Choose CV1, or register long phenotypes (id,trait,observed,environment)');
    }
    expect(refusal([...multiEnvironment, { id: 'X1', environment: '' }], { scheme: 'CV0', folds: 2, repeats: 1, seed: 1 }).message).toContain('1 record of the phenotypes has no environment (X1)');
    expect(
      refusal(
        [
          { id: 'A', environment: 'E1' },
          { id: 'B', environment: 'E1' },
        ],
        { scheme: 'CV2', folds: 2, repeats: 1, seed: 1 },
      ).message,
    ).toContain('at least 2 environments');
  });

  it('refuses more folds than lines or environments, on the folds', () => {
    expect(refusal(multiEnvironment, { scheme: 'CV0', folds: 5, repeats: 1, seed: 1 })).toEqual({
      field: 'folds',
      message: 'CV0 splits environments into folds, and the phenotypes have 4 environments: choose at most 4 folds.',
    });
    expect(refusal(multiEnvironment, { scheme: 'CV1', folds: 25, repeats: 1, seed: 1 }).message).toContain('24 lines: choose at most 24 folds');
    expect(refusal(multiEnvironment, { scheme: 'CV00', folds: 5, repeats: 1, seed: 1 }).message).toContain('choose at most 4 folds');
    expect(refusal(multiEnvironment, { scheme: 'CV1', folds: 1, repeats: 1, seed: 1 }).field).toBe('folds');
    expect(refusal(multiEnvironment, { scheme: 'CV1', folds: 2, repeats: 0, seed: 1 }).field).toBe('repeats');
    expect(refusal(multiEnvironment, { scheme: 'CV1', folds: 2, repeats: 1, seed: 1.5 }).field).toBe('seed');
    expect(foldsProblem(multiEnvironment, { scheme: 'CV00', folds: 4, repeats: 1, seed: 1 })).toBeNull();
    const many = Array.from({ length: 200_001 }, (_, index) => ({ id: `L${index}`, environment: '' }));
    const tooMany = foldsProblem(many, { scheme: 'CV1', folds: 10, repeats: 5, seed: 1 });
    expect([tooMany?.field, tooMany?.message]).toEqual([
      'repeats',
      '10 folds × 5 repeats over 200,001 records would write 10,000,050 rows (one per record, repeat and fold), more than the 10,000,000 a folds file holds; choose fewer repeats or folds.',
    ]);
    expect(foldsProblem(many.slice(1), { scheme: 'CV1', folds: 10, repeats: 5, seed: 1 })).toBeNull();
  });

  it('refuses a CV00 fold with no test records rather than writing an empty fold', () => {
    // Each line observed in one environment only: fold f's lines are rarely in fold f's environments.
    const diagonal = lines.map((id, index) => ({ id, environment: environments[index % 4]! }));
    expect(refusal(diagonal, { scheme: 'CV00', folds: 4, repeats: 1, seed: 1 }).message).toMatch(/^CV00 fold \d of repeat 1 has no (test|training) records .*; choose fewer folds or another seed\.$/);
  });

  it('refuses a file that breaks the format or its scheme, saying where', () => {
    const good = foldsCsv(makeFolds(multiEnvironment, { scheme: 'CV1', folds: 2, repeats: 1, seed: 1 }));
    expect(() => parseFolds('id,fold\nA,1\n')).toThrow('A folds file starts with the header scheme,repeat,fold,id,environment,set (found: id,fold)');
    expect(() => parseFolds(good.replace(',test\n', ',held\n'))).toThrow('Row 2 of the folds file has set "held"; it is train or test.');
    expect(() => parseFolds(`${good}CV2,1,1,L01,E1,train\n`)).toThrow('holds one scheme');
    const leaked = ['scheme,repeat,fold,id,environment,set', 'CV1,1,1,A,E1,test', 'CV1,1,1,A,E2,train', 'CV1,1,1,B,E1,train', 'CV1,1,2,B,E1,test', 'CV1,1,2,A,E1,train'].join('\n');
    expect(() => parseFolds(leaked)).toThrow('Repeat 1, fold 1 of the folds file trains on line A, which it also tests, which CV1 keeps apart.');
    expect(() => parseFolds(leaked.replaceAll('CV1', 'CV2'))).not.toThrow();
    expect(() => parseFolds(`${leaked.replaceAll('CV1', 'CV2')}\nCV2,1,2,B,E1,train`)).toThrow('Repeat 1, fold 2 of the folds file lists B in E1 twice; a record is in one set of a fold once.');
    expect(() => parseFolds(`${leaked.replaceAll('CV1', 'CV2')}\nCV2,1,1,A,E2,train`)).toThrow('Repeat 1, fold 1 of the folds file lists A in E2 twice;');
    expect(() => parseFolds(leaked.replaceAll('CV1', 'CV0'))).toThrow('trains in environment E1, where it also tests, which CV0 keeps apart.');
    expect(() => parseFolds(good.replace(/^CV1,1,2,.*$/gm, '').replace(/\n+/g, '\n'))).not.toThrow();
  });

  it('refuses folds naming records the phenotypes do not have, and environment folds for data without environments', () => {
    const cvFolds = makeFolds(multiEnvironment, { scheme: 'CV2', folds: 2, repeats: 1, seed: 1 });
    expect(() => checkFoldsAgainst(cvFolds, multiEnvironment)).not.toThrow();
    expect(() =>
      checkFoldsAgainst(
        cvFolds,
        multiEnvironment.filter((record) => record.id !== 'L03'),
      ),
    ).toThrow(/^The folds file names 3 records the phenotypes do not have \(L03 in E1, L03 in E2, L03 in E4\); use the folds made from these phenotypes/);
    expect(() => checkFoldsAgainst(cvFolds, singleEnvironment)).toThrow('The folds are CV2, which splits by environment, and the phenotypes name no environment');
  });
});
