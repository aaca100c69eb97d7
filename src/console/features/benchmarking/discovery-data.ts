import Papa from 'papaparse';
import { type AssociationTest, type KnownQtl, minusLog10 } from '../../../contract/benchmark-metrics';

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

function parse(text: string) {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  return { rows: parsed.data, columns: parsed.meta.fields ?? [] };
}

function missingColumns(columns: string[], required: string[], what: string): string | null {
  const missing = required.filter((column) => !columns.includes(column));
  return missing.length === 0 ? null : `The ${what} lacks the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}; its header has ${columns.join(', ') || 'nothing'}.`;
}

export function parseAssociations(text: string, name: string): ParsedTable<AssociationTest> {
  const { rows, columns } = parse(text);
  const missing = missingColumns(columns, ['marker', 'chromosome', 'position', 'trait'], `associations table ${name}`);
  const minusLog10Column = MINUS_LOG10_COLUMNS.find((column) => columns.includes(column));
  const pColumn = P_COLUMNS.find((column) => columns.includes(column));
  if (missing || (!minusLog10Column && !pColumn)) {
    throw new Error(missing ?? `The associations table ${name} has no p-value column (one of ${[...MINUS_LOG10_COLUMNS, ...P_COLUMNS].join(', ')}).`);
  }
  const problems: string[] = [];
  let skipped = 0;
  const tests: AssociationTest[] = [];
  rows.forEach((row, index) => {
    const position = Number(row.position);
    const value = minusLog10Column ? Number(row[minusLog10Column]) : minusLog10(Number(row[pColumn!]));
    if (!row.marker || !row.chromosome || !row.trait || !Number.isFinite(position) || !Number.isFinite(value)) {
      skipped += 1;
      if (problems.length < 5)
        problems.push(
          `row ${index + 2}: ${!Number.isFinite(position) ? `position “${row.position ?? ''}” is not a number` : !Number.isFinite(value) ? 'no usable p-value (NA or missing)' : 'a marker, chromosome or trait is empty'}`,
        );
      return;
    }
    tests.push({ marker: row.marker, chromosome: row.chromosome, position, trait: row.trait, minusLog10P: value });
  });
  return { rows: tests, skipped, problems };
}

export function parseKnownQtl(text: string, name: string): ParsedTable<KnownQtl> {
  const { rows, columns } = parse(text);
  const missing = missingColumns(columns, ['marker', 'chromosome', 'position', 'trait'], `known-QTL table ${name}`);
  if (missing) throw new Error(missing);
  const problems: string[] = [];
  let skipped = 0;
  const qtl: KnownQtl[] = [];
  rows.forEach((row, index) => {
    const position = Number(row.position);
    if (!row.chromosome || !row.trait || !Number.isFinite(position)) {
      skipped += 1;
      if (problems.length < 5) problems.push(`row ${index + 2}: ${!Number.isFinite(position) ? `position “${row.position ?? ''}” is not a number` : 'the chromosome or trait is empty'}`);
      return;
    }
    qtl.push({ marker: row.marker ?? '', chromosome: row.chromosome, position, trait: row.trait, effect: Number(row.effect) });
  });
  return { rows: qtl, skipped, problems };
}

/** Chromosomes in genome order: 1, 2, …, 10 (not 1, 10, 2), then the rest by name. */
export function chromosomeOrder(names: string[]): string[] {
  const key = (name: string) => {
    const bare = name.replace(/^chr/i, '');
    const number = Number(bare);
    return Number.isInteger(number) ? [0, number, ''] : [1, 0, bare];
  };
  return [...new Set(names)].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return (ka[0] as number) - (kb[0] as number) || (ka[1] as number) - (kb[1] as number) || String(ka[2]).localeCompare(String(kb[2]));
  });
}

/** A Manhattan plot's x axis: each chromosome laid after the previous, with its label at its middle. */
export function genomeAxis(tests: AssociationTest[], qtl: KnownQtl[]) {
  const ends = new Map<string, number>();
  for (const row of [...tests, ...qtl]) ends.set(row.chromosome, Math.max(ends.get(row.chromosome) ?? 0, row.position));
  const order = chromosomeOrder([...ends.keys()]);
  const offsets = new Map<string, number>();
  const ticks: Array<{ value: number; label: string }> = [];
  let offset = 0;
  for (const chromosome of order) {
    offsets.set(chromosome, offset);
    const length = ends.get(chromosome)!;
    ticks.push({ value: Math.round(offset + length / 2), label: chromosome.replace(/^chr/i, '') });
    offset += length + Math.max(1, length * 0.02);
  }
  return { offsets, ticks, order, length: offset };
}
