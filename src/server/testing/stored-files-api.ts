import { expect } from 'vitest';
import type { StoredFile } from '../../contract/files';
import { seedFileTypes } from '../services/file-types';
import { runClient } from './run-client';
import { createTestApi, type TestApi } from './test-api';

/**
 * The API of a test about stored files and the runs that read them: by default its runs may read
 * stored files only (no SEEDBED_INPUT_DIRS); its file types are seeded, and a new user signed in
 * with that user's run client.
 */
export async function openStoredFilesApi(options: Parameters<typeof createTestApi>[0] = { runs: { inputDirs: [] } }) {
  const t = await createTestApi(options);
  await seedFileTypes(t.db);
  const token = await t.signInNewUser();
  return { t, token, runs: runClient(t, token) };
}

/**
 * Stores `body` as a file named `name` through POST /files as `token`'s user; any answer but 201
 * fails the test with its text. `query` goes on the upload's query (`&preferredType=…`).
 */
export async function uploadFile(t: TestApi, token: string, name: string, body: Buffer | string, query = '') {
  const response = await t.call(`/files?name=${encodeURIComponent(name)}${query}`, {
    method: 'POST',
    token,
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'Content-Type': 'application/octet-stream' },
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return { file: JSON.parse(text) as StoredFile, text };
}
