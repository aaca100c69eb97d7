/**
 * A file's type from its name and, for CSV and TSV, its header row: used by the server when a file
 * is stored (uploads, run outputs) and by the console to propose a type before an upload starts,
 * so that both agree.
 */

export interface DetectableFileType {
  id: number;
  name: string;
  extensions: string[];
  requiredColumns?: string[];
}

/**
 * Types for what no other type fits: a run's other tables and reports. Only run outputs fall back
 * to them (an upload keeps asking for a type that says what the file is).
 */
export const GENERIC_FILE_TYPES: readonly string[] = ['table CSV', 'table TSV', 'text report'];

/** A header whose columns besides `id` are all numbers (wavelengths in nm): a spectra table, not a trait table. */
const isNumericHeader = (header: string[]) => {
  const rest = header.filter((cell) => cell !== 'id');
  return rest.length > 0 && rest.every((cell) => cell.trim() !== '' && Number.isFinite(Number(cell)));
};

/**
 * What the header of a type's files looks like, beyond the columns it requires: read where the
 * required columns alone leave several types (phenotypes, spectra and a genotype matrix all need
 * `id`).
 */
const HEADER_SHAPES: Record<string, (header: string[]) => boolean> = {
  'spectra CSV': isNumericHeader,
  'phenotype CSV': (header) => !isNumericHeader(header),
  'genotype matrix': (header) => !isNumericHeader(header),
};

/**
 * Where types still tie, the more usual comes first: a table of id and named columns is most
 * often phenotypes (pipelines take genotypes as VCF; a genotype matrix is chosen by hand).
 */
const USUAL_FIRST = ['phenotype CSV'];

/** The length of the longest of a type's extensions that `lowerName` ends with; -1 when none does. */
const extensionLength = (lowerName: string, type: DetectableFileType) =>
  Math.max(-1, ...type.extensions.filter((extension) => lowerName.endsWith(extension.toLowerCase())).map((extension) => extension.length));

/**
 * Other names a required column has in the files breeders export: a Breedbase or BrAPI phenotype
 * download names a plot's accession `germplasmName` and its trial `studyName`, Breedbase's trial
 * upload `accession_name` and `trial_name`. Such a file is taken as the type without renaming its
 * columns; a pipeline that reads the column by a parameter (Phenomix's accession_column) is told
 * at launch which of the file's columns to name, and reads no column the person did not name.
 */
export const COLUMN_ALSO_NAMED: Readonly<Record<string, readonly string[]>> = {
  accession: ['germplasmName', 'accession_name'],
  // A Breedbase trial is one site in one season: an environment.
  environment: ['studyName', 'trial_name'],
  rep: ['replicate', 'rep_number'],
};

/** The header's cell that serves a required column: the column itself, else it or one of its other names in any case (Rep for rep); null when none does. */
export function columnServing(header: readonly string[], column: string): string | null {
  if (header.includes(column)) return column;
  const names = new Set([column, ...(COLUMN_ALSO_NAMED[column] ?? [])].map((name) => name.toLowerCase()));
  return header.find((cell) => names.has(cell.toLowerCase())) ?? null;
}

/** The columns a type requires that a header lacks (under any of their names), in the type's order. */
export const missingColumns = (type: Pick<DetectableFileType, 'requiredColumns'>, header: readonly string[]) => (type.requiredColumns ?? []).filter((column) => columnServing(header, column) === null);

/** Required columns as a person reads them, with their other names: “accession (or germplasmName, accession_name), environment (or studyName)”. */
export const requiredColumnsText = (columns: readonly string[]) => columns.map((column) => (COLUMN_ALSO_NAMED[column] ? `${column} (or ${COLUMN_ALSO_NAMED[column].join(', ')})` : column)).join(', ');

/**
 * The type of a file: by its extension, the longest match winning (`.g.vcf.gz` is a GVCF, not a
 * VCF); where several types share it (`.csv`), by the header columns each requires; then the
 * pipeline's declared output types first. `generic` looks among the generic types only; without
 * it they are left out.
 */
export function fileTypeOf<T extends DetectableFileType>(name: string, types: T[], options: { preferred?: string[]; header?: string[] | null; generic?: boolean } = {}): T | null {
  const lower = name.toLowerCase();
  const preferred = options.preferred ?? [];
  const candidates = types
    .filter((type) => GENERIC_FILE_TYPES.includes(type.name) === Boolean(options.generic))
    .map((type) => ({ type, length: extensionLength(lower, type) }))
    .filter((candidate) => candidate.length > 0)
    .filter(({ type }) => !options.header || (missingColumns(type, options.header).length === 0 && (HEADER_SHAPES[type.name]?.(options.header) ?? true)))
    .sort(
      (a, b) =>
        b.length - a.length ||
        (b.type.requiredColumns?.length ?? 0) - (a.type.requiredColumns?.length ?? 0) ||
        Number(preferred.includes(b.type.name)) - Number(preferred.includes(a.type.name)) ||
        Number(USUAL_FIRST.includes(b.type.name)) - Number(USUAL_FIRST.includes(a.type.name)),
    );
  return candidates[0]?.type ?? null;
}

/**
 * Where no type's columns all fit the header, the type of that extension the header comes closest
 * to: most of its required columns present, then fewest missing, then the more usual. A trial CSV
 * with `accession` but no `environment` is offered as a field trial CSV, whose check then names the
 * column it lacks, rather than as the type requiring the most columns (CV folds, none of them present).
 */
function closestByHeader<T extends DetectableFileType>(name: string, types: T[], header: string[]): T | null {
  const lower = name.toLowerCase();
  const fit = (type: T) => {
    const missing = missingColumns(type, header).length;
    return { type, present: (type.requiredColumns?.length ?? 0) - missing, missing };
  };
  const matching = types.filter((type) => !GENERIC_FILE_TYPES.includes(type.name) && extensionLength(lower, type) > 0);
  const bestLength = Math.max(-1, ...matching.map((type) => extensionLength(lower, type)));
  const ranked = matching
    .filter((type) => extensionLength(lower, type) === bestLength)
    .map(fit)
    .sort((a, b) => b.present - a.present || a.missing - b.missing || Number(USUAL_FIRST.includes(b.type.name)) - Number(USUAL_FIRST.includes(a.type.name)));
  return ranked[0]?.type ?? null;
}

/** The type by extension and header, falling back to the type of that extension the header comes closest to. */
export const detectFileType = <T extends DetectableFileType>(name: string, types: T[], header: string[] | null, preferred: string[] = []): T | null =>
  fileTypeOf(name, types, { header, preferred }) ?? (header ? closestByHeader(name, types, header) : null) ?? fileTypeOf(name, types, { preferred });

/** Whether a name is read for its header row: plain CSV and TSV. */
export const hasHeaderRow = (name: string) => /\.(csv|tsv)$/i.test(name);

/** The cells of a CSV or TSV file's first line. */
export function headerCells(text: string): string[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  return firstLine.split(delimiter).map((cell) => cell.trim().replace(/^"|"$/g, ''));
}

/** What to put in a required column a file lacks, where its name does not say: a trial of one environment has none. */
const COLUMN_HINTS: Record<string, string> = {
  environment: 'one trial: the same environment, such as site and year, on every row',
};

/** The hints for the missing columns that have one, in parentheses, or nothing: “ (one trial: …)”. */
export function missingColumnsHint(missing: readonly string[]): string {
  const hints = missing.flatMap((column) => (COLUMN_HINTS[column] ? [COLUMN_HINTS[column]] : []));
  return hints.length > 0 ? ` (${hints.join('; ')})` : '';
}
