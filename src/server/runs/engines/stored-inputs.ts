import fs from 'node:fs';
import path from 'node:path';
import { isFileReference } from '../../../contract/file-reference';
import type { ResolvedInputs, ResolvedSheet } from '../../pipelines/launch-inputs';

/**
 * A run's parameters keep the references of the stored files it reads (seedbed://files/<id>), so
 * that a relaunch, the run page and lineage see which file it was; the engine gives the pipeline
 * their paths. The run service looks them up again as the run starts (after the local queue, or a
 * restart) and hands them to the engine just before it starts the run; a
 * samplesheet that names stored files by reference is given to the pipeline as a copy with their
 * paths, written into the run's folder (the stored sheet is never changed).
 */
export function createStoredInputs() {
  const paths = new Map<string, string>();
  const sheets = new Map<string, ResolvedSheet>();

  /** What a launch found its references to stand for. A file's path never changes, and a file a run reads cannot be deleted. */
  function remember(inputs: ResolvedInputs): void {
    for (const [reference, location] of inputs.paths) paths.set(reference, location);
    for (const [value, sheet] of inputs.sheets) sheets.set(value, sheet);
  }

  /**
   * The parameters as the pipeline is given them: references made paths, samplesheets with
   * references made copies in `<runDir>/inputs`. A resumed run reads what the run it resumes was
   * given (its params file), which holds even when Seedbed has restarted since that launch.
   */
  function resolve(params: Record<string, unknown>, runDir: string, resumedRunDir?: string): Record<string, unknown> {
    const earlier = resumedRunDir ? givenBefore(resumedRunDir) : {};
    return Object.fromEntries(
      Object.entries(params).map(([name, value]) => {
        if (typeof value !== 'string') return [name, value];
        const sheet = sheets.get(value);
        if (sheet) {
          const folder = path.join(runDir, 'inputs');
          fs.mkdirSync(folder, { recursive: true });
          const copy = path.join(folder, sheet.name);
          fs.writeFileSync(copy, sheet.text, { mode: 0o600 });
          return [name, copy];
        }
        if (!isFileReference(value)) return [name, value];
        const location = paths.get(value) ?? earlier[name];
        if (typeof location !== 'string') {
          throw new Error(`${name} is the stored file ${value}, which was not looked up before the run started: relaunch the run.`);
        }
        return [name, location];
      }),
    );
  }

  return { remember, resolve };
}

/** The parameters an earlier run was given (its params file), or none when it cannot be read. */
function givenBefore(runDir: string): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(path.join(runDir, 'params.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export type StoredInputs = ReturnType<typeof createStoredInputs>;
