import { z } from 'zod';
import { optionalRecordId } from './fields';
import { listQuerySchema } from './list';
import { LISTS } from './list-definitions';
import { MLFLOW_RUN_ID_PATTERN, MLFLOW_RUN_ID_RULE, MLFLOW_RUN_STATUSES, parseMlflowRunUrl, TRACKING_URI_RULE, trackingUriOf } from './mlflow-url';

export * from './mlflow-url';

/**
 * MLflow runs tracked by Seedbed: a snapshot of a run read through MLflow's REST API 2.0
 * (`runs/get`, `metrics/get-history`), kept so the numbers stay beside the Seedbed run that
 * trained the model even when the tracking server moves.
 */

const trackingUriSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(2000, 'At most 2000 characters')
  .refine((value) => trackingUriOf(value) !== null, TRACKING_URI_RULE);

export const mlflowRunIdSchema = z.string().trim().max(256, 'At most 256 characters').regex(MLFLOW_RUN_ID_PATTERN, MLFLOW_RUN_ID_RULE);

/**
 * What the track form sends. `trackingUri` may be a whole run URL copied from MLflow's UI, in
 * which case the run id is read from it.
 */
export const mlflowTrackSchema = z
  .object({
    trackingUri: trackingUriSchema.describe('The address MLflow’s UI opens at, e.g. http://mlflow.example.org:5000, or a run’s URL copied from it'),
    mlflowRunId: z.string().trim().max(256, 'At most 256 characters').default('').describe('The MLflow run id (read from the URL when one is given)'),
    runId: optionalRecordId.describe('The Seedbed run this MLflow run belongs to'),
    refreshWhileRunning: z.boolean().default(true).describe('Refresh the snapshot until the MLflow run ends'),
  })
  .transform((input, context) => {
    const parsed = parseMlflowRunUrl(input.trackingUri);
    const mlflowRunId = input.mlflowRunId || parsed?.runId || '';
    const checked = mlflowRunIdSchema.safeParse(mlflowRunId);
    if (!mlflowRunId) {
      context.addIssue({ code: 'custom', path: ['mlflowRunId'], message: 'Required: the run id, or paste the run’s URL into the tracking URI' });
      return z.NEVER;
    }
    if (!checked.success) {
      context.addIssue({ code: 'custom', path: ['mlflowRunId'], message: checked.error.issues[0]?.message ?? MLFLOW_RUN_ID_RULE });
      return z.NEVER;
    }
    return { trackingUri: parsed?.trackingUri ?? (trackingUriOf(input.trackingUri) as string), mlflowRunId: checked.data, runId: input.runId, refreshWhileRunning: input.refreshWhileRunning };
  });
export type MlflowTrackInput = z.input<typeof mlflowTrackSchema>;
export type MlflowTrack = z.output<typeof mlflowTrackSchema>;

export const mlflowUpdateSchema = z.object({
  runId: optionalRecordId.describe('The Seedbed run it belongs to; null unties it'),
  refreshWhileRunning: z.boolean().optional(),
});
export type MlflowUpdate = z.input<typeof mlflowUpdateSchema>;

export const mlflowListQuerySchema = listQuerySchema(LISTS['mlflow-runs'], {
  runId: optionalRecordId.describe('Only those tied to this Seedbed run'),
  status: z.enum(MLFLOW_RUN_STATUSES, { error: `One of ${MLFLOW_RUN_STATUSES.join(', ')}` }).optional(),
});

const moment = z.string().describe('ISO 8601').nullable();

/** A metric's value at a step. MLflow's NaN and ±Infinity travel as null (JSON has no such numbers). */
export const mlflowMetricSchema = z.object({
  key: z.string(),
  value: z.number().nullable(),
  step: z.number().int(),
  timestamp: z.number().int().describe('Milliseconds since 1970'),
});
export type MlflowMetric = z.infer<typeof mlflowMetricSchema>;

export const mlflowKeyValueSchema = z.object({ key: z.string(), value: z.string() });
export type MlflowKeyValue = z.infer<typeof mlflowKeyValueSchema>;

export const trackedMlflowRunSchema = z.object({
  id: z.number().int(),
  trackingUri: z.string(),
  mlflowRunId: z.string(),
  experimentId: z.string().nullable(),
  name: z.string().describe('The MLflow run name, or its id when it has none'),
  status: z.enum(MLFLOW_RUN_STATUSES),
  mlflowUser: z.string().nullable(),
  startTime: moment,
  endTime: moment,
  artifactUri: z.string().nullable(),
  runId: z.number().int().nullable().describe('The Seedbed run it belongs to'),
  runName: z.string().nullable(),
  refreshWhileRunning: z.boolean(),
  refreshedAt: z.string().describe('When the snapshot was last read from MLflow'),
  refreshError: z.string().nullable().describe('Why the last refresh failed (the snapshot is kept)'),
  deletedInMlflowAt: moment.describe('When Seedbed found the run deleted on the MLflow side (the snapshot is kept)'),
  latestMetrics: z.array(mlflowMetricSchema),
  uiUrl: z.string().describe('The run in MLflow’s own UI'),
  trackedAt: z.string(),
});
export type TrackedMlflowRun = z.infer<typeof trackedMlflowRunSchema>;

export const trackedMlflowRunDetailSchema = trackedMlflowRunSchema.extend({
  params: z.array(mlflowKeyValueSchema),
  tags: z.array(mlflowKeyValueSchema),
  histories: z.array(z.object({ key: z.string(), points: z.number().int() })).describe('How many points each metric’s kept history has'),
});
export type TrackedMlflowRunDetail = z.infer<typeof trackedMlflowRunDetailSchema>;

/** Every point of a metric's history, column by column, in step order. */
export const mlflowHistorySchema = z.object({
  key: z.string(),
  steps: z.array(z.number().int()),
  timestamps: z.array(z.number().int()),
  values: z.array(z.number().nullable()),
});
export type MlflowHistory = z.infer<typeof mlflowHistorySchema>;
export const mlflowHistoriesSchema = z.object({ data: z.array(mlflowHistorySchema) });
export type MlflowHistories = z.infer<typeof mlflowHistoriesSchema>;

export const mlflowRefreshAllSchema = z.object({
  refreshed: z.number().int(),
  failed: z.array(z.object({ id: z.number().int(), name: z.string(), message: z.string() })),
});
export type MlflowRefreshAll = z.infer<typeof mlflowRefreshAllSchema>;
