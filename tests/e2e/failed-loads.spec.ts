import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInWithToken } from './support';

/** A failed load says what failed and offers a retry; it never passes for "nothing yet". */

test('a run log that cannot be read says so with a retry, and the retry reads it', async ({ page, request }) => {
  const token = await signInWithToken(page);
  const launched = await request.post('/api/runs', {
    headers: { Authorization: `token ${token}` },
    data: { pipelineId: 'nf-processvcfs', name: `log_${Date.now()}`, params: { input: path.resolve('tests/fixtures/genomics/panel.vcf'), outdir: 'results' } },
  });
  expect(launched.status(), await launched.text()).toBe(201);
  const { id } = (await launched.json()) as { id: number };
  // An ended run (outputs registered): its log is read once, so only the retry reads it again.
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/runs/${id}/outputs`, { headers: { Authorization: `token ${token}` } })).json()) as { outputs: Array<{ fileId: number | null }> }).outputs.some(
          (output) => output.fileId !== null,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  let failing = true;
  await page.route(/\/api\/runs\/\d+\/log/, (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The log server is restarting"}' }) : route.continue(),
  );
  await page.goto(`/tools/pipeline/monitor/pipeline-run/view?id=${id}&tab=logs`);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the run’s log: The log server is restarting' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('No log output yet.')).toHaveCount(0);
  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('log', { name: 'Run log' })).toContainText('local engine', { timeout: 15_000 });
});

test('parent suggestions that cannot be loaded say so with a retry', async ({ page, request }) => {
  const { token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const headers = { Authorization: `token ${token}` };
  const stamp = Date.now();
  const project = (await (await request.post('/api/projects', { headers, data: { name: `Suggest-${stamp}` } })).json()) as { id: number };
  const plan = (await (await request.post('/api/cross-plans', { headers, data: { name: `Suggest-block-${stamp}`, projectId: project.id } })).json()) as { id: number };
  await signInWithToken(page);
  await page.route(/\/api\/accessions\?q=/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"The database is restarting"}' }), { times: 1 });
  await page.goto(`/cross-plan/view?id=${plan.id}`);
  await page.getByRole('button', { name: 'Add cross' }).click();
  await page.getByLabel('Female parent of row 1', { exact: true }).fill('Svev');
  const alert = page.getByRole('alert').filter({ hasText: 'No suggestions: The database is restarting' });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
});
