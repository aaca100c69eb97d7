import type { PipelineDetail } from '../../../contract/pipelines';
import type { RunDetail, RunGroup } from '../../../contract/runs';

export type Pipeline = PipelineDetail;
/** A run group or a project, as the pickers need them. */
export type Named = Pick<RunGroup, 'id' | 'name'>;
/** The run a relaunch starts from (`?from=`). */
export type EarlierRun = Pick<RunDetail, 'id' | 'name' | 'pipelineId' | 'params' | 'labels' | 'groupId' | 'projectId' | 'experimentId' | 'revision'>;

export interface LaunchValues {
  name: string;
  groupId: string;
  projectId: string;
  experimentId: string;
  labels: string;
  /** The pipeline revision (nextflow engine only; the catalogue's by default). */
  revision: string;
  /** Run with the resources recommended from the pipeline's past runs (nextflow engine only). */
  recommendedResources: boolean;
  params: Record<string, unknown>;
}
