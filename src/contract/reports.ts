import { z } from 'zod';
import { recordIdList } from './fields';
import { RUN_STATUSES } from './run-codes';
import { FILESET_KINDS } from './fileset-kinds';
import { MAX_RUN_SUMMARY_IDS } from './run-summaries-limit';

/**
 * A pipeline's report: what its run page's Results tab shows, declared beside its pipeline.json
 * in `report.json` (Seqera's `tower.yml` `reports:` are read too, as previews), and what the
 * server computes from a run's outputs.
 */

/** A path relative to the run's output directory, where `*` stands for any name and `**` for any folders: `discovery/hits.csv`, `qc/*.summary.json`. */
const outputPattern = z
  .string()
  .min(1)
  .refine((value) => !value.startsWith('/') && !value.split('/').includes('..'), 'must be a path inside the output directory, such as qc/*.summary.json')
  .describe('A path relative to the output directory; * matches any name, ** any folders');

const columnName = z.string().min(1);

/** Where a declared item reads its rows: a CSV/TSV output, or an array (or object of objects) inside a JSON output. */
const sourceFields = {
  file: outputPattern,
  rows: z.string().min(1).optional().describe('In a JSON output: the dotted path to an array of objects (or an object of objects, its keys in the column `key`) that are the rows'),
  where: z
    .object({ column: columnName, equals: z.union([z.string(), z.number(), z.boolean()]) })
    .optional()
    .describe('Only the rows whose column has this value'),
};

export const REPORT_AGGREGATES = ['first', 'last', 'mean', 'min', 'max', 'sum', 'count'] as const;

export const reportNumberDeclarationSchema = z
  .object({
    label: z.string().min(1),
    ...sourceFields,
    value: z.string().min(1).optional().describe('In a JSON output: the dotted path to one number (sites.kept)'),
    column: columnName.optional().describe('The column whose values are aggregated'),
    aggregate: z.enum(REPORT_AGGREGATES).default('first'),
    per: z
      .union([columnName, z.array(columnName).min(1)])
      .optional()
      .describe('One number per value of this column (or of these columns, joined by “ × ”): CV r per trait'),
    digits: z.number().int().min(0).max(12).optional().describe('Significant digits shown (default 4)'),
    optional: z.boolean().optional().describe('A value only some runs have (a REML figure, a column older runs lack): left out where it has none, instead of reported as a problem'),
    caution: z
      .object({ above: z.number().optional(), below: z.number().optional(), note: z.string().min(1) })
      .strict()
      .refine((caution) => caution.above !== undefined || caution.below !== undefined, 'a caution needs "above" or "below" (or both)')
      .optional()
      .describe('A note shown with a value above `above` or below `below`, whose result should not be read as it is: genomic-control λ above 1.1'),
    interval: z
      .object({ low: columnName, high: columnName, level: z.number().gt(0).lt(1).default(0.95) })
      .strict()
      .optional()
      .describe('The columns of the value’s confidence interval, read from the same row (aggregate first or last): CV r with its 95 % interval'),
  })
  .strict()
  .superRefine((number, context) => {
    if (number.value !== undefined && (number.column !== undefined || number.rows !== undefined || number.per !== undefined)) {
      context.addIssue({ code: 'custom', message: `“${number.label}”: give either "value" (a JSON path to one number) or "column" with "aggregate", not both` });
    }
    if (number.value === undefined && number.column === undefined && number.aggregate !== 'count') {
      context.addIssue({ code: 'custom', message: `“${number.label}”: give "value" (a JSON path to one number), or "column" and "aggregate" (or "aggregate": "count" to count rows)` });
    }
    if (number.interval && (number.column === undefined || (number.aggregate !== 'first' && number.aggregate !== 'last'))) {
      context.addIssue({ code: 'custom', message: `“${number.label}”: an interval is read from the row of the value, so it needs "column" with "aggregate" "first" or "last"` });
    }
  });
export type ReportNumberDeclaration = z.infer<typeof reportNumberDeclarationSchema>;

/** A column, or several whose values are joined by “ × ” (a pair of populations). */
const columns = z.union([columnName, z.array(columnName).min(1)]);

const chartFields = {
  title: z.string().min(1),
  ...sourceFields,
  facet: columns.optional().describe('One chart per value of this column (at most 12): one Manhattan plot per trait'),
  series: columns.optional().describe('One series (colour) per value of this column'),
};

export const reportChartDeclarationSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('bar'),
      ...chartFields,
      x: columnName,
      y: columnName,
      error: columnName.optional().describe('± this column around each bar, drawn as an error bar (a standard deviation)'),
      interval: z.object({ low: columnName, high: columnName }).strict().optional().describe('Or the columns of each bar’s interval, drawn from low to high: CV r with its 95 % interval'),
      xLabel: z.string().optional(),
      yLabel: z.string().optional().describe('The axis title, and the legend’s name for the bars when there is no `series`'),
      labels: z.record(z.string(), z.string().min(1)).optional().describe('Names shown for the categories, by value: { "notBiallelicSnp": "not a biallelic SNP" } (a value not named shows as it is)'),
    })
    .strict(),
  z.object({ kind: z.literal('histogram'), ...chartFields, column: columnName, bins: z.number().int().min(2).max(200).default(30), xLabel: z.string().optional() }).strict(),
  z.object({ kind: z.enum(['scatter', 'line']), ...chartFields, x: columnName, y: columnName, xLabel: z.string().optional(), yLabel: z.string().optional() }).strict(),
  z
    .object({
      kind: z.literal('manhattan'),
      ...chartFields,
      chromosome: columnName,
      position: columnName,
      y: columnName.describe('−log10 p, or any number along the genome (Fst, Tajima’s D)'),
      yLabel: z.string().optional(),
      threshold: z.number().optional().describe('A horizontal line (the significance threshold in −log10 p)'),
      thresholdParam: z.string().min(1).optional().describe('Or the run parameter that holds it (significance_threshold)'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('profiles'),
      ...chartFields,
      id: columnName.describe('The column naming each row: one line per row, over the columns whose names are numbers (wavelengths)'),
      limit: z.number().int().min(1).max(200).default(30).describe('Rows drawn (the first ones)'),
      xLabel: z.string().optional(),
      yLabel: z.string().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('qq'),
      ...chartFields,
      p: columnName.optional().describe('The p-value column'),
      log10p: columnName.optional().describe('Or the −log10 p column'),
    })
    .strict()
    .refine((chart) => (chart.p === undefined) !== (chart.log10p === undefined), 'a QQ plot takes either "p" or "log10p"'),
]);
export type ReportChartDeclaration = z.infer<typeof reportChartDeclarationSchema>;
export const REPORT_CHART_KINDS = ['bar', 'histogram', 'scatter', 'line', 'manhattan', 'qq', 'profiles'] as const;
export type ReportChartKind = (typeof REPORT_CHART_KINDS)[number];

export const reportTableDeclarationSchema = z
  .object({
    title: z.string().min(1),
    ...sourceFields,
    columns: z.array(columnName).min(1).optional().describe('The columns shown, in order (default: every column)'),
    sort: z.object({ column: columnName, order: z.enum(['asc', 'desc']).default('desc') }).optional(),
    limit: z.number().int().min(1).max(500).default(20).describe('Rows shown: the top ones after sorting'),
    accessionColumn: columnName.optional().describe('The column of accession names: each links to its accession’s page'),
    per: columnName.optional().describe('One table per value of this column, each with its own top rows: the top GEBVs per trait'),
    headers: z.record(z.string(), z.string().min(1)).optional().describe('Headings shown for columns, by column: { "pearson_r_folds": "r, mean of the folds" } (a column not named shows its name)'),
  })
  .strict();
export type ReportTableDeclaration = z.infer<typeof reportTableDeclarationSchema>;

export const reportPreviewDeclarationSchema = z.object({ title: z.string().min(1), file: outputPattern }).strict();

/** `pipelines/<id>/report.json`. */
export const reportDeclarationSchema = z
  .object({
    $comment: z.string().optional(),
    numbers: z.array(reportNumberDeclarationSchema).default([]),
    charts: z.array(reportChartDeclarationSchema).default([]),
    tables: z.array(reportTableDeclarationSchema).default([]),
    previews: z.array(reportPreviewDeclarationSchema).default([]).describe('Output files named on the Results tab for opening (Seqera’s tower.yml reports land here)'),
    predictions: z.array(outputPattern).default([]).describe('Outputs of predictions per individual (columns id, trait, prediction, and gebv if any) that accession pages read'),
  })
  .strict();
export type ReportDeclaration = z.infer<typeof reportDeclarationSchema>;

// What the server computes from a run's outputs.

export const reportNumberSchema = z.object({
  key: z.string().describe('The label, and the group after “ · ” when per-group: the same key across runs of a pipeline, for comparisons'),
  label: z.string(),
  group: z.string().nullable(),
  value: z.number().nullable(),
  digits: z.number().int(),
  file: z.string().nullable().describe('The output it was read from'),
  caution: z.string().optional().describe('The declaration’s note, when the value is above its bound'),
  interval: z
    .object({ low: z.number().nullable(), high: z.number().nullable(), level: z.number() })
    .optional()
    .describe('The value’s confidence interval, when the pipeline writes one (null ends: too few folds for one)'),
});
export type ReportNumber = z.infer<typeof reportNumberSchema>;

const pointSchema = z.object({ x: z.number(), y: z.number() });

export const reportChartSchema = z.object({
  title: z.string(),
  kind: z.enum(REPORT_CHART_KINDS),
  facet: z.string().nullable(),
  file: z.string(),
  xLabel: z.string(),
  yLabel: z.string(),
  categories: z.array(z.string()).nullable().describe('Bars and histogram bins: one label per value'),
  series: z.array(
    z.object({
      label: z.string(),
      values: z.array(z.number().nullable()).nullable(),
      errors: z.array(z.number().nullable()).nullable().describe('± around each bar'),
      ranges: z
        .array(z.object({ low: z.number(), high: z.number() }).nullable())
        .optional()
        .describe('Each bar’s interval, low to high (a declared interval); null where the row has none'),
      points: z.array(pointSchema).nullable(),
    }),
  ),
  ticks: z
    .array(z.object({ value: z.number(), label: z.string() }))
    .nullable()
    .describe('A Manhattan plot’s chromosomes, at their middles'),
  xMax: z.number().nullable(),
  threshold: z.number().nullable(),
  total: z.number().int().describe('Rows (points) in the file'),
  shown: z.number().int().describe('Points drawn: fewer than total when thinned on the server'),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportTableSchema = z.object({
  title: z.string(),
  group: z.string().nullable().describe('The value of the declaration’s `per` column this table shows'),
  file: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  sortedBy: z.string().nullable(),
  accessionColumn: z.number().int().nullable().describe('The index of the column of accession names'),
  accessionIds: z.array(z.number().int().nullable()).nullable().describe('Per row, the accession its name or synonym names'),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export const reportPreviewSchema = z.object({ title: z.string(), path: z.string(), fileId: z.number().int().nullable(), sizeBytes: z.number() });

export const runReportSchema = z
  .object({
    runId: z.number().int(),
    pipelineId: z.string(),
    status: z.enum(RUN_STATUSES),
    declared: z.boolean().describe('Whether the pipeline declares a report'),
    numbers: z.array(reportNumberSchema),
    charts: z.array(reportChartSchema),
    tables: z.array(reportTableSchema),
    previews: z.array(reportPreviewSchema),
    problems: z.array(z.string()).describe('What could not be read, each naming the file and the fix'),
    datasets: z
      .array(z.object({ id: z.number().int(), name: z.string(), kind: z.enum(FILESET_KINDS) }))
      .describe('Filesets holding its outputs, oldest first: the datasets a simulation registered, a fileset its results were added to'),
  })
  .describe('A run’s report');
export type RunReport = z.infer<typeof runReportSchema>;

export { MAX_RUN_SUMMARY_IDS };

export const runSummariesQuerySchema = z.object({
  ids: recordIdList(MAX_RUN_SUMMARY_IDS).describe(`The runs: ids separated by commas, e.g. 3,17,42 (at most ${MAX_RUN_SUMMARY_IDS})`),
});

export const runSummariesSchema = z.object({
  summaries: z.array(
    z.object({
      runId: z.number().int(),
      pipelineId: z.string(),
      status: z.enum(RUN_STATUSES),
      params: z.record(z.string(), z.unknown()),
      numbers: z.array(reportNumberSchema),
      problems: z.array(z.string()),
    }),
  ),
  unknownIds: z.array(z.number().int()).describe('Ids asked for that name no run'),
});
export type RunSummaries = z.infer<typeof runSummariesSchema>;

export const accessionPredictionsSchema = z.object({
  accessionId: z.number().int(),
  names: z.array(z.string()).describe('The name and synonyms matched'),
  predictions: z.array(
    z.object({
      runId: z.number().int(),
      runName: z.string(),
      pipelineId: z.string(),
      completedAt: z.string().nullable(),
      file: z.string(),
      matchedName: z.string(),
      trait: z.string(),
      prediction: z.number().nullable(),
      gebv: z.number().nullable(),
    }),
  ),
  runsSearched: z.number().int().describe('The most recent succeeded runs of pipelines that declare prediction outputs (report.json "predictions") that were read'),
});
export type AccessionPredictions = z.infer<typeof accessionPredictionsSchema>;
