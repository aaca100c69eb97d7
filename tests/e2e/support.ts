import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export { E2E_ADMIN };

/** The navigation of the specification, label → route, as binding text. */
export const NAVIGATION = {
  links: [
    ['Runs', '/tools/pipeline/monitor/pipeline-run/list'],
    ['Run Groups', '/pipeline-group/list'],
    ['Docs', '/docs'],
  ],
  menus: {
    Breeding: [
      ['Projects', '/project/list'],
      ['Experiments', '/experiment/list'],
      ['Accessions', '/accession/list'],
      ['Sites', '/site/list'],
      ['File types', '/file-type/list'],
      ['Cross plans', '/cross-plan/list'],
    ],
    Launch: [
      ['Preprocessing', '/tools/pipeline/run/preprocessing'],
      ['Combine GVCFS', '/tools/pipeline/run/combine-gvcfs'],
      ['Process VCFs', '/tools/pipeline/run/nf-processvcfs'],
      ['GDIP', '/tools/pipeline/run/nf-gdip'],
      ['Evostats', '/tools/pipeline/run/nf-evostats'],
      ['Phenomix', '/tools/pipeline/run/nf-phenomix'],
      ['Auto Train', '/tools/pipeline/run/nf-auto-train'],
      ['Auto Train Phenotype', '/tools/pipeline/run/auto-train-pheno'],
      ['Make GDIP Predictions', '/tools/pipeline/run/make-gdip-predictions'],
      ['Make Digital Phenotype Predictions', '/tools/pipeline/run/make-dig-pheno-predictions'],
      ['Multigen sims', '/tools/pipeline/run/nf-multigen-sims'],
      ['Process Spectra', '/tools/pipeline/run/nf-spectra'],
    ],
    Benchmarking: [
      ['Launch discovery', '/benchmarking/discovery/launch'],
      ['Discovery results', '/benchmarking/discovery/results/fileset'],
      ['Launch prediction', '/benchmarking/prediction/launch'],
      ['Prediction results', '/benchmarking/prediction/results/fileset'],
      ['Simulate GDIP data', '/benchmarking/simulate-gdip-data'],
      ['Register Known GDIP Data', '/benchmarking/register-known-gdip-data'],
      ['Register Prediction Data', '/benchmarking/register-prediction-data'],
    ],
    Config: [
      ['Upload GDIP Results', '/upload/gdip-results'],
      ['Track Mlflow Run', '/upload/mlflow-run'],
      ['Templates', '/templates/download'],
    ],
    Settings: [
      ['Profile', '/settings/profile/view'],
      ['Change password', '/settings/profile/change-password'],
      ['Invite User', '/manage/invite-user'],
    ],
  },
} as const;

export const ALL_ROUTES = [
  ...NAVIGATION.links.filter(([label]) => label !== 'Docs').map(([, route]) => route),
  ...Object.values(NAVIGATION.menus).flatMap((entries) => entries.map(([, route]) => route)),
];

/** Signs in through the login form shown on the current page. */
export async function signInThroughForm(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Signs in through the API and leaves the token where the console keeps it. */
export async function signInWithToken(page: Page) {
  const response = await page.request.post('/api/authentication/login', { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
  return token;
}

/** The API as the e2e administrator, for tests that create the rows they then look at. */
export async function adminApi(request: APIRequestContext) {
  const { token } = (await (await request.post('/api/authentication/login', { data: E2E_ADMIN })).json()) as { token: string };
  const headers = { Authorization: `token ${token}` };
  return {
    post: async (path: string, data: unknown) => {
      const response = await request.post(`/api/${path}`, { data, headers });
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as { id: number };
    },
    put: async (path: string, data: unknown) => {
      const response = await request.put(`/api/${path}`, { data, headers });
      expect(response.ok(), await response.text()).toBe(true);
    },
  };
}

/**
 * What the server says of a run, for a failure's message: the run, its tasks and the end of its
 * log, so that a run that stalled can be told from a page that did not show its end.
 */
export async function describeRun(request: APIRequestContext, headers: Record<string, string>, runId: number): Promise<string> {
  const read = async (path: string) => {
    const response = await request.get(`/api/${path}`, { headers });
    return `${response.status()} ${await response.text()}`;
  };
  const [run, tasks, log] = await Promise.all([read(`runs/${runId}`), read(`runs/${runId}/tasks?pageSize=100`), read(`runs/${runId}/log`)]);
  return `Run ${runId} on the server, ${new Date().toISOString()}:\n${run.slice(0, 3000)}\nIts tasks: ${tasks.slice(0, 4000)}\nIts log (the end): ${log.slice(-3000)}`;
}

/**
 * A comparison's Parameters table shows every parameter at first, and Differences only, once
 * switched on, keeps `differing` (with its value `shows`) and hides `shared`.
 */
export async function expectDifferencesOnly(page: Page, differing: string, shows: string, shared: string) {
  const params = page.getByRole('table', { name: 'Parameters' });
  const differences = page.getByRole('switch', { name: 'Differences only' });
  await expect(params.getByRole('row').filter({ hasText: differing })).toContainText(shows);
  await expect(differences).not.toBeChecked();
  await expect(params.getByRole('row').filter({ hasText: shared })).toBeVisible();
  await differences.click();
  await expect(params.getByRole('row').filter({ hasText: shared })).toHaveCount(0);
  await expect(params.getByRole('row').filter({ hasText: differing })).toContainText(shows);
}
