import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { parseNextflowConfig } from '../../src/server/runs/nextflow-config-grammar';
import { type SyntheticTask, syntheticTasks, traceOf } from '../../src/server/testing/resource-history';
import { SLOW_PIPELINE } from './scratch-catalogue';
import { signInWithToken } from './support';

/**
 * Resource intelligence in the browser: trends summed in the browser's time zone match a hand sum
 * of a synthetic history, the run page's Resources tab shows requested against used, and a
 * pipeline's recommendation downloads as a Nextflow config that parses.
 */

// UTC+14: the history's tasks start 10:00–10:55 UTC, which is already the next day here.
const TIME_ZONE = 'Pacific/Kiritimati';
const DAYS = ['2024-03-04', '2024-03-05'];
const SHOTS = '/tmp/shots-F';
test.use({ timezoneId: TIME_ZONE });

let token = '';
test.beforeEach(async ({ page }) => {
  token = await signInWithToken(page);
});

/** A run that stays open long enough to take the history's task reports, which its weblog accepts only while it runs. */
async function runWithHistory(page: Page, label: string, run: number): Promise<{ id: number; tasks: SyntheticTask[] }> {
  const headers = { Authorization: `token ${token}` };
  const launched = await page.request.post('/api/runs', {
    headers,
    data: { pipelineId: SLOW_PIPELINE.id, name: `e2e_resources_${label}_${run}`, labels: [label], params: { seconds: 60, outdir: 'results' } },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  const { id } = (await launched.json()) as { id: number };
  const secret = fs.readFileSync(path.join(process.env.SEEDBED_E2E_DATA_DIR!, 'runs', String(id), 'weblog-secret'), 'utf8').trim();
  // Task ids far above the pipeline's own (one WAIT task a second).
  const tasks = syntheticTasks(run, DAYS[run]!).map((task) => ({ ...task, taskId: task.taskId + 1000 }));
  for (const task of tasks) {
    const posted = await page.request.post(`/api/runs/${id}/weblog?secret=${secret}`, {
      data: { runName: `e2e_resources_${label}_${run}`, runId: `session-${id}`, event: 'process_completed', utcTime: new Date().toISOString(), trace: traceOf(task) },
    });
    expect(posted.ok(), await posted.text()).toBe(true);
  }
  return { id, tasks };
}

/** The day a moment falls on in the browser's time zone. */
const localDay = (epochMs: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(epochMs));
const cpuHours = (tasks: SyntheticTask[]) => tasks.reduce((sum, task) => sum + (task.realtime * task.cpuPercent) / 100, 0) / 3_600_000;
const gbHours = (tasks: SyntheticTask[]) => tasks.reduce((sum, task) => sum + (task.peakRss / 1024 ** 3) * task.realtime, 0) / 3_600_000;

test('trends match a hand sum in the browser’s time zone, the run page shows requested against used, and the recommendation downloads as a config that parses', async ({ page }) => {
  test.setTimeout(90_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const label = `res-${Date.now().toString(36)}`;
  const runs = [await runWithHistory(page, label, 0), await runWithHistory(page, label, 1)];
  const tasks = runs.flatMap((run) => run.tasks);

  // By hand: each task's CPU-hours on the day it started, in the browser's zone.
  const byDay = new Map<string, SyntheticTask[]>();
  for (const task of tasks) byDay.set(localDay(task.start), [...(byDay.get(localDay(task.start)) ?? []), task]);
  expect([...byDay.keys()].sort()).toEqual(['2024-03-05', '2024-03-06']);

  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.goto('/tools/pipeline/monitor/resources');
  const trends = page.getByRole('form', { name: 'Trends period' });
  await trends.getByLabel('From').fill('2024-03-01');
  await trends.getByLabel('To').fill('2024-03-10');
  await trends.getByLabel('Stacked by').selectOption('label');
  await expect(page.getByText(`in your time zone (${TIME_ZONE})`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Totals per series' }).getByRole('row').filter({ hasText: label });
  await expect(row.getByRole('cell').nth(1)).toHaveText(cpuHours(tasks).toFixed(2));
  await expect(row.getByRole('cell').nth(2)).toHaveText(gbHours(tasks).toFixed(2));

  // The CSV export has every day of the period; the history's days hold exactly the hand sums.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs
    .readFileSync((await (await downloading).path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('bucket,key,cpu_hours,memory_gb_hours,wall_hours');
  const mine = csv
    .slice(1)
    .map((line) => line.split(','))
    .filter((cells) => cells[1] === label);
  expect(mine.map((cells) => cells[0])).toEqual(Array.from({ length: 10 }, (_, day) => `2024-03-${String(day + 1).padStart(2, '0')}`));
  for (const [day, cpu] of mine.map((cells) => [cells[0]!, Number(cells[2])] as const)) expect(cpu, day).toBeCloseTo(cpuHours(byDay.get(day) ?? []), 9);
  await page.screenshot({ path: `${SHOTS}/trends-1440.png`, fullPage: true });

  // The run page's Resources tab: requested against used, kills standing out.
  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${runs[0]!.id}&tab=resources`);
  const usage = page.getByRole('table', { name: 'Resources per process' });
  await expect(usage.getByRole('row').filter({ hasText: 'ALIGN' })).toContainText('16 GB');
  await expect(usage.getByRole('row').filter({ hasText: 'CALL' })).toContainText('1 killed for memory');
  await expect(usage.getByRole('row').filter({ hasText: 'REPORT' })).toContainText('1 killed for time');
  await page.screenshot({ path: `${SHOTS}/run-resources-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/run-resources-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1100 });

  // The recommendation for the pipeline: savings shown, the config downloads and parses.
  await page.goto(`/tools/pipeline/monitor/resources?pipeline=${SLOW_PIPELINE.id}`);
  const recommended = page.getByRole('table', { name: 'Recommended resources per process' });
  await expect(recommended.getByRole('row').filter({ hasText: 'ALIGN' })).toContainText('Memory grows with input');
  await expect(recommended.getByRole('row').filter({ hasText: 'CALL' })).toContainText('killed for memory: a retry asks for 6.0 GB');
  await expect(page.getByTestId('recommendation-savings')).toContainText('GB-hours (−');
  const config = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Nextflow config' }).click();
  const download = await config;
  expect(download.suggestedFilename()).toBe(`${SLOW_PIPELINE.id}-resources.config`);
  const parsed = parseNextflowConfig(fs.readFileSync((await download.path())!, 'utf8'));
  expect(Object.keys(parsed.scopes.process!.withName)).toEqual(expect.arrayContaining(['ALIGN', 'CALL', 'REPORT']));
  await page.screenshot({ path: `${SHOTS}/recommendation-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: `${SHOTS}/recommendation-390.png`, fullPage: true });

  for (const run of runs) await page.request.post(`/api/runs/${run.id}/cancel`, { headers: { Authorization: `token ${token}` } });
});
