/**
 * Covariates of the GDIP model: which are numbers and which are categories, and their design
 * columns. A column of whole numbers with few distinct values (`env` = 1, 2, 3) could be
 * either; treating environments as a trend silently changes the scan, so such a column must
 * be declared in `categorical_covariates` or `numeric_covariates`.
 */

export interface Covariate {
  name: string;
  kind: 'numeric' | 'categorical';
  /** Why it is taken as this kind, for the log and the model file. */
  because: string;
}

/** At most this many distinct whole numbers make a covariate ambiguous. */
const AMBIGUOUS_LEVELS = 12;

const isNumber = (value: string) => value.trim() !== '' && Number.isFinite(Number(value));

export function classifyCovariates(rows: Array<Record<string, string>>, names: string[], declaredCategorical: string[], declaredNumeric: string[]): Covariate[] {
  for (const name of [...declaredCategorical, ...declaredNumeric])
    if (!names.includes(name)) throw new Error(`${name} is listed as a categorical or numeric covariate but not in covariates (${names.join(', ') || 'none'}); add it there too.`);
  const both = declaredCategorical.filter((name) => declaredNumeric.includes(name));
  if (both.length > 0) throw new Error(`${both.join(', ')} is listed both as categorical and as numeric; keep it in one list.`);
  return names.map((name) => {
    const values = rows.map((row) => String(row[name] ?? '').trim());
    if (declaredCategorical.includes(name)) return { name, kind: 'categorical', because: 'listed in categorical_covariates' };
    const text = values.find((value) => !isNumber(value));
    if (declaredNumeric.includes(name)) {
      if (text !== undefined)
        throw new Error(`Covariate ${name} is listed in numeric_covariates but has the value "${text}", which is not a number. Fix the value, or list ${name} in categorical_covariates.`);
      return { name, kind: 'numeric', because: 'listed in numeric_covariates' };
    }
    if (text !== undefined) return { name, kind: 'categorical', because: `its values are text (e.g. "${text}")` };
    const distinct = [...new Set(values.map(Number))].sort((a, b) => a - b);
    if (distinct.every(Number.isInteger) && distinct.length <= AMBIGUOUS_LEVELS) {
      const shown = distinct.slice(0, 6).join(', ') + (distinct.length > 6 ? ', …' : '');
      throw new Error(
        `Covariate ${name} holds ${distinct.length} distinct whole numbers (${shown}): are they categories, such as environments or blocks, or a measurement? List ${name} in categorical_covariates to fit one effect per value, or in numeric_covariates to fit it as a number.`,
      );
    }
    return { name, kind: 'numeric', because: 'its values are numbers with many distinct values' };
  });
}

export interface Design {
  /** Column names: `(intercept)`, numeric covariates, `name=level` indicators. */
  names: string[];
  /** Columns over all rows given. */
  columns: Float64Array[];
}

/**
 * The design matrix X over `rows`: an intercept, each numeric covariate, and one indicator per
 * level of each categorical covariate but the first. Levels come from `levelRows` (a fold's
 * training rows), so a level only a test row has falls on the reference level.
 */
export function design(covariates: Covariate[], rows: Array<Record<string, string>>, levelRows: number[] = rows.map((_, index) => index)): Design {
  const n = rows.length;
  const names = ['(intercept)'];
  const columns = [new Float64Array(n).fill(1)];
  for (const covariate of covariates) {
    const values = rows.map((row) => String(row[covariate.name] ?? '').trim());
    if (covariate.kind === 'numeric') {
      names.push(covariate.name);
      columns.push(Float64Array.from(values, Number));
      continue;
    }
    const levels = [...new Set(levelRows.map((index) => values[index]!))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    for (const level of levels.slice(1)) {
      names.push(`${covariate.name}=${level}`);
      columns.push(Float64Array.from(values, (value) => (value === level ? 1 : 0)));
    }
  }
  return { names, columns };
}
