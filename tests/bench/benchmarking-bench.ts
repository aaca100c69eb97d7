import { chromium } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AssociationTest, type KnownQtl, powerFdrCurve, scoreDiscovery } from '../../src/contract/benchmark-metrics';
import { BENCH_ADMIN, startServer } from './api-throughput';
import { spread } from './repeats';

/**
 * Discovery scoring at genome scale: a 100,000-marker association table against 50 known QTL
 * (in Node, as the results page runs it in the browser), and the results page's first Manhattan
 * plot of those 100,000 points drawn in Chromium against the real server.
 */

const MARKERS = 100_000;
const QTL = 50;
const CHROMOSOMES = 10;
const CHROMOSOME_BP = 100_000_000;

function dataset() {
  let seed = 20261122;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const qtl: KnownQtl[] = Array.from({ length: QTL }, (_, i) => ({
    marker: `q${i}`,
    chromosome: String((i % CHROMOSOMES) + 1),
    position: Math.round(random() * CHROMOSOME_BP),
    trait: 'yield',
    effect: 1,
  }));
  const perChromosome = MARKERS / CHROMOSOMES;
  const tests: AssociationTest[] = [];
  for (let c = 1; c <= CHROMOSOMES; c += 1) {
    for (let i = 0; i < perChromosome; i += 1) {
      const position = Math.round(((i + random()) * CHROMOSOME_BP) / perChromosome);
      let minusLog10P = -Math.log10(random() || 1e-12);
      for (const one of qtl) if (one.chromosome === String(c)) minusLog10P += 12 * Math.exp(-(((position - one.position) / 500_000) ** 2));
      tests.push({ marker: `m${c}_${i}`, chromosome: String(c), position, trait: 'yield', minusLog10P });
    }
  }
  return { tests, qtl };
}

export async function benchBenchmarking(root: string) {
  const { tests, qtl } = dataset();
  const scoring: number[] = [];
  const curves: number[] = [];
  for (let round = 0; round < 7; round += 1) {
    let start = performance.now();
    scoreDiscovery(tests, qtl, { kind: 'fdr', q: 0.05 }, 1_000_000);
    scoring.push(performance.now() - start);
    start = performance.now();
    powerFdrCurve(tests, qtl, 1_000_000);
    curves.push(performance.now() - start);
  }

  // The page, on the real server: upload the two tables as a fileset, then open its results.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-benchmarking-bench-'));
  const server = await startServer(path.join(root, 'tests/bench/seedbed-server.ts'), { SEEDBED_ADMIN_EMAIL: BENCH_ADMIN.email, SEEDBED_ADMIN_PASSWORD: BENCH_ADMIN.password, BENCH_DATA_DIR: dataDir });
  const browser = await chromium.launch({
    executablePath: process.env.SEEDBED_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const { token } = (await (await fetch(`${base}/api/authentication/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(BENCH_ADMIN) })).json()) as {
      token: string;
    };
    const auth = { Authorization: `token ${token}` };
    const fileset = (await (
      await fetch(`${base}/api/filesets`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'bench discovery' }) })
    ).json()) as { id: number };
    const associations = `trait,marker,chromosome,position,p_value,log10p\n${tests.map((test) => `${test.trait},${test.marker},${test.chromosome},${test.position},${(10 ** -test.minusLog10P).toExponential(3)},${test.minusLog10P.toFixed(4)}`).join('\n')}\n`;
    const known = `marker,chromosome,position,trait,effect\n${qtl.map((one) => `${one.marker},${one.chromosome},${one.position},${one.trait},${one.effect}`).join('\n')}\n`;
    for (const [name, text] of [
      ['bench_scan.csv', associations],
      ['bench_qtl.csv', known],
    ] as const) {
      const response = await fetch(`${base}/api/files?name=${name}&filesetId=${fileset.id}`, { method: 'POST', headers: auth, body: text });
      if (response.status !== 201) throw new Error(`storing ${name} answered ${response.status}: ${await response.text()}`);
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.goto(`${base}/auth/login`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    const draws: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const start = performance.now();
      await page.goto(`${base}/benchmarking/discovery/results/fileset?id=${fileset.id}`);
      await page.locator('section[aria-label^="Manhattan plot"] canvas[data-drawn="true"]').first().waitFor({ timeout: 60_000 });
      draws.push(performance.now() - start);
    }
    return { markers: MARKERS, qtl: QTL, scoringMs: spread(scoring), curveMs: spread(curves), pageToManhattanMs: spread(draws) };
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
  }
}
