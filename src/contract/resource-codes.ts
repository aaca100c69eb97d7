/**
 * The resource pages' fixed values, apart from the zod schemas (resources.ts), so that the console
 * imports them without zod.
 */

/** Exit statuses that mean the scheduler or the kernel stopped a task for a resource (Nextflow's usual retry set). */
export const RESOURCE_EXITS = { 137: 'memory', 140: 'time', 143: 'time' } as const;
export const RESOURCE_EXIT_CODES = Object.keys(RESOURCE_EXITS).map(Number);

export const TREND_GROUPS = ['pipeline', 'label', 'user'] as const;
export const TREND_BUCKETS = ['day', 'week'] as const;
export const TREND_CSV_HEADERS = ['bucket', 'key', 'cpu_hours', 'memory_gb_hours', 'wall_hours'] as const;
