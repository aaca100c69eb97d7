import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { makeScratchCatalogue } from './tests/e2e/scratch-catalogue';

const port = Number(process.env.E2E_PORT ?? 4391);
export const E2E_ADMIN = { email: 'e2e-admin@seedbed.local', password: 'e2e admin passphrase' };
// A scratch data folder per run; the teardown removes it.
process.env.SEEDBED_E2E_DATA_DIR ??= path.join(os.tmpdir(), `seedbed-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.SEEDBED_E2E_DATA_DIR;
// The repository's pipelines and one only this catalogue has (launched through its id).
process.env.SEEDBED_E2E_CATALOGUE ??= makeScratchCatalogue();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.SEEDBED_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The real start command, on a scratch data folder and the embedded database.
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SEEDBED_DATA_DIR: dataDir,
      SEEDBED_PIPELINES_DIR: process.env.SEEDBED_E2E_CATALOGUE,
      // Tests launch on the repository's fixtures by path, as an administrator allows a folder of inputs.
      SEEDBED_INPUT_DIRS: path.resolve('tests/fixtures'),
      SEEDBED_ADMIN_EMAIL: E2E_ADMIN.email,
      SEEDBED_ADMIN_PASSWORD: E2E_ADMIN.password,
      DATABASE_URL: '',
      // tests/e2e/mlflow.spec.ts tracks runs from a fake MLflow on loopback, as from a tracking server inside the network.
      SEEDBED_MLFLOW_ALLOWED_HOSTS: '127.0.0.1',
    },
  },
});
