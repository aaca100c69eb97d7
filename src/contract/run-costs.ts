import { z } from 'zod';
import { recordIdList } from './fields';
import { RUN_STATUSES } from './run-codes';
import { MAX_RUN_COST_IDS } from './run-costs-limit';

/**
 * What runs cost: wall time, CPU time and peak memory, from the tasks Nextflow's trace reported
 * (realtime, %cpu, peak_rss), so that results and boards can put cost beside accuracy.
 */

export { MAX_RUN_COST_IDS };

export const runCostsQuerySchema = z.object({
  ids: recordIdList(MAX_RUN_COST_IDS).describe(`The runs: ids separated by commas, e.g. 3,17,42 (at most ${MAX_RUN_COST_IDS})`),
});
export type RunCostsQuery = z.output<typeof runCostsQuerySchema>;

export const runCostSchema = z
  .object({
    runId: z.number().int(),
    status: z.enum(RUN_STATUSES),
    wallMs: z.number().nullable().describe('From the run’s start to its end, or to now while it runs; null before it starts or when its start was never reported'),
    cpuMs: z.number().nullable().describe('Σ realtime × %cpu / 100 over the tasks that ran in this run and reported both (Nextflow’s trace fields); null when none did'),
    peakRssBytes: z.number().nullable().describe('The largest peak_rss of the tasks that ran in this run; null when none reported it'),
    tasks: z.number().int().describe('The run’s tasks, cached ones left out (they ran, and cost, in an earlier run)'),
    tasksReported: z.number().int().describe('Of those, the tasks that reported realtime and %cpu: fewer than `tasks` means cpuMs is a lower bound'),
    cachedTasks: z.number().int().describe('Tasks taken from the cache of an earlier run (Nextflow’s -resume)'),
  })
  .describe('One run’s cost');
export type RunCost = z.infer<typeof runCostSchema>;

export const runCostsSchema = z.object({
  costs: z.array(runCostSchema).describe('The runs that exist, in the order asked'),
  unknownIds: z.array(z.number().int()).describe('Ids asked for that name no run'),
});
export type RunCosts = z.infer<typeof runCostsSchema>;
