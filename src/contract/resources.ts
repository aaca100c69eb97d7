import { z } from 'zod';
import { isoDate } from './fields';
import { RESOURCE_EXIT_CODES, RESOURCE_EXITS, TREND_BUCKETS, TREND_CSV_HEADERS, TREND_GROUPS } from './resource-codes';
import { isTimeZone, labelSchema, revisionSchema } from './runs';

/**
 * Resource intelligence: what each process of a pipeline used against what it asked for (from the
 * tasks' Nextflow trace: realtime, %cpu, peak_rss and the requested cpus, memory and time), what
 * the next run should ask for, and where the CPU-hours went over time.
 */

export { RESOURCE_EXIT_CODES, RESOURCE_EXITS, TREND_BUCKETS, TREND_CSV_HEADERS, TREND_GROUPS };

const fraction = (what: string, max: number) =>
  z.coerce
    .number({ error: `${what}: a number` })
    .min(0, `${what}: at least 0`)
    .max(max, `${what}: at most ${max}`);

export const recommendationQuerySchema = z.object({
  pipeline: z.string().regex(/^[a-z0-9-]+$/, 'Pipeline ids are lower-case letters, digits and dashes'),
  label: labelSchema.optional().describe('Only runs with this label'),
  revision: revisionSchema.optional().describe('Only runs of this revision'),
  minInputBytes: z.coerce.number().int().nonnegative().optional().describe('Only tasks that read at least this many bytes (trace rchar)'),
  maxInputBytes: z.coerce.number().int().nonnegative().optional().describe('Only tasks that read at most this many bytes (trace rchar)'),
  percentile: z.coerce
    .number({ error: 'A percentile from 50 to 100' })
    .min(50, 'At least the 50th percentile')
    .max(100, 'At most 100 (the maximum)')
    .default(100)
    .describe('What is sized from: 100 is the observed maximum'),
  margin: fraction('The margin', 2).default(0.2).describe('Added on top, as a fraction (0.2 = 20 %)'),
  retryFactor: z.coerce
    .number({ error: 'A factor from 1 to 4' })
    .min(1, 'At least 1')
    .max(4, 'At most 4')
    .default(1.5)
    .describe('A retry after a memory kill asks for the failed attempt’s peak × this'),
  maxRetries: z.coerce.number().int('A whole number').min(0, 'At least 0').max(5, 'At most 5').default(2),
});
export type RecommendationQuery = z.output<typeof recommendationQuerySchema>;
export type RecommendationQueryInput = z.input<typeof recommendationQuerySchema>;

const hours = z.object({
  requestedCpuHours: z.number().describe('Σ requested cpus × realtime over the tasks that reported both'),
  recommendedCpuHours: z.number().describe('Σ recommended cpus × realtime over the same tasks'),
  requestedGbHours: z.number().describe('Σ requested memory (GB) × realtime over the tasks that reported both'),
  recommendedGbHours: z.number().describe('Σ recommended memory (GB) × realtime over the same tasks'),
});
export type ResourceHours = z.infer<typeof hours>;

export const memoryFitSchema = z
  .object({
    interceptBytes: z.number(),
    bytesPerInputByte: z.number().describe('How much more peak memory each byte read adds'),
    r2: z.number(),
    tasks: z.number().int(),
  })
  .describe('Least-squares line of peak memory against bytes read (PostgreSQL regr_*), shown when memory grows with input');
export type MemoryFit = z.infer<typeof memoryFitSchema>;

export const processRecommendationSchema = z.object({
  process: z.string(),
  tasks: z.number().int().describe('Successful tasks that reported their use'),
  killedForMemory: z.number().int().describe('Failed tasks with exit 137'),
  killedForTime: z.number().int().describe('Failed tasks with exit 140 or 143'),
  cpus: z.object({ usedMax: z.number().nullable().describe('Most cores a task used (%cpu / 100)'), basis: z.number().nullable(), requestedMax: z.number().nullable(), recommended: z.number().int() }),
  memory: z.object({
    peakMaxBytes: z.number().nullable(),
    basisBytes: z.number().nullable(),
    requestedMaxBytes: z.number().nullable(),
    recommendedBytes: z.number(),
    /** What a retry after a memory kill asks for: the failed attempt's peak × the factor, never less than the first attempt. */
    retryBytes: z.number().nullable().describe('The largest memory-killed attempt’s peak × the retry factor, rounded (null: none was killed)'),
    fit: memoryFitSchema.nullable(),
  }),
  time: z.object({ realtimeMaxMs: z.number().nullable(), basisMs: z.number().nullable(), requestedMaxMs: z.number().nullable(), recommendedMs: z.number() }),
  input: z.object({ minBytes: z.number(), maxBytes: z.number() }).nullable().describe('The bytes read (trace rchar) by the tasks it is sized from'),
  hours,
});
export type ProcessRecommendation = z.infer<typeof processRecommendationSchema>;

export const recommendationSchema = z.object({
  pipelineId: z.string(),
  runs: z.number().int().describe('Runs whose tasks were read'),
  query: z
    .object({
      label: z.string().optional(),
      revision: z.string().optional(),
      minInputBytes: z.number().optional(),
      maxInputBytes: z.number().optional(),
      percentile: z.number(),
      margin: z.number(),
      retryFactor: z.number(),
      maxRetries: z.number().int(),
    })
    .describe('The filters and sizing as applied'),
  processes: z.array(processRecommendationSchema),
  unmeasured: z.array(z.string()).describe('Processes none of whose successful tasks reported peak memory and realtime: no recommendation for them'),
  totals: hours,
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/** One process of one run: what it asked for against what it used. */
export const processUsageSchema = z.object({
  process: z.string(),
  tasks: z.number().int().describe('Tasks that ran (cached ones left out)'),
  failed: z.number().int(),
  killedForMemory: z.number().int(),
  killedForTime: z.number().int(),
  cpus: z.object({ requested: z.number().nullable(), usedMedian: z.number().nullable(), usedMax: z.number().nullable() }),
  memory: z.object({ requestedBytes: z.number().nullable(), peakMedianBytes: z.number().nullable(), peakMaxBytes: z.number().nullable() }),
  time: z.object({ requestedMs: z.number().nullable(), realtimeMedianMs: z.number().nullable(), realtimeMaxMs: z.number().nullable() }),
  overRequested: z.array(z.enum(['cpus', 'memory', 'time'])).describe('What its largest use left more than half of unused'),
});
export type ProcessUsage = z.infer<typeof processUsageSchema>;

export const runResourcesSchema = z.object({
  runId: z.number().int(),
  engine: z.string(),
  processes: z.array(processUsageSchema),
});
export type RunResources = z.infer<typeof runResourcesSchema>;

export const trendsQuerySchema = z
  .object({
    from: isoDate.describe('First day (in timeZone)'),
    to: isoDate.describe('Last day (in timeZone), included'),
    bucket: z.enum(TREND_BUCKETS).default('day'),
    groupBy: z.enum(TREND_GROUPS).default('pipeline'),
    timeZone: z.string().max(64).refine(isTimeZone, 'An IANA time zone such as Europe/Berlin').default('UTC').describe('Where a day begins and ends'),
  })
  .refine((query) => query.from <= query.to, { message: 'from must be on or before to', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 731 * 86_400_000, { message: 'At most two years at once', path: ['to'] });
export type TrendsQuery = z.output<typeof trendsQuerySchema>;

export const trendSeriesSchema = z.object({
  key: z.string().describe('The pipeline id, label or user’s email; (none) for runs without'),
  cpuHours: z.array(z.number()),
  memoryGbHours: z.array(z.number()),
  wallHours: z.array(z.number()),
});
export type TrendSeries = z.infer<typeof trendSeriesSchema>;

export const trendsSchema = z.object({
  buckets: z.array(z.string()).describe('The first day of each bucket (YYYY-MM-DD, weeks from Monday), oldest first'),
  series: z.array(trendSeriesSchema).describe('Largest CPU-hours first'),
  totals: z.object({ cpuHours: z.number(), memoryGbHours: z.number(), wallHours: z.number() }),
  note: z.string().describe('What was counted, in words'),
});
export type Trends = z.infer<typeof trendsSchema>;
