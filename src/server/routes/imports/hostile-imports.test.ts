import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApi } from '../../testing/test-api';
import { accessionSheet, hostileFiles, workbookOf } from './hostile-files';

/**
 * Import files made to exhaust the server are refused with the limit and how to split the file,
 * while the server goes on answering: a real HTTP server, `/health` asked again and again while
 * each file is posted. Before, a 500,000-row workbook froze every request for most of a minute,
 * a zip header claiming 3 GiB allocated it, and 30,000 rows of one name took 43 s.
 */

// With `runs`, the test API listens on a real port.
const api = setUpTestApi({ runs: {} });

/** Generous for a loaded two-core machine; a frozen event loop takes tens of seconds. */
const HEALTH_BOUND_MS = 1000;

async function timedHealth(base: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/health`);
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

const files = hostileFiles();
const bodies = new Map<string, Uint8Array>();
// Built before any measurement: building them is this process's work, not the server's.
beforeAll(() => {
  for (const file of files) bodies.set(file.name, file.body());
}, 120_000);

describe('hostile import files', () => {
  for (const file of files) {
    it(`refuses ${file.name} with the limit and the fix, and /health answers within 1 s meanwhile`, async () => {
      const base = api.t.apiUrl();
      // A first call outside the measurement: the connection and the health route warmed up.
      await timedHealth(base);
      let settled = false;
      // Committing, so that a file whose rows are wrong is refused (400) like one past a bound (413).
      const posted = fetch(`${base}/accessions/import?commit=true`, {
        method: 'POST',
        headers: { Authorization: `token ${api.token}`, 'Content-Type': file.type },
        body: new Blob([bodies.get(file.name) as Uint8Array<ArrayBuffer>]),
      }).finally(() => {
        settled = true;
      });
      const latencies: number[] = [];
      do latencies.push(await timedHealth(base));
      while (!settled);
      const response = await posted;
      const answer = (await response.json()) as { message: string };
      expect({ status: response.status, message: answer.message }).toMatchObject({ status: file.status, message: expect.stringMatching(file.message) });
      expect(Math.max(...latencies), `/health latencies (ms) while the file was read: ${latencies.map(Math.round).join(', ')}`).toBeLessThan(HEALTH_BOUND_MS);
    }, 120_000);
  }

  it('30,000 rows of one name are one error that lists twenty rows and counts the rest', async () => {
    const response = await api.t.call('/accessions/import', {
      method: 'POST',
      token: api.token,
      headers: { 'Content-Type': 'text/csv' },
      body: `germplasmName,genus\n${'Same name,Oryza\n'.repeat(30_000)}`,
    });
    const { report } = (await response.json()) as { report: { errors: Array<{ row: number; message: string }> } };
    const duplicate = report.errors.filter((error) => /appears/.test(error.message));
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]!.message).toBe(
      "Accession 'Same name' appears 30,000 times in the file (rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21 and 29,980 more); names must be unique, so keep one row and delete the others.",
    );
  }, 120_000);

  it('a small hand-zipped workbook is read as usual', async () => {
    const small = workbookOf(accessionSheet(3, (index) => [`Zipped-${index}`, 'Oryza']));
    const response = await api.t.call('/accessions/import', {
      method: 'POST',
      token: api.token,
      headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      body: new Blob([small as Uint8Array<ArrayBuffer>]),
    });
    const { report } = (await response.json()) as { report: { rows: number; errors: unknown[]; sheets: string[] } };
    expect(report).toMatchObject({ rows: 3, errors: [], sheets: ['Accessions'] });
  }, 60_000);
});
