import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TablePreview, VcfPreview } from '../../../contract/previews';
import { bgzip } from '../../testing/bgzf';
import { startS3Server } from '../../testing/s3-server';
import { openStoredFilesApi, uploadFile } from '../../testing/stored-files-api';
import type { TestApi } from '../../testing/test-api';

/** Previews read files in an S3 bucket by range, as they read the data folder: pages from their cursors, bgzip by block. */

const PANEL = fs.readFileSync('tests/fixtures/genomics/panel.vcf');
const RECORD_IDS = PANEL.toString()
  .trimEnd()
  .split('\n')
  .filter((line) => !line.startsWith('#'))
  .map((line) => line.split('\t')[2]);

describe('previews of files in an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApi;
  let token: string;
  beforeAll(async () => {
    s3 = await startS3Server();
    ({ t, token } = await openStoredFilesApi({ files: { s3: s3.options } }));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = async (name: string, body: Buffer | string) => (await uploadFile(t, token, name, body)).file;
  const preview = async <T>(id: number, query: string) => {
    const response = await t.call(`/files/${id}/preview?${query}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as T;
  };

  it('pages a bgzip VCF across its blocks from the bucket', async () => {
    const file = await upload('bucket_panel.vcf.gz', bgzip(PANEL, 4096));
    expect(file.location).toBe('s3');
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: VcfPreview = await preview<VcfPreview>(file.id, `limit=150&columnLimit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.compression).toBe('bgzip');
      ids.push(...page.rows.map((row) => row.fixed[2]!));
      cursor = page.nextCursor;
    } while (cursor);
    expect(ids).toEqual(RECORD_IDS);
  });

  it('continues a CSV from the byte its cursor names', async () => {
    const rows = Array.from({ length: 40 }, (_, index) => `B${index + 1},${index}`);
    const file = await upload('bucket_traits.csv', `id,yield\n${rows.join('\n')}\n`);
    const first = await preview<TablePreview>(file.id, 'limit=25');
    const second = await preview<TablePreview>(file.id, `limit=25&cursor=${first.nextCursor}`);
    expect(second.firstRow).toBe(26);
    expect(second.rows.map((row) => row[0])).toEqual(rows.slice(25).map((row) => row.split(',')[0]));
    expect(second.nextCursor).toBeNull();
  });
});
