import { RESOURCE_EXIT_CODES, type Recommendation } from '../../contract/resources';
import { GB, memoryExpression, memoryText, timeExpression, timeText } from './resource-sizes';

/** Where a run launched with recommended resources keeps their config, in its own folder. */
export const RESOURCES_CONFIG_FILE = 'recommended-resources.config';

/** A string as a single-quoted Groovy literal (no `${…}` interpolation in those). */
const groovyString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;

/** withName takes a regular expression: a process name matches itself only. */
const exactName = (process: string) => groovyString(process.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const minutes = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Number((ms / 60_000).toFixed(1))} min`);
const gb = (bytes: number) => `${Number((bytes / GB).toFixed(2))} GB`;

/**
 * The recommendation as a Nextflow config for `nextflow run -c`: each process's cpus, memory and
 * time, and retries that learn: a task killed for memory (137) or time (140, 143) is retried up to
 * maxRetries times, and the retry's memory is the failed attempt's measured peak × the factor
 * (task.previousTrace, Nextflow 24.10 and later), never less than the first attempt's. A retry
 * after a time kill keeps its memory and asks for the failed attempt's realtime × the factor.
 */
export function resourceConfig(recommendation: Recommendation, generatedAt = new Date()): string {
  const { query } = recommendation;
  const factor = query.retryFactor;
  const lines = [
    `// Recommended resources for ${recommendation.pipelineId}, written by Seedbed on ${generatedAt.toISOString().slice(0, 10)}`,
    `// from the tasks of ${recommendation.runs} run${recommendation.runs === 1 ? '' : 's'}${query.label ? ` labelled ${query.label}` : ''}${query.revision ? ` of revision ${query.revision}` : ''}:`,
    `// the ${query.percentile === 100 ? 'largest use' : `${query.percentile}th percentile of use (never below the largest)`} + ${Math.round(query.margin * 100)} %, rounded up.`,
    `// Use it with: nextflow run <pipeline> -c ${recommendation.pipelineId}-resources.config`,
    'process {',
    `    errorStrategy = { task.exitStatus in [${RESOURCE_EXIT_CODES.join(', ')}] ? 'retry' : 'terminate' }`,
    `    maxRetries = ${query.maxRetries}`,
  ];
  for (const process of recommendation.processes) {
    const { memory, time } = process;
    lines.push('');
    const seen = process.input ? `, inputs of ${gb(process.input.minBytes)} to ${gb(process.input.maxBytes)} read` : '';
    lines.push(
      `    // ${process.process}: ${process.tasks} successful task${process.tasks === 1 ? '' : 's'}${seen}; peak ${gb(memory.peakMaxBytes ?? 0)}, longest ${minutes(time.realtimeMaxMs ?? 0)}`,
    );
    if (memory.fit) {
      lines.push(
        `    // memory grows with input: about ${gb(memory.fit.interceptBytes)} + ${memory.fit.bytesPerInputByte.toFixed(2)} × bytes read (r² ${memory.fit.r2.toFixed(2)}, ${memory.fit.tasks} tasks): larger inputs need more`,
      );
    }
    lines.push(`    withName: ${exactName(process.process)} {`);
    lines.push(`        cpus = ${process.cpus.recommended}`);
    const first = memoryExpression(memory.recommendedBytes);
    lines.push(`        memory = { task.attempt == 1 ? ${first} : [${first}, 1.MB * Math.ceil((task.previousTrace?.peak_rss ?: 0) * ${factor} / 1048576)].max() }`);
    lines.push(`        // first attempt ${memoryText(memory.recommendedBytes)}${memory.retryBytes ? `; past memory kills would have been retried with ${memoryText(memory.retryBytes)}` : ''}`);
    const firstTime = timeExpression(time.recommendedMs);
    lines.push(`        time = { task.attempt == 1 ? ${firstTime} : [${firstTime}, 1.min * Math.ceil((task.previousTrace?.realtime ?: 0) * ${factor} / 60000)].max() }`);
    lines.push(`        // first attempt ${timeText(time.recommendedMs)}`);
    lines.push('    }');
  }
  lines.push('}', '');
  return lines.join('\n');
}
