import { fileIdOf } from '../../../contract/file-reference';
import { flatParams } from './run-params';

/** What the comparison needs of a run: its pipeline, revision and parameters, and its outputs' stored files. */
export interface ReproducibleRun {
  id: number;
  name: string;
  pipelineId: string;
  revision: string;
  params: Record<string, unknown>;
  outputs: Array<{ path: string; fileId: number | null }>;
}

/** Runs that agree on pipeline, revision, parameters and the bytes of every input file, and what their outputs say. */
export interface SameInputs {
  runs: Array<{ id: number; name: string }>;
  /** Outputs every run of the group wrote, registered with a checksum. */
  compared: number;
  /** Paths whose bytes differ between the runs: the pipeline is not deterministic there. */
  differing: string[];
}

/**
 * Groups the compared runs that should have produced the same results: the same pipeline and
 * revision, the same parameters, and inputs with the same bytes (a parameter naming a stored file
 * counts by the file's SHA-256, so two uploads of one file agree). For each such group, compares
 * the outputs they all wrote by checksum. A file whose checksum is not known (not loaded, deleted)
 * makes its run agree with no other: nothing is claimed that was not checked.
 */
export function sameInputGroups(runs: ReproducibleRun[], checksumOf: (fileId: number) => string | undefined): SameInputs[] {
  const groups = new Map<string, ReproducibleRun[]>();
  for (const run of runs) {
    let unknown = false;
    const params = [...flatParams(run.params)]
      .map(([key, value]) => {
        const fileId = fileIdOf(value);
        if (fileId === null) return [key, value];
        const sha256 = checksumOf(fileId);
        if (sha256 === undefined) unknown = true;
        return [key, `sha256:${sha256}`];
      })
      .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
    if (unknown) continue;
    const key = JSON.stringify([run.pipelineId, run.revision, params]);
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  return [...groups.values()]
    .filter((group) => group.length >= 2)
    .map((group) => {
      const written = group.map((run) => new Map(run.outputs.flatMap((output) => (output.fileId === null ? [] : [[output.path, checksumOf(output.fileId)]]))));
      const paths = [...written[0]!.keys()].filter((path) => written.every((outputs) => outputs.get(path) !== undefined));
      return {
        runs: group.map((run) => ({ id: run.id, name: run.name })),
        compared: paths.length,
        differing: paths.filter((path) => written.some((outputs) => outputs.get(path) !== written[0]!.get(path))),
      };
    });
}
