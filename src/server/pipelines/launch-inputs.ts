import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, or } from 'drizzle-orm';
import Papa from 'papaparse';
import { fileIdOf } from '../../contract/file-reference';
import { INPUT_FILE_FORMATS, type SchemaProperty } from '../../contract/nextflow-schema';
import type { Database } from '../db/client';
import { files, fileTypes } from '../db/schema';
import { withArticle } from '../../contract/wording';
import { isInside, isStrictlyInside } from '../runs/outputs';
import { S3_CACHE_FOLDER, storedFilePath } from '../storage/file-store';
import type { CataloguePipeline } from './catalogue';
import { inputColumnProblems } from './input-columns';
import { isRemoteInput, type SamplesheetPath, samplesheetPaths, samplesheetProblems } from './samplesheet';

/**
 * Which files a run may read. A run reads what its parameters name, so a parameter is a way to
 * read any file on the server unless it is confined: an input is a stored file (the file store's
 * rows under SEEDBED_DATA_DIR, which every signed-in user may read), a file inside the pipeline's
 * own folder of the catalogue (its sample data), or a file under a folder the administrator
 * listed in SEEDBED_INPUT_DIRS. Paths are compared by their real path, so a symbolic link inside
 * an allowed folder leads nowhere outside it; the same holds for every path a samplesheet names.
 * A stored file is best named by its reference (seedbed://files/<id>, contract/file-reference.ts):
 * it is checked as the path it stands for, and the engine is given that path in its place.
 */

const MAX_REPORTED_CELLS = 5;
const FIX = 'upload it, or ask an administrator to add its folder to SEEDBED_INPUT_DIRS';

/** A `file://` address as the path it names; anything else as it is. */
function pathOf(value: string): string {
  if (!/^file:/i.test(value)) return value;
  try {
    return fileURLToPath(value);
  } catch {
    // Not a path Nextflow could open either (file://host/…): checked as written, so refused.
    return value;
  }
}

/** `${projectDir}/assets/x`, `$baseDir/x`: a path inside the pipeline's own folder, as Nextflow writes it. */
const PIPELINE_FOLDER_VARIABLE = /^\$(?:\{(?:projectDir|baseDir|workflow\.projectDir)\}|projectDir|baseDir)(?=\/|$)/;

/** What follows the pipeline-folder variable (`/assets/x`), or null when the value does not start with one. */
export function pipelineFolderPath(value: string): string | null {
  const match = PIPELINE_FOLDER_VARIABLE.exec(value);
  return match ? value.slice(match[0].length) : null;
}

/** Whether a path after `${projectDir}` climbs out of the pipeline's folder (`/../../etc/x`). */
function leavesPipelineFolder(rest: string): boolean {
  const normalised = path.posix.normalize(`./${rest.replace(/^\/+/, '')}`);
  return normalised === '..' || normalised.startsWith('../');
}

/** The parameters with `${projectDir}` and its kin replaced by the pipeline's folder, as Nextflow resolves them. */
export function withPipelineFolder(params: Record<string, unknown>, directory: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const rest = typeof value === 'string' ? pipelineFolderPath(value) : null;
      return [name, rest === null ? value : path.join(directory, rest)];
    }),
  );
}

/** The real path of a location that may not exist yet: its nearest existing folder's real path, then the rest. */
function realLocation(location: string): string {
  const missing: string[] = [];
  for (let current = location; ; ) {
    try {
      return path.join(fs.realpathSync(current), ...missing);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return location;
      missing.unshift(path.basename(current));
      current = parent;
    }
  }
}

export interface InputAccessOptions {
  db: Database;
  /** SEEDBED_DATA_DIR: stored files are the file store's rows below it. */
  dataDir: string;
  /** SEEDBED_INPUT_DIRS: absolute folders whose files any run may read. */
  inputDirs: readonly string[];
}

export function createInputAccess(options: InputAccessOptions) {
  const { db, dataDir, inputDirs } = options;

  /**
   * The locations (absolute) a run may not read, among `locations`. `roots` are folders allowed
   * beside SEEDBED_INPUT_DIRS (the pipeline's own). Nothing is said about whether a refused
   * location exists, so that a launch cannot be used to look for files.
   */
  async function refusedAmong(locations: readonly string[], roots: readonly string[] = []): Promise<Set<string>> {
    const allowedRoots = [...inputDirs, ...roots].map(realLocation);
    const dataRoot = realLocation(dataDir);
    const cacheRoot = path.join(dataRoot, S3_CACHE_FOLDER);
    const refused = new Set<string>();
    const stored = new Map<string, { location: 'local' | 's3'; key: string }>();
    for (const location of new Set(locations)) {
      const real = realLocation(location);
      if (allowedRoots.some((root) => isInside(root, real))) continue;
      if (isStrictlyInside(cacheRoot, real)) stored.set(location, { location: 's3', key: path.relative(cacheRoot, real).split(path.sep).join('/') });
      else if (isStrictlyInside(dataRoot, real)) stored.set(location, { location: 'local', key: path.relative(dataRoot, real) });
      else refused.add(location);
    }
    if (stored.size > 0) {
      const keysOf = (where: 'local' | 's3') => [...stored.values()].filter((entry) => entry.location === where).map((entry) => entry.key);
      const [localKeys, s3Keys] = [keysOf('local'), keysOf('s3')];
      const rows = await db
        .select({ location: files.location, storagePath: files.storagePath })
        .from(files)
        .where(
          or(
            localKeys.length > 0 ? and(eq(files.location, 'local'), inArray(files.storagePath, localKeys)) : undefined,
            s3Keys.length > 0 ? and(eq(files.location, 's3'), inArray(files.storagePath, s3Keys)) : undefined,
          ),
        );
      const known = new Set(rows.map((row) => `${row.location}:${row.storagePath}`));
      for (const [location, entry] of stored) if (!known.has(`${entry.location}:${entry.key}`)) refused.add(location);
    }
    return refused;
  }

  /**
   * The stored files among `ids` (a deleted or unknown id is left out): each one's path, name and
   * type, and whether that type names the columns it holds (a type of its own kind, not a generic table).
   */
  async function storedFiles(ids: readonly number[]): Promise<Map<number, StoredInput>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: files.id, location: files.location, storagePath: files.storagePath, name: files.name, typeName: fileTypes.name, requiredColumns: fileTypes.requiredColumns })
      .from(files)
      .leftJoin(fileTypes, eq(fileTypes.id, files.fileTypeId))
      .where(inArray(files.id, [...new Set(ids)]));
    return new Map(
      rows.map((row) => [row.id, { path: storedFilePath(dataDir, row.location, row.storagePath), name: row.name, typeName: row.typeName, specific: (row.requiredColumns?.length ?? 0) > 0 }]),
    );
  }

  return { refusedAmong, storedFiles };
}

/** A stored file a launch names, as the checks need it. */
interface StoredInput {
  path: string;
  name: string;
  typeName: string | null;
  specific: boolean;
}

export type InputAccess = ReturnType<typeof createInputAccess>;

/** The sentence for a refused input: the path as given, and the two ways to make it usable. */
export function refusalOf(value: string): string {
  return `${value} is neither a stored file nor in a folder runs may read: ${FIX}`;
}

/** The words for a reference that names no stored file: the problem and the fix. */
export function unknownReference(reference: string): string {
  return `${reference} names no stored file (it was deleted, or never existed): pick a stored file again, or upload the file`;
}

/**
 * What the engine puts in place of stored files' references when it is given a run's parameters.
 * The run keeps the references; these hold what they stood for when it was launched.
 */
export interface ResolvedInputs {
  /** Each reference (seedbed://files/<id>) a parameter named, with its file's path. */
  paths: Map<string, string>;
  /** Samplesheets that name stored files by reference, by the parameter's value (references made paths): the copy to give the engine instead. */
  sheets: Map<string, ResolvedSheet>;
}

/** A samplesheet with its references made paths, written into the run's folder when the run starts. */
export interface ResolvedSheet {
  name: string;
  text: string;
}

/** The names of the parameters a pipeline opens as input files. */
function inputParameters(pipeline: CataloguePipeline): Set<string> {
  return new Set(
    Object.values(pipeline.schema.$defs).flatMap((group) =>
      Object.entries(group.properties)
        .filter(([, property]) => INPUT_FILE_FORMATS.has(property.format ?? ''))
        .map(([name]) => name),
    ),
  );
}

/**
 * The parameters with each stored file's reference replaced by its path, as they are checked
 * (a schema's pattern, the file being there). Refused on its field, by `params.<name>`: a
 * reference to no stored file, and one in a parameter that is not a file the pipeline reads
 * (an output folder given a stored file's place would write into the data folder).
 */
export async function withStoredPaths(
  pipeline: CataloguePipeline,
  params: Record<string, unknown>,
  access: InputAccess,
): Promise<{ params: Record<string, unknown>; paths: Map<string, string>; problems: Record<string, string> }> {
  const inputs = inputParameters(pipeline);
  const references = Object.values(params).filter((value): value is string => fileIdOf(value) !== null);
  const found = await access.storedFiles(references.map((reference) => fileIdOf(reference)!));
  const paths = new Map<string, string>();
  const problems: Record<string, string> = {};
  const resolved = Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const id = fileIdOf(value);
      if (id === null) return [name, value];
      const reference = String(value).trim();
      const file = found.get(id);
      if (!inputs.has(name)) problems[`params.${name}`] = `${reference} is a stored file, and ${name} is not a file ${pipeline.manifest.label} reads: give it a value of its own kind`;
      else if (file === undefined) problems[`params.${name}`] = unknownReference(reference);
      else {
        const mismatch = typeMismatch(pipeline, name, file);
        if (mismatch) problems[`params.${name}`] = mismatch;
        paths.set(String(value), file.path);
      }
      return [name, file?.path ?? value];
    }),
  );
  return { params: resolved, paths, problems };
}

/**
 * Why a stored file of another kind cannot stand in for the types a parameter reads (a field trial
 * CSV given as GDIP's phenotypes), or null. A file of a generic type (a table CSV) is left to the
 * pipeline, which reads its header; so is a parameter that names no types.
 */
function typeMismatch(pipeline: CataloguePipeline, parameter: string, file: StoredInput): string | null {
  const accepted = pipeline.manifest.inputFileTypes?.[parameter];
  if (!accepted || !file.typeName || !file.specific || accepted.includes(file.typeName)) return null;
  return `${file.name} is stored as ${withArticle(file.typeName)}, and ${parameter} reads ${accepted.map(withArticle).join(' or ')}: choose one of those, or upload the file again as one if that is what it holds`;
}

export interface LaunchInputOptions {
  /** Where relative paths are resolved: the run's folder, the engine's launch directory. */
  runDir: string;
  engine: 'local' | 'nextflow';
  access: InputAccess;
}

/** Why the paths a samplesheet names cannot be read by a run, or null when all of them can. */
async function samplesheetRefusal(sheet: string, cells: SamplesheetPath[], options: LaunchInputOptions, roots: string[]): Promise<string | null> {
  // The pipeline's code reads a relative path beside the sheet; Nextflow (nf-schema) in its launch directory.
  const locationsOf = (cell: SamplesheetPath) => {
    const beside = path.resolve(path.dirname(sheet), pathOf(cell.value));
    const launched = path.resolve(options.runDir, pathOf(cell.value));
    return options.engine === 'nextflow' && !isStrictlyInside(options.runDir, launched) ? [beside, launched] : [beside];
  };
  const refused = await options.access.refusedAmong(cells.flatMap(locationsOf), roots);
  const bad = cells.filter((cell) => locationsOf(cell).some((location) => refused.has(location)));
  if (bad.length === 0) return null;
  const listed = bad.slice(0, MAX_REPORTED_CELLS).map((cell) => `row ${cell.row} (${cell.column}): ${cell.value}`);
  const more = bad.length > MAX_REPORTED_CELLS ? ` and ${bad.length - MAX_REPORTED_CELLS} more` : '';
  const what = bad.length === 1 ? 'a file that is' : `${bad.length} files that are`;
  return `${path.basename(sheet)} names ${what} neither stored nor in a folder runs may read — ${listed.join('; ')}${more}: upload them, or ask an administrator to add their folder to SEEDBED_INPUT_DIRS.`;
}

/**
 * A samplesheet whose file cells name stored files by reference, with those cells made the files'
 * paths and relative paths made absolute beside the sheet (the copy is read from the run's
 * folder); null when it names no reference. A reference to no stored file is a refusal.
 */
async function resolvedSheet(sheet: string, pathCells: SamplesheetPath[], access: InputAccess): Promise<ResolvedSheet | { refusal: string } | null> {
  const delimiter = /\.tsv$/i.test(sheet) ? '\t' : ',';
  const rows = Papa.parse<string[]>(fs.readFileSync(sheet, 'utf8'), { header: false, skipEmptyLines: true, delimiter }).data;
  const header = (rows[0] ?? []).map((column) => column.trim());
  // Any cell may hold a reference: it is a stored file whatever the column (a sheet without a schema says nothing of its columns).
  const referring = rows
    .slice(1)
    .flatMap((row, index) => row.flatMap((cell, column) => (fileIdOf(cell) === null ? [] : [{ row: index + 2, column: header[column] ?? `column ${column + 1}`, value: cell.trim() }])));
  if (referring.length === 0) return null;
  const found = await access.storedFiles(referring.map((cell) => fileIdOf(cell.value)!));
  const unknown = referring.filter((cell) => !found.has(fileIdOf(cell.value)!));
  if (unknown.length > 0) {
    const listed = unknown.slice(0, MAX_REPORTED_CELLS).map((cell) => `row ${cell.row} (${cell.column}): ${cell.value}`);
    const more = unknown.length > MAX_REPORTED_CELLS ? ` and ${unknown.length - MAX_REPORTED_CELLS} more` : '';
    return {
      refusal: `${path.basename(sheet)} names stored files that are gone (deleted, or never stored) — ${listed.join('; ')}${more}: pick them again in the sheet, or upload them.`,
    };
  }
  const relative = new Map(pathCells.map((cell) => [`${cell.row}:${cell.column}`, cell.value]));
  const resolved = rows.map((row, index) =>
    index === 0
      ? row
      : row.map((cell, column) => {
          const id = fileIdOf(cell);
          if (id !== null) return found.get(id)!.path;
          const value = relative.get(`${index + 1}:${header[column]}`);
          return value === undefined || cell.trim() !== value ? cell : path.resolve(path.dirname(sheet), pathOf(value));
        }),
  );
  return { name: path.basename(sheet), text: `${Papa.unparse(resolved, { delimiter, newline: '\n' })}\n` };
}

/** Whether a parameter names a samplesheet: nf-core's `schema` on it, or a samplesheet type in pipeline.json. */
function isSamplesheet(pipeline: CataloguePipeline, name: string, property: { schema?: string }): boolean {
  return typeof property.schema === 'string' || (pipeline.manifest.inputFileTypes?.[name] ?? []).some((type) => /samplesheet/i.test(type));
}

/** Checks a samplesheet's copy under its own name in a scratch folder of its own, removed afterwards. */
async function withScratchCopy<T>(sheet: ResolvedSheet, check: (file: string) => Promise<T>): Promise<T> {
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'seedbed-sheet-'));
  try {
    const file = path.join(folder, sheet.name);
    await fs.promises.writeFile(file, sheet.text, { mode: 0o600 });
    return await check(file);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/**
 * The input files of a launch checked before the run is created, by `params.<name>` (stored
 * files' references already made paths, see withStoredPaths): each must be one a run may read
 * (above); on the local engine it must be a file on this server, on any engine when the schema
 * says `exists: true`; and a samplesheet's paths are held to the same rule and its rows to its
 * schema; the columns its parameters name must be in a table's header row (input-columns.ts).
 * A samplesheet that names stored files by reference is checked as the copy the engine
 * will be given, with their paths (`sheets`). A path inside the pipeline's own folder
 * (`${projectDir}/…`) is the pipeline's business as long as it stays there: Nextflow resolves
 * it; the local engine resolves it against the pipeline's folder in the catalogue.
 */
export async function checkLaunchInputs(
  pipeline: CataloguePipeline,
  params: Record<string, unknown>,
  storedPaths: ReadonlyMap<string, string>,
  options: LaunchInputOptions,
): Promise<{ problems: Record<string, string>; sheets: Map<string, ResolvedSheet> }> {
  const errors: Record<string, string> = {};
  const sheets = new Map<string, ResolvedSheet>();
  const roots = [pipeline.directory];
  const properties = Object.fromEntries(Object.values(pipeline.schema.$defs).flatMap((group) => Object.entries(group.properties)));
  for (const group of Object.values(pipeline.schema.$defs)) {
    for (const [name, property] of Object.entries(group.properties) as Array<[string, SchemaProperty & { exists?: boolean; schema?: string }]>) {
      const given = params[name];
      if (!INPUT_FILE_FORMATS.has(property.format ?? '') || typeof given !== 'string' || !given) continue;
      // A stored file's reference is checked as its path, and named by the reference in what is said.
      const value = storedPaths.get(given) ?? given;
      if (isRemoteInput(value)) continue;
      const field = `params.${name}`;
      const inPipelineFolder = pipelineFolderPath(value);
      if (inPipelineFolder !== null) {
        if (leavesPipelineFolder(inPipelineFolder)) {
          errors[field] =
            `${value} climbs out of the pipeline's own folder: a path starting with ${value.slice(0, value.length - inPipelineFolder.length)} must stay inside it (remove the ..), or ${FIX}`;
          continue;
        }
        // Left at the schema's default, or on Nextflow (which resolves it where it keeps the pipeline): the pipeline's business.
        if (options.engine === 'nextflow' || value === property.default) continue;
      }
      const file = inPipelineFolder !== null ? path.join(pipeline.directory, inPipelineFolder) : path.resolve(options.runDir, pathOf(value));
      if ((await options.access.refusedAmong([file], roots)).size > 0) {
        errors[field] = refusalOf(given);
        continue;
      }
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
        if (options.engine === 'local' || property.exists) errors[field] = `No file at ${given} on this server: upload it in the form, or pick a stored file`;
        continue;
      }
      const columns = pipeline.manifest.inputColumns?.[name];
      if (columns) Object.assign(errors, inputColumnProblems(columns, properties, file, params));
      if (!isSamplesheet(pipeline, name, property)) continue;
      const schemaFile = typeof property.schema === 'string' ? path.resolve(pipeline.directory, property.schema) : null;
      const baseDir = path.dirname(file);
      const cells = samplesheetPaths(file, schemaFile, baseDir);
      const copy = await resolvedSheet(file, cells, options.access);
      if (copy && 'refusal' in copy) {
        errors[field] = copy.refusal;
        continue;
      }
      // The cells that are paths are held to the rule above as written (references, stored files, are not among them).
      const refusal = await samplesheetRefusal(file, cells, options, roots);
      const rowProblems = (checked: string) => (schemaFile ? samplesheetProblems(checked, schemaFile, baseDir) : null);
      const problem = refusal ?? (copy ? await withScratchCopy(copy, async (checked) => rowProblems(checked)) : rowProblems(file));
      if (problem) errors[field] = problem;
      else if (copy) sheets.set(given, copy);
    }
  }
  return { problems: errors, sheets };
}
