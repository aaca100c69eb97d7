import { z } from 'zod';
import { finiteNumber, int32, momentParam, optionalRecordId, safeInteger } from './fields';
import { LABEL_MAX, LABEL_PATTERN, LABEL_RULE, MAX_LABELS, RUN_ENGINES, RUN_NAME_MAX, RUN_NAME_PATTERN, RUN_NAME_RULE } from './run-codes';

export * from './run-codes';

/**
 * Runs, their groups and the weblog events that report on them. Statuses are Seqera Platform's;
 * task states and the weblog event format are Nextflow's own.
 */

export const runNameSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(RUN_NAME_MAX, `At most ${RUN_NAME_MAX} characters`)
  .regex(RUN_NAME_PATTERN, RUN_NAME_RULE);

export const labelSchema = z
  .string()
  .trim()
  .min(1, 'Labels cannot be empty')
  .max(LABEL_MAX, `Labels are at most ${LABEL_MAX} characters`)
  .regex(LABEL_PATTERN, LABEL_RULE);


export const runLaunchSchema = z.object({
  pipelineId: z.string().regex(/^[a-z0-9-]+$/, 'Pipeline ids are lower-case letters, digits and dashes'),
  name: runNameSchema,
  groupId: optionalRecordId.describe('The run group it belongs to'),
  projectId: optionalRecordId.describe('The project it is for'),
  labels: z.array(labelSchema).max(MAX_LABELS, `At most ${MAX_LABELS} labels`).default([]),
  params: z.record(z.string(), z.unknown()).describe('Pipeline parameters, checked against its nextflow_schema.json'),
});
export type RunLaunch = z.input<typeof runLaunchSchema>;

export const runGroupInputSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(120, 'At most 120 characters'),
  description: z.string().trim().max(4000, 'At most 4000 characters').optional().nullable().transform((value) => value || null),
});

/**
 * One weblog post, as Nextflow's WebLogObserver sends it. Unknown fields are kept out of the
 * way, not refused: newer Nextflow versions add trace fields.
 */
export const WEBLOG_EVENTS = ['started', 'process_submitted', 'process_started', 'process_completed', 'error', 'completed'] as const;

const traceSchema = z
  .object({
    task_id: int32.nonnegative(),
    status: z.string(),
    hash: z.string().nullish(),
    name: z.string(),
    process: z.string(),
    exit: int32.nullish(),
    // Milliseconds and bytes, as Nextflow counts them: whole numbers.
    submit: safeInteger.nullish(),
    start: safeInteger.nullish(),
    complete: safeInteger.nullish(),
    duration: safeInteger.nullish(),
    realtime: safeInteger.nullish(),
    '%cpu': finiteNumber.nullish(),
    peak_rss: safeInteger.nullish(),
    workdir: z.string().nullish(),
  })
  .loose();

const workflowSchema = z
  .object({
    success: z.boolean().nullish(),
    errorMessage: z.string().nullish(),
    errorReport: z.string().nullish(),
    exitStatus: z.number().nullish(),
    start: momentParam.nullish(),
    complete: momentParam.nullish(),
    stats: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();

export const weblogEventSchema = z
  .object({
    runName: z.string(),
    runId: z.string(),
    event: z.enum(WEBLOG_EVENTS),
    utcTime: momentParam,
    trace: traceSchema.optional(),
    metadata: z.object({ workflow: workflowSchema.optional(), parameters: z.unknown().optional() }).loose().optional(),
  })
  .loose()
  .refine((event) => !event.event.startsWith('process_') || event.trace, { message: 'Process events carry a trace', path: ['trace'] });
export type WeblogEvent = z.infer<typeof weblogEventSchema>;
