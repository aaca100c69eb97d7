import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_KEY_HEADER } from '../../../contract/demo';
import { createApi } from '../../api';
import type { DatabaseHandle } from '../../db/client';
import { silentLogger } from '../../log';
import { openTestDatabase } from '../../testing/test-database';

const localKey = randomBytes(32).toString('base64url');
let database: DatabaseHandle;
let api: ReturnType<typeof createApi>;
beforeAll(async () => {
  database = await openTestDatabase();
  api = createApi({ database, log: silentLogger, trustProxy: false, version: 'test', corsOrigins: [], dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-demo-')), localKey });
});
afterAll(async () => database?.close());

const load = (headers: Record<string, string> = {}) => api.request('/demo-data', { method: 'POST', headers });

describe('loading the demo data through the server (npm run seed:demo while it holds the database)', () => {
  it('is refused without the key of the data folder’s lock, or with a user’s token, saying what to run', async () => {
    const attempts: Array<Record<string, string>> = [{}, { [LOCAL_KEY_HEADER]: randomBytes(32).toString('base64url') }, { authorization: `token ${localKey}` }];
    for (const headers of attempts) {
      const refused = await load(headers);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toContain('Run `npm run seed:demo` with the same SEEDBED_DATA_DIR as the server.');
    }
  });

  it('loads the breeding data and the sample inputs once, with the key', async () => {
    const first = await load({ [LOCAL_KEY_HEADER]: localKey });
    expect(first.status).toBe(200);
    const loaded = (await first.json()) as { breedingData: string; sampleFiles: number };
    expect(loaded.breedingData).toBe('loaded');
    expect(loaded.sampleFiles).toBeGreaterThan(10);
    expect(await (await load({ [LOCAL_KEY_HEADER]: localKey })).json()).toEqual({ breedingData: 'already there', sampleFiles: 0 });
  }, 120_000);

  it('is never open on a server without a key (PostgreSQL, tests)', async () => {
    const keyless = createApi({ database, log: silentLogger, trustProxy: false, version: 'test', corsOrigins: [], dataDir: os.tmpdir() });
    expect((await keyless.request('/demo-data', { method: 'POST', headers: { [LOCAL_KEY_HEADER]: '' } })).status).toBe(403);
  });
});
