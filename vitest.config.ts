import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'pipelines/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/bench/**/*.test.ts'],
    environment: 'node',
    // Runs may read the repository's fixtures, as an administrator would allow a folder of inputs.
    env: { SEEDBED_INPUT_DIRS: path.resolve('tests/fixtures') },
    // The tests' in-memory databases start from one migrated template, made once per run.
    globalSetup: ['src/server/testing/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are heavy; two workers match the two cores CI has.
    maxWorkers: 2,
    // In CI, tests and files run in a random order: none may lean on another's rows.
    sequence: { shuffle: Boolean(process.env.CI) },
  },
});
