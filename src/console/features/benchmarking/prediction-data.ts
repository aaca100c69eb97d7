import { meanSd, type PredictionScore, scorePrediction } from '../../../contract/benchmark-metrics';

/**
 * A prediction benchmark's tables: predictions (id, trait, prediction, optionally fold) from one
 * model per file, and observed values (a phenotype table: id and one column per trait).
 */

export interface Prediction {
  id: string;
  trait: string;
  prediction: number;
  fold: string | null;
}

export type Observed = Map<string, Map<string, number>>;

/** papaparse loads with the first table read, not with the page (it would cost 6.6 KB of its first load). */
async function rowsOf(text: string) {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (header) => header.trim() });
  return { rows: parsed.data, columns: parsed.meta.fields ?? [] };
}

const MISSING = new Set(['', 'NA', 'NaN', 'nan', 'null', '.']);

/** One model's predictions, and the observed values its table carries (an `observed` column), if any. */
export interface ModelPredictions {
  name: string;
  predictions: Prediction[];
  observed: Observed | null;
}

/**
 * A predictions table as one model per value of its `model` column (Auto Train's
 * `cv_predictions.csv` holds every model it compared), or as the one model `name` where there is
 * none. A `repeat` column joins the fold (`r1f3`: repeat 1, fold 3), and an `observed` column
 * serves as the observed values, so a cross-validation table scores on its own.
 */
export async function parsePredictions(text: string, fileName: string, name: string): Promise<ModelPredictions[]> {
  const { rows, columns } = await rowsOf(text);
  const missing = ['id', 'trait', 'prediction'].filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new Error(`The predictions table ${fileName} lacks the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}; its header has ${columns.join(', ')}.`);
  const has = (column: string) => columns.includes(column);
  const foldOf = (row: Record<string, string>) => {
    if (!has('fold') || !row.fold) return null;
    return has('repeat') && row.repeat ? `r${row.repeat}f${row.fold}` : row.fold;
  };
  const byModel = new Map<string, ModelPredictions>();
  for (const row of rows) {
    const prediction = Number(row.prediction?.trim());
    if (!row.id || !row.trait || MISSING.has(row.prediction?.trim() ?? '') || !Number.isFinite(prediction)) continue;
    const model = has('model') && row.model ? `${name}: ${row.model}` : name;
    let entry = byModel.get(model);
    if (!entry) {
      entry = { name: model, predictions: [], observed: has('observed') ? new Map() : null };
      byModel.set(model, entry);
    }
    entry.predictions.push({ id: row.id, trait: row.trait, prediction, fold: foldOf(row) });
    const cell = row.observed?.trim() ?? '';
    const observed = Number(cell);
    if (entry.observed && !MISSING.has(cell) && Number.isFinite(observed)) {
      const trait = entry.observed.get(row.trait) ?? new Map<string, number>();
      trait.set(row.id, observed);
      entry.observed.set(row.trait, trait);
    }
  }
  return [...byModel.values()];
}

/**
 * Observed values by trait, then individual: the Prediction data template's long form (id, trait,
 * observed, environment; several environments give the mean), or id and one column per trait.
 * The reader is the one Register Prediction Data checks with; it loads with the first table read.
 */
export async function parseObserved(text: string, name: string): Promise<Observed> {
  const [{ rows, columns }, { readObservedValues }] = await Promise.all([rowsOf(text), import('../../../contract/observed-values')]);
  if (!columns.includes('id')) throw new Error(`The observed values ${name} need an id column; its header has ${columns.join(', ')}.`);
  const table = readObservedValues(columns, rows);
  const first = table.problems[0];
  if (first) throw new Error(`The observed values ${name} have a bad row: row ${first.row}, column ${first.column}: ${first.message}. Fix the file and register it again.`);
  return table.values;
}

export interface ModelTraitScore extends PredictionScore {
  model: string;
  trait: string;
  /** Individuals predicted but not observed. */
  unmatched: number;
  folds: Array<PredictionScore & { fold: string }>;
  /** Mean ± sd of r across folds, where there are folds. */
  foldPearson: { mean: number | null; sd: number | null; n: number } | null;
}

export function scoreModel(model: string, predictions: Prediction[], observed: Observed): ModelTraitScore[] {
  const traits = [...new Set(predictions.map((row) => row.trait))].sort();
  return traits.map((trait) => {
    const values = observed.get(trait);
    const rows = predictions.filter((row) => row.trait === trait);
    const pairs = rows.map((row) => ({ observed: values?.get(row.id) ?? null, predicted: row.prediction, fold: row.fold }));
    const folds = [...new Set(rows.map((row) => row.fold).filter((fold): fold is string => fold !== null))].sort();
    const foldScores = folds.map((fold) => ({ fold, ...scorePrediction(pairs.filter((pair) => pair.fold === fold)) }));
    return {
      model,
      trait,
      ...scorePrediction(pairs),
      unmatched: pairs.filter((pair) => pair.observed === null).length,
      folds: foldScores,
      foldPearson: folds.length > 1 ? meanSd(foldScores.map((score) => score.pearson)) : null,
    };
  });
}
