import { IMPORT_TEMPLATES, predictionDataImportSchema } from './imports';

/**
 * Observed trait values of a prediction dataset, read one way by Register Prediction Data (the
 * server's check) and by the prediction results (the console's scorer). Two layouts are read:
 *
 * - long, the Prediction data template (`id,trait,observed[,environment]`, validated row by row
 *   with the template's own schema): an individual observed in several environments is scored
 *   by its mean;
 * - wide, a phenotype table (`id` and one column per trait), as GDIP and Auto Train read.
 */

/** Values by trait, then individual. */
export type ObservedValues = Map<string, Map<string, number>>;

export interface ObservedTable {
  layout: 'long' | 'wide';
  values: ObservedValues;
  /** Individuals with at least one value, in the order first met. */
  individuals: string[];
  traits: string[];
  /** Environments named in a long table (none in a wide one). */
  environments: string[];
  /** Individuals listed twice (wide), or twice for one trait and environment (long). */
  repeated: string[];
  /** Rows the template's schema refuses: spreadsheet row (the header is row 1), column and why. */
  problems: Array<{ row: number; column: string; message: string }>;
}

/** The template these long tables follow: its file and its columns come from the same schema. */
export const PREDICTION_DATA_TEMPLATE = IMPORT_TEMPLATES.find((template) => template.key === 'prediction-data')!;

/** The long form's columns, in the template's order. */
export const PREDICTION_DATA_COLUMNS = Object.keys(predictionDataImportSchema.shape);

/** The columns that make a table long: those the template requires. */
const LONG_COLUMNS = Object.entries(predictionDataImportSchema.shape)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([name]) => name);

const MISSING = new Set(['', 'NA', 'NaN', 'nan', 'null', '.']);

export const isLongTable = (columns: string[]) => LONG_COLUMNS.every((column) => columns.includes(column));

function add(values: ObservedValues, sums: Map<string, { sum: number; count: number }>, trait: string, id: string, value: number) {
  const key = `${trait}\u0000${id}`;
  const entry = sums.get(key) ?? { sum: 0, count: 0 };
  entry.sum += value;
  entry.count += 1;
  sums.set(key, entry);
  const byId = values.get(trait) ?? new Map<string, number>();
  byId.set(id, entry.sum / entry.count);
  values.set(trait, byId);
}

/** Reads a parsed table (header cells and rows keyed by them) in whichever layout it has. */
export function readObservedValues(columns: string[], rows: Array<Record<string, string | undefined>>): ObservedTable {
  const values: ObservedValues = new Map();
  const sums = new Map<string, { sum: number; count: number }>();
  const individuals = new Set<string>();
  const repeated = new Set<string>();
  const problems: ObservedTable['problems'] = [];
  if (isLongTable(columns)) {
    const environments = new Set<string>();
    const seen = new Set<string>();
    for (const [index, row] of rows.entries()) {
      if (MISSING.has(row.observed?.trim() ?? '')) continue;
      const parsed = predictionDataImportSchema.safeParse(row);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push({ row: index + 2, column: String(issue.path[0] ?? ''), message: issue.message });
        continue;
      }
      const { id, trait, observed, environment } = parsed.data;
      const key = `${id}\u0000${trait}\u0000${environment ?? ''}`;
      if (seen.has(key)) repeated.add(id);
      seen.add(key);
      if (environment) environments.add(environment);
      individuals.add(id);
      add(values, sums, trait, id, observed);
    }
    return { layout: 'long', values, individuals: [...individuals], traits: [...values.keys()], environments: [...environments], repeated: [...repeated], problems };
  }
  const traits = columns.filter((column) => column !== 'id');
  for (const row of rows) {
    const id = row.id?.trim() ?? '';
    if (!id) continue;
    if (individuals.has(id)) repeated.add(id);
    individuals.add(id);
    for (const trait of traits) {
      const cell = row[trait]?.trim() ?? '';
      const value = Number(cell);
      if (!MISSING.has(cell) && Number.isFinite(value)) {
        const byId = values.get(trait) ?? new Map<string, number>();
        byId.set(id, value);
        values.set(trait, byId);
      }
    }
  }
  return { layout: 'wide', values, individuals: [...individuals], traits, environments: [], repeated: [...repeated], problems };
}
