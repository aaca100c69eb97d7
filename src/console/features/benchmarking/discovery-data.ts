import Papa from 'papaparse';
import { type AssociationColumns, type AssociationTest, columnsWriter, type KnownQtl, minusLog10 } from '../../../contract/benchmark-metrics';

/**
 * Reads the two tables a discovery benchmark scores: an associations table (GDIP's, or any with
 * marker, chromosome, position, trait and a p-value or its −log10) and a known-QTL table. Rows
 * that cannot be read are counted and named, never silently dropped.
 */

export interface ParsedTable<T> {
  rows: T[];
  /** Rows skipped, with why (the first few). */
  skipped: number;
  problems: string[];
}

/** GDIP writes log10p (−log10 p, exact where p underflows); other tools write p only. */
const MINUS_LOG10_COLUMNS = ['log10p', 'minus_log10_p', '-log10p', 'neg_log10_p', 'logp'];
const P_COLUMNS = ['p_value', 'p', 'pvalue', 'p.value', 'P'];

/** The header and the rows as cell arrays (twice as fast as keyed rows on large tables); `at(row, column)` reads a cell. */
function parse(text: string) {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: true });
  const [header = [], ...rows] = parsed.data;
  const columns = header.map((cell) => cell.trim());
  const index = new Map(columns.map((column, at) => [column, at]));
  const at = (row: string[], column: string) => {
    const position = index.get(column);
    return position === undefined ? undefined : row[position];
  };
  return { rows, columns, at };
}

function missingColumns(columns: string[], required: string[], what: string): string | null {
  const missing = required.filter((column) => !columns.includes(column));
  return missing.length === 0 ? null : `The ${what} lacks the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}; its header has ${columns.join(', ') || 'nothing'}.`;
}

/** The tests, and the same tests as the columns the scores read, written as each row is read. */
export function parseAssociations(text: string, name: string): ParsedTable<AssociationTest> & { columns: AssociationColumns } {
  const { rows, columns, at } = parse(text);
  const missing = missingColumns(columns, ['marker', 'chromosome', 'position', 'trait'], `associations table ${name}`);
  const minusLog10Column = MINUS_LOG10_COLUMNS.find((column) => columns.includes(column));
  const pColumn = P_COLUMNS.find((column) => columns.includes(column));
  if (missing || (!minusLog10Column && !pColumn)) {
    throw new Error(missing ?? `The associations table ${name} has no p-value column (one of ${[...MINUS_LOG10_COLUMNS, ...P_COLUMNS].join(', ')}).`);
  }
  const problems: string[] = [];
  let skipped = 0;
  const tests: AssociationTest[] = [];
  const written = columnsWriter(rows.length);
  rows.forEach((row, index) => {
    const [marker, chromosome, trait, positionText] = [at(row, 'marker'), at(row, 'chromosome'), at(row, 'trait'), at(row, 'position')];
    const position = Number(positionText);
    const value = minusLog10Column ? Number(at(row, minusLog10Column)) : minusLog10(Number(at(row, pColumn!)));
    if (!marker || !chromosome || !trait || !Number.isFinite(position) || Number.isNaN(value)) {
      skipped += 1;
      const why = !Number.isFinite(position)
        ? `position “${positionText ?? ''}” is not a number`
        : Number.isNaN(value)
          ? 'no usable p-value (NA or missing)'
          : 'a marker, chromosome or trait is empty';
      if (problems.length < 5) problems.push(`row ${index + 2}: ${why}`);
      return;
    }
    tests.push({ marker, chromosome, position, trait, minusLog10P: value });
    written.add(trait, chromosome, position, value);
  });
  return { rows: tests, columns: written.done(), skipped, problems };
}

export function parseKnownQtl(text: string, name: string): ParsedTable<KnownQtl> {
  const { rows, columns, at } = parse(text);
  const missing = missingColumns(columns, ['marker', 'chromosome', 'position', 'trait'], `known-QTL table ${name}`);
  if (missing) throw new Error(missing);
  const problems: string[] = [];
  let skipped = 0;
  const qtl: KnownQtl[] = [];
  rows.forEach((row, index) => {
    const [chromosome, trait, positionText] = [at(row, 'chromosome'), at(row, 'trait'), at(row, 'position')];
    const position = Number(positionText);
    if (!chromosome || !trait || !Number.isFinite(position)) {
      skipped += 1;
      const why = !Number.isFinite(position) ? `position “${positionText ?? ''}” is not a number` : 'the chromosome or trait is empty';
      if (problems.length < 5) problems.push(`row ${index + 2}: ${why}`);
      return;
    }
    qtl.push({ marker: at(row, 'marker') ?? '', chromosome, position, trait, effect: Number(at(row, 'effect')) });
  });
  return { rows: qtl, skipped, problems };
}
