import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline as streamPipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { files, fileTypes, type runs } from '../db/schema';
import type { CataloguePipeline } from '../pipelines/catalogue';
import { fileTypeOf } from '../../contract/file-detection';
import { headerOf } from '../storage/content-check';
import { registerLocalFile } from '../storage/file-store';

/** A run with its folder (run-folder.ts). */
type Run = Pick<typeof runs.$inferSelect, 'id' | 'params' | 'projectId' | 'experimentId' | 'launchedById' | 'pipelineId'> & { runDir: string };

export interface RunOutput {
  /** Relative to the output directory. */
  path: string;
  sizeBytes: number;
  modifiedAt: string;
  fileType: string | null;
  fileTypeId: number | null;
  /** The stored file it was registered as (once the run succeeded). */
  fileId: number | null;
}

const MAX_OUTPUTS = 2000;

/** Whether `child` is `parent` or lies below it. */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Whether `child` lies below `parent` (and is not `parent` itself). */
export function isStrictlyInside(parent: string, child: string): boolean {
  return isInside(parent, child) && path.relative(parent, child) !== '';
}

/** `s3://bucket/x`, `gs://…`: an outdir Nextflow writes to object storage, not this server's disk. */
export const isRemoteLocation = (outdir: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(outdir);

/** The run's `outdir` as given, `results` when unset. */
export const outdirOf = (params: Record<string, unknown>) => (typeof params.outdir === 'string' && params.outdir ? params.outdir : 'results');

/**
 * Why an outdir cannot be used, or null when it can. A local outdir must lie below the run's own
 * folder: the data folder around it holds the database and every other run's secret, and the run
 * folder itself holds this run's (`weblog-secret`).
 */
export function outdirProblem(outdir: string, runDir: string): string | null {
  if (isRemoteLocation(outdir)) return null;
  if (!isStrictlyInside(runDir, path.resolve(runDir, outdir))) return 'Use a relative path to a folder inside the run’s own folder, such as results';
  return null;
}

/** The real path of `target` (symbolic links resolved), or null when it does not exist. */
function realPath(target: string): string | null {
  try {
    return fs.realpathSync(target);
  } catch {
    return null;
  }
}

/** The run's output directory on this server, or null when it is elsewhere (s3://…). */
export function outputDirectory(run: Pick<Run, 'params' | 'runDir'>): string | null {
  const outdir = outdirOf(run.params);
  if (isRemoteLocation(outdir)) return null;
  return path.resolve(run.runDir, outdir);
}

/**
 * The output directory and its real path; `real` is null when the directory is, or by a symbolic
 * link leads, outside the run's folder: then nothing in it is listed or registered, whatever the
 * pipeline wrote.
 */
function confinedOutputDirectory(run: Pick<Run, 'params' | 'runDir'>): { directory: string; real: string | null } {
  const directory = outputDirectory(run)!;
  const runDir = realPath(run.runDir);
  const real = realPath(directory);
  const confined = runDir !== null && real !== null && outdirProblem(outdirOf(run.params), run.runDir) === null && isStrictlyInside(runDir, real);
  return { directory, real: confined ? real : null };
}

function walk(directory: string, base = directory, found: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(directory, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (found.length >= MAX_OUTPUTS) break;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) walk(full, base, found);
    else if (entry.isFile()) found.push(path.relative(base, full));
  }
  return found;
}

/** What is in the run's output directory now. */
export async function listOutputs(db: Database, run: Run, pipeline: CataloguePipeline | undefined, dataDir: string): Promise<{ location: string; local: boolean; outputs: RunOutput[] }> {
  if (!outputDirectory(run)) return { location: outdirOf(run.params), local: false, outputs: [] };
  const { directory, real } = confinedOutputDirectory(run);
  if (!real) return { location: directory, local: true, outputs: [] };
  const allTypes = await db.select({ id: fileTypes.id, name: fileTypes.name, extensions: fileTypes.extensions, requiredColumns: fileTypes.requiredColumns }).from(fileTypes);
  // A pipeline's outputs are of the types it declares, or QC summaries; anything else is a generic table or report.
  const declared = pipeline?.manifest.outputFileTypes ?? [];
  const types = declared.length > 0 ? allTypes.filter((type) => declared.includes(type.name) || type.name === 'QC summary JSON') : allTypes;
  const registered = await db.select({ id: files.id, storagePath: files.storagePath }).from(files).where(eq(files.runId, run.id));
  const registeredByPath = new Map(registered.map((file) => [file.storagePath, file.id]));
  // Walked through its real path; walk() follows no symbolic link below it.
  const outputs = walk(real).map((relative) => {
    const full = path.join(directory, relative);
    const stat = fs.statSync(path.join(real, relative));
    const type = fileTypeOf(relative, types, { preferred: declared, header: /\.(csv|tsv)$/i.test(relative) ? headerOf(full) : null }) ?? fileTypeOf(relative, allTypes, { generic: true });
    return {
      path: relative,
      sizeBytes: stat.size,
      modifiedAt: stat.mtime.toISOString(),
      fileType: type?.name ?? null,
      fileTypeId: type?.id ?? null,
      fileId: registeredByPath.get(path.relative(dataDir, path.join(directory, relative))) ?? null,
    };
  });
  return { location: directory, local: true, outputs };
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await streamPipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Registers each output of a succeeded run as a stored file of its type (once). */
export async function registerOutputs(db: Database, run: Run, dataDir: string, pipeline: CataloguePipeline | undefined): Promise<number> {
  const { outputs, local, location } = await listOutputs(db, run, pipeline, dataDir);
  if (!local) return 0;
  const runDir = realPath(run.runDir);
  let added = 0;
  for (const output of outputs) {
    if (output.fileId) continue;
    const full = path.join(location, output.path);
    // Checked again file by file: only regular files whose real path lies in the run's folder.
    const real = realPath(full);
    if (!real || !runDir || !isStrictlyInside(runDir, real) || !fs.lstatSync(full).isFile() || !isInside(dataDir, full)) continue;
    const storagePath = path.relative(dataDir, full);
    const isNew = await registerLocalFile(db, {
      name: output.path,
      storagePath,
      sizeBytes: output.sizeBytes,
      sha256: await sha256Of(full),
      fileTypeId: output.fileTypeId,
      projectId: run.projectId,
      experimentId: run.experimentId,
      runId: run.id,
      uploadedById: run.launchedById,
    });
    if (isNew) added += 1;
  }
  return added;
}
