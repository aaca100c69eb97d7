import { GB } from '../runs/resource-sizes';

/**
 * A synthetic history of a pipeline's tasks with known use, for the resource tests (API and e2e):
 * ALIGN's peak memory grows with the bytes it reads (0.5 GB + 1.5 × input), CALL has one task per
 * run killed for memory (exit 137), REPORT one killed for time (exit 140); every process asks for
 * far more than it uses. Each run's tasks start on its own day, at 10:00 UTC plus the task's
 * minutes, so that a test can sum them by day in any time zone.
 */

const MINUTE = 60_000;

export interface SyntheticTask {
  taskId: number;
  process: string;
  name: string;
  status: 'COMPLETED' | 'FAILED';
  exit: number;
  start: number;
  complete: number;
  realtime: number;
  cpuPercent: number;
  peakRss: number;
  details: { cpus: number; memory: number; time: number; rchar: number };
}

/** The tasks of run number `run` (0, 1, 2…), starting on `day` (YYYY-MM-DD) at 10:00 UTC. */
export function syntheticTasks(run: number, day: string): SyntheticTask[] {
  const base = Date.parse(`${day}T10:00:00Z`);
  const tasks: SyntheticTask[] = [];
  let taskId = 1;
  const add = (task: Omit<SyntheticTask, 'taskId' | 'name' | 'start' | 'complete'> & { offsetMinutes?: number }) => {
    const { offsetMinutes = 0, ...rest } = task;
    const start = base + offsetMinutes * MINUTE;
    tasks.push({ ...rest, peakRss: Math.round(rest.peakRss), start, complete: start + rest.realtime, taskId, name: `${rest.process} (${taskId})` });
    taskId += 1;
  };
  for (let sample = 0; sample < 5; sample += 1) {
    const inputGb = 1 + sample + run * 0.25;
    add({
      process: 'ALIGN',
      status: 'COMPLETED',
      exit: 0,
      realtime: (20 + 4 * sample) * MINUTE,
      cpuPercent: 250 + 20 * sample,
      peakRss: (0.5 + 1.5 * inputGb) * GB,
      details: { cpus: 8, memory: 16 * GB, time: 4 * 60 * MINUTE, rchar: Math.round(inputGb * GB) },
      offsetMinutes: sample,
    });
  }
  for (let sample = 0; sample < 3; sample += 1) {
    add({
      process: 'CALL',
      status: 'COMPLETED',
      exit: 0,
      realtime: (10 + sample) * MINUTE,
      cpuPercent: 90,
      peakRss: (1.8 + 0.3 * sample + 0.05 * run) * GB,
      details: { cpus: 4, memory: 8 * GB, time: 2 * 60 * MINUTE, rchar: 200 * 1024 ** 2 },
      offsetMinutes: 30 + sample,
    });
  }
  add({
    process: 'CALL',
    status: 'FAILED',
    exit: 137,
    realtime: 4 * MINUTE,
    cpuPercent: 95,
    peakRss: 3.9 * GB,
    details: { cpus: 4, memory: 4 * GB, time: 2 * 60 * MINUTE, rchar: 900 * 1024 ** 2 },
    offsetMinutes: 40,
  });
  add({
    process: 'REPORT',
    status: 'COMPLETED',
    exit: 0,
    realtime: 2 * MINUTE,
    cpuPercent: 60,
    peakRss: 0.2 * GB,
    details: { cpus: 1, memory: 2 * GB, time: 60 * MINUTE, rchar: 10 * 1024 ** 2 },
    offsetMinutes: 50,
  });
  add({
    process: 'REPORT',
    status: 'FAILED',
    exit: 140,
    realtime: 60 * MINUTE,
    cpuPercent: 5,
    peakRss: 0.1 * GB,
    details: { cpus: 1, memory: 2 * GB, time: 60 * MINUTE, rchar: 10 * 1024 ** 2 },
    offsetMinutes: 55,
  });
  return tasks;
}

/** The same task as Nextflow's weblog trace reports it (for posting to runs/{id}/weblog). */
export function traceOf(task: SyntheticTask): Record<string, unknown> {
  return {
    task_id: task.taskId,
    process: task.process,
    name: task.name,
    status: task.status,
    exit: task.exit,
    submit: task.start,
    start: task.start,
    complete: task.complete,
    duration: task.realtime,
    realtime: task.realtime,
    '%cpu': task.cpuPercent,
    peak_rss: task.peakRss,
    ...task.details,
  };
}
