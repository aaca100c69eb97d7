import type { ProcessProgress } from '../../../contract/runs';

/** The states of a process's tasks, each with its colour in the bar and its word below it. */
const TASK_STATES = [
  ['succeeded', 'bg-emerald-600', 'succeeded'],
  ['cached', 'bg-emerald-300', 'cached'],
  ['running', 'bg-blue-500', 'running'],
  ['failed', 'bg-red-500', 'failed'],
  ['pending', 'bg-stone-300', 'pending'],
] as const;

/** Tasks per process in their five states, as bars. */
export function ProcessBars({ processes, ended }: { processes: ProcessProgress[]; ended: boolean }) {
  if (processes.length === 0) return <p className="text-sm text-stone-500">{ended ? 'The run reported no tasks.' : 'No task has been reported yet.'}</p>;
  return (
    <ul className="grid gap-3" aria-label="Processes">
      {processes.map((process) => {
        const total = process.pending + process.running + process.succeeded + process.failed + process.cached;
        return (
          <li key={process.process} className="grid items-center gap-2 text-sm sm:grid-cols-[16rem_1fr]">
            <span className="truncate font-mono text-stone-800" title={process.process}>
              {process.process}
            </span>
            <span className="grid gap-1">
              <span
                className="flex h-2.5 w-full max-w-xl overflow-hidden rounded-full bg-stone-100"
                role="progressbar"
                aria-label={`${process.process} tasks done`}
                aria-valuemin={0}
                aria-valuemax={total}
                aria-valuenow={process.succeeded + process.cached}
              >
                {TASK_STATES.map(([key, tone]) => (process[key] > 0 ? <span key={key} className={tone} style={{ width: `${(process[key] / total) * 100}%` }} /> : null))}
              </span>
              <span className="text-xs text-stone-500">
                {TASK_STATES.filter(([key]) => process[key] > 0)
                  .map(([key, , word]) => `${process[key]} ${word}`)
                  .join(' · ')}{' '}
                of {total}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
