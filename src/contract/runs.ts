import { z } from 'zod';
import { finiteNumber, int32, MAX_INT32, momentParam, optionalRecordId, recordId, safeInteger } from './fields';
import { listQuerySchema } from './list';
import { LISTS } from './list-definitions';
import { LABEL_MAX, LABEL_PATTERN, LABEL_RULE, MAX_LABELS, RUN_ENGINES, RUN_NAME_MAX, RUN_NAME_PATTERN, RUN_NAME_RULE, RUN_STATUSES, TASK_STATUSES } from './run-codes';

export * from './run-codes';

/**
 * Runs, their groups and the weblog events that report on them. Statuses are Seqera Platform's;
 * task states and the weblog event format are Nextflow's own.
 */

export const runNameSchema = z.string({ error: 'Required' }).trim().min(1, 'Required').max(RUN_NAME_MAX, `At most ${RUN_NAME_MAX} characters`).regex(RUN_NAME_PATTERN, RUN_NAME_RULE);

export const labelSchema = z.string().trim().min(1, 'Labels cannot be empty').max(LABEL_MAX, `Labels are at most ${LABEL_MAX} characters`).regex(LABEL_PATTERN, LABEL_RULE);

/**
 * A branch, tag or commit, as Git allows it. It goes on Nextflow's command line after `-r`, so
 * one that begins with `-` (`-resume`, `-c/etc/passwd`) would be read as an option: Git refuses
 * such names too.
 */
export const revisionSchema = z
  .string()
  .trim()
  .regex(/^[\w./-]{1,100}$/, 'A branch, tag or commit: letters, digits, _ . / and -')
  .refine((revision) => !revision.startsWith('-'), 'Begins with -, which Nextflow would read as an option: give a branch, tag or commit');

export const runLaunchSchema = z.object({
  pipelineId: z.string().regex(/^[a-z0-9-]+$/, 'Pipeline ids are lower-case letters, digits and dashes'),
  name: runNameSchema,
  groupId: optionalRecordId.describe('The run group it belongs to'),
  projectId: optionalRecordId.describe('The project it is for'),
  experimentId: optionalRecordId.describe('The experiment it analyses; its outputs are filed under it too'),
  labels: z.array(labelSchema).max(MAX_LABELS, `At most ${MAX_LABELS} labels`).default([]),
  params: z.record(z.string(), z.unknown()).describe('Pipeline parameters, checked against its nextflow_schema.json'),
  relaunchOf: optionalRecordId.describe('The run this launch repeats (the form filled from it)'),
  revision: revisionSchema.optional().describe('Another revision of the pipeline than the catalogue’s (nextflow engine)'),
  recommendedResources: z.boolean().optional().describe('Run with the cpus, memory and time recommended from the pipeline’s past runs (nextflow engine: a config passed with -c)'),
});
export type RunLaunch = z.input<typeof runLaunchSchema>;
export type RunLaunchValues = z.output<typeof runLaunchSchema>;

/** What a launch would be refused for, found without launching: the launch's own check. */
export const runLaunchCheckSchema = z
  .object({
    errors: z.record(z.string(), z.string()).describe('Every problem by field (`params.<name>` for a parameter), as the launch would refuse them; empty when it would be taken'),
    message: z.string().nullable().describe('The refusal’s sentence, as the launch would say it; null when it would be taken'),
  })
  .describe('A launch checked without launching');
export type RunLaunchCheck = z.infer<typeof runLaunchCheckSchema>;

/** What can change on a run after its launch: the group it is in, and its labels. */
export const runUpdateSchema = z
  .object({
    groupId: recordId.nullable().optional().describe('The run group to join; null leaves its group'),
    labels: z.array(labelSchema).max(MAX_LABELS, `At most ${MAX_LABELS} labels`).optional(),
  })
  .refine((value) => value.groupId !== undefined || value.labels !== undefined, { message: 'Give groupId, labels or both' });
export type RunUpdate = z.input<typeof runUpdateSchema>;

/** Resuming a nextflow run: Nextflow's -resume with the run's session, in its work directory. */
export const runResumeSchema = z.object({
  name: runNameSchema.optional().describe('The new run’s name (default: the old name with _resumed)'),
  revision: revisionSchema.optional().describe('Another revision of the pipeline (default: the run’s own)'),
});
export type RunResume = z.input<typeof runResumeSchema>;

export const runGroupInputSchema = z.object({
  name: z.string({ error: 'Required' }).trim().min(1, 'Required').max(120, 'At most 120 characters'),
  description: z
    .string()
    .trim()
    .max(4000, 'At most 4000 characters')
    .optional()
    .nullable()
    .transform((value) => value || null),
});

/**
 * One weblog post, as Nextflow's WebLogObserver sends it. Unknown fields are kept out of the
 * way, not refused: newer Nextflow versions add trace fields.
 */
export const WEBLOG_EVENTS = ['started', 'process_submitted', 'process_started', 'process_completed', 'error', 'completed'] as const;

const traceSchema = z
  .object({
    task_id: int32.nonnegative(),
    // Bounded so that every accepted event can be stored (process is indexed: a btree entry holds at most 2,704 bytes).
    status: z.string().max(32, 'At most 32 characters'),
    hash: z.string().max(256, 'At most 256 characters').nullish(),
    name: z.string().max(2000, 'At most 2000 characters'),
    process: z.string().max(500, 'At most 500 characters'),
    exit: int32.nullish(),
    // Milliseconds and bytes, as Nextflow counts them: whole numbers.
    submit: safeInteger.nullish(),
    start: safeInteger.nullish(),
    complete: safeInteger.nullish(),
    duration: safeInteger.nullish(),
    realtime: safeInteger.nullish(),
    '%cpu': finiteNumber.nullish(),
    peak_rss: safeInteger.nullish(),
    workdir: z.string().max(4096, 'At most 4096 characters').nullish(),
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

/* Responses: what the runs API answers, defined here once for the server and the console. */

/** Tasks of a run folded into what a progress bar shows. */
export const runProgressSchema = z.object({ total: z.number().int(), done: z.number().int(), running: z.number().int(), failed: z.number().int() });
export type RunProgress = z.infer<typeof runProgressSchema>;

/** One process of a run (Nextflow's process name) and its tasks by state. */
export const processProgressSchema = z.object({
  process: z.string(),
  pending: z.number().int(),
  running: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cached: z.number().int(),
});
export type ProcessProgress = z.infer<typeof processProgressSchema>;

const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const runSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    pipelineId: z.string(),
    revision: z.string(),
    engine: z.enum(RUN_ENGINES),
    status: z.enum(RUN_STATUSES),
    statusReason: z.string().nullable(),
    labels: z.array(z.string()),
    groupId: z.number().int().nullable(),
    groupName: z.string().nullable(),
    projectId: z.number().int().nullable(),
    projectName: z.string().nullable(),
    experimentId: z.number().int().nullable(),
    launchedBy: personSchema.nullable(),
    submittedAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    outputsRegistered: z.boolean().describe('Whether its outputs are stored files yet: a run of this Seedbed registers them as its process exits, a moment after SUCCEEDED'),
    progress: runProgressSchema,
    relatedRunId: z.number().int().nullable().describe('The run this one resumes or relaunches'),
    relation: z.enum(['resume', 'relaunch']).nullable(),
  })
  .describe('A run');
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runDetailSchema = runSummarySchema
  .extend({
    params: z.record(z.string(), z.unknown()),
    runDir: z.string(),
    workDir: z.string(),
    queuePosition: z.number().int().nullable().describe('Place in the local queue while waiting'),
    relatedRunName: z.string().nullable().describe('The name of the run this one resumes or relaunches (null when none, or deleted)'),
    processes: z.array(processProgressSchema),
    workflowStats: z.record(z.string(), z.unknown()).nullable(),
    sessionId: z.string().nullable().describe('Nextflow’s session id (what -resume takes)'),
    canResume: z.boolean().describe('Whether Resume applies: an ended nextflow run with a session id'),
  })
  .describe('A run with its parameters and per-process progress');
export type RunDetail = z.infer<typeof runDetailSchema>;

export const runListQuerySchema = listQuerySchema(LISTS.runs, {
  status: z.enum(RUN_STATUSES, { error: `One of ${RUN_STATUSES.join(', ')}` }).optional(),
  pipelineId: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'A pipeline id')
    .optional(),
  groupId: recordId.optional(),
  projectId: recordId.optional(),
  experimentId: recordId.optional(),
  mine: z
    .enum(['true', 'false'], { error: 'true or false' })
    .transform((value) => value === 'true')
    .optional(),
  label: z.string().trim().max(40).optional(),
  after: momentParam.optional(),
  before: momentParam.optional(),
});
export type RunListQuery = z.output<typeof runListQuerySchema>;

/** The list's filters without paging or order: which runs to count. */
export const runCountQuerySchema = runListQuerySchema.omit({ page: true, pageSize: true, sort: true, order: true });
export type RunCountQuery = z.output<typeof runCountQuerySchema>;

export const runStatusCountsSchema = z
  .object({
    total: z.number().int(),
    byStatus: z.array(z.object({ status: z.enum(RUN_STATUSES), count: z.number().int() })).describe('Every status in its usual order, 0 where none'),
  })
  .describe('How many runs stand where');
export type RunStatusCounts = z.infer<typeof runStatusCountsSchema>;

/** Whether the runtime knows `value` as an IANA time zone (Europe/Berlin). */
export const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const runDailyCountsQuerySchema = z.object({
  days: z.coerce.number({ error: 'A whole number of days' }).int('A whole number of days').min(1, 'At least 1 day').max(366, 'At most 366 days').default(30),
  timeZone: z.string().max(64).refine(isTimeZone, 'An IANA time zone such as Europe/Berlin').default('UTC').describe('Where a day begins and ends'),
});
export type RunDailyCountsQuery = z.output<typeof runDailyCountsQuerySchema>;

export const runDailyCountsSchema = z
  .object({
    days: z.array(z.string()).describe('Every day of the range, oldest first (YYYY-MM-DD)'),
    byStatus: z
      .array(z.object({ status: z.enum(RUN_STATUSES), counts: z.array(z.number().int()).describe('Runs submitted on each day that now have this status') }))
      .describe('Every status in its usual order'),
    total: z.number().int(),
  })
  .describe('Runs submitted per day, by their status now');
export type RunDailyCounts = z.infer<typeof runDailyCountsSchema>;

/** One Nextflow task as the weblog reported it (times in epoch milliseconds, sizes in bytes). */
export const runTaskSchema = z
  .object({
    taskId: z.number().int(),
    process: z.string(),
    name: z.string(),
    status: z.string().describe('NEW, SUBMITTED, RUNNING, COMPLETED, FAILED, ABORTED or CACHED'),
    hash: z.string().nullable(),
    exit: z.number().int().nullable(),
    submit: z.number().nullable(),
    start: z.number().nullable(),
    complete: z.number().nullable(),
    duration: z.number().nullable(),
    realtime: z.number().nullable(),
    cpuPercent: z.number().nullable(),
    peakRss: z.number().nullable(),
    workdir: z.string().nullable(),
  })
  .describe('A task');
export type RunTask = z.infer<typeof runTaskSchema>;

export const runTaskDetailSchema = runTaskSchema
  .extend({
    details: z
      .record(z.string(), z.unknown())
      .describe('The rest of what Nextflow reported: tag, container, native_id, attempt, queue, cpus, memory, time, script (up to 8,000 characters), %mem, rss, vmem, rchar, wchar…'),
  })
  .describe('A task with everything Nextflow reported of it');
export type RunTaskDetail = z.infer<typeof runTaskDetailSchema>;
export const runTaskParamsSchema = z.object({
  id: recordId,
  taskId: z.coerce.number({ error: 'A task number' }).int('A task number').min(0, 'A task number').max(MAX_INT32, `Task numbers go up to ${MAX_INT32}`),
});

export const runTasksQuerySchema = listQuerySchema(LISTS.tasks, {
  status: z.enum(TASK_STATUSES, { error: `A Nextflow task status: ${TASK_STATUSES.join(', ')}` }).optional(),
  process: z.string().trim().min(1).max(200).optional().describe('Only the tasks of this process (its full name)'),
});
export type RunTasksQuery = z.output<typeof runTasksQuerySchema>;

const spreadSchema = z
  .object({ min: z.number(), q1: z.number(), median: z.number(), q3: z.number(), max: z.number(), mean: z.number(), n: z.number().int() })
  .nullable()
  .describe('Quartiles (linear interpolation, as R type 7 and NumPy), mean and count of the tasks that report it; null when none does');

export const processMetricsSchema = z
  .object({
    process: z.string(),
    tasks: z.number().int(),
    durationMs: spreadSchema.describe('Submit to complete'),
    realtimeMs: spreadSchema.describe('Start to complete'),
    cpuPercent: spreadSchema,
    peakRssBytes: spreadSchema,
  })
  .describe('One process: how its tasks spread in time and resources');
export type ProcessMetrics = z.infer<typeof processMetricsSchema>;
export type Spread = NonNullable<ProcessMetrics['durationMs']>;

export const runMetricsSchema = z.object({ processes: z.array(processMetricsSchema).describe('In the order the run first reported them') });
export type RunMetrics = z.infer<typeof runMetricsSchema>;

export const runTimelineQuerySchema = z.object({
  max: z.coerce
    .number({ error: 'A whole number' })
    .int('A whole number')
    .min(10, 'At least 10')
    .max(20_000, 'At most 20,000')
    .default(3000)
    .describe('At most this many tasks; more are sampled evenly in submit order'),
});

export const runTimelineSchema = z
  .object({
    total: z.number().int().describe('Tasks that have been submitted'),
    sampled: z.boolean().describe('Whether only every so many of them are here'),
    processes: z.array(z.string()).describe('In the order the run first reported them; tasks refer to them by index'),
    tasks: z.array(z.tuple([z.number().int(), z.number(), z.number().nullable(), z.number().nullable()])).describe('[process index, submit, start, complete], epoch ms, in submit order'),
  })
  .describe('When each task was submitted, started and completed: the run page’s timeline');
export type RunTimeline = z.infer<typeof runTimelineSchema>;

export const runOutputSchema = z.object({
  path: z.string().describe('Relative to the output directory'),
  sizeBytes: z.number(),
  modifiedAt: z.string(),
  fileType: z.string().nullable(),
  fileTypeId: z.number().int().nullable(),
  fileId: z.number().int().nullable().describe('The stored file, once registered'),
});
export type RunOutput = z.infer<typeof runOutputSchema>;

export const runOutputsSchema = z.object({ location: z.string(), local: z.boolean(), outputs: z.array(runOutputSchema) });
export type RunOutputs = z.infer<typeof runOutputsSchema>;

export const runLogQuerySchema = z.object({ offset: safeInteger.min(0, 'Offsets start at 0').default(0) });
export const runLogSchema = z.object({ text: z.string(), nextOffset: z.number().int(), size: z.number().int() });
export type RunLog = z.infer<typeof runLogSchema>;

export type { RunGroupRecord as RunGroup } from './records';

/** The weblog address carries the run's secret, since Nextflow's weblog sends no header of its own. */
export const weblogQuerySchema = z.object({ secret: z.string().min(16, 'The run’s weblog secret').max(128) });
