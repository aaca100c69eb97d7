import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { SchemaProperty } from '../../contract/nextflow-schema';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { isInside, isStrictlyInside } from '../runs/outputs';
import { S3_CACHE_FOLDER } from '../storage/file-store';
import type { CataloguePipeline } from './catalogue';
import { isRemoteInput, type SamplesheetPath, samplesheetPaths, samplesheetProblems } from './samplesheet';

/**
 * Which files a run may read. A run reads what its parameters name, so a parameter is a way to
 * read any file on the server unless it is confined: an input is a stored file (the file store's
 * rows under SEEDBED_DATA_DIR, which every signed-in user may read), a file inside the pipeline's
 * own folder of the catalogue (its sample data), or a file under a folder the administrator
 * listed in SEEDBED_INPUT_DIRS. Paths are compared by their real path, so a symbolic link inside
 * an allowed folder leads nowhere outside it; the same holds for every path a samplesheet names.
 */

/** The parameter formats whose value a pipeline opens as an input file. */
const INPUT_FORMATS = new Set(['file-path', 'path']);
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

  return { refusedAmong };
}

export type InputAccess = ReturnType<typeof createInputAccess>;

/** The sentence for a refused input: the path as given, and the two ways to make it usable. */
export function refusalOf(value: string): string {
  return `${value} is neither a stored file nor in a folder runs may read: ${FIX}`;
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

/** Whether a parameter names a samplesheet: nf-core's `schema` on it, or a samplesheet type in pipeline.json. */
function isSamplesheet(pipeline: CataloguePipeline, name: string, property: { schema?: string }): boolean {
  return typeof property.schema === 'string' || (pipeline.manifest.inputFileTypes?.[name] ?? []).some((type) => /samplesheet/i.test(type));
}

/**
 * The input files of a launch checked before the run is created, by `params.<name>`: each must be
 * one a run may read (above); on the local engine it must be a file on this server, on any engine
 * when the schema says `exists: true`; and a samplesheet's paths are held to the same rule and its
 * rows to its schema. A path inside the pipeline's own folder (`${projectDir}/…`) is the pipeline's
 * business as long as it stays there: Nextflow resolves it; the local engine resolves it against
 * the pipeline's folder in the catalogue.
 */
export async function launchInputProblems(pipeline: CataloguePipeline, params: Record<string, unknown>, options: LaunchInputOptions): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  const roots = [pipeline.directory];
  for (const group of Object.values(pipeline.schema.$defs)) {
    for (const [name, property] of Object.entries(group.properties) as Array<[string, SchemaProperty & { exists?: boolean; schema?: string }]>) {
      const value = params[name];
      if (!INPUT_FORMATS.has(property.format ?? '') || typeof value !== 'string' || !value || isRemoteInput(value)) continue;
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
        errors[field] = refusalOf(value);
        continue;
      }
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
        if (options.engine === 'local' || property.exists) errors[field] = `No file at ${value} on this server: upload it in the form, or pick a stored file`;
        continue;
      }
      if (!isSamplesheet(pipeline, name, property)) continue;
      const schemaFile = typeof property.schema === 'string' ? path.resolve(pipeline.directory, property.schema) : null;
      const refusal = await samplesheetRefusal(file, samplesheetPaths(file, schemaFile, path.dirname(file)), options, roots);
      const problem = refusal ?? (schemaFile ? samplesheetProblems(file, schemaFile, path.dirname(file)) : null);
      if (problem) errors[field] = problem;
    }
  }
  return errors;
}
