import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spreadOf } from './repeats';

/**
 * The dataset board of 5 methods × 100 replicates drawn from precomputed scores in Chromium
 * (board-bench-page.tsx, bundled here with the console's own code and styles): the time to its
 * rows (summaries and sort) and to the first paint of its table, min, median and max of 5 fresh pages.
 */
export async function benchDatasetBoard(root: string, dist: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-board-bench-'));
  await build({
    entryPoints: [path.join(root, 'tests/bench/board-bench-page.tsx')],
    bundle: true,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    outfile: path.join(folder, 'board.js'),
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env.PUBLIC_API_BASE_URL': '""' },
    logLevel: 'silent',
  });
  const styles = fs
    .readdirSync(path.join(dist, '_astro'))
    .filter((file) => file.endsWith('.css'))
    .map((file) => `<link rel="stylesheet" href="file://${path.join(dist, '_astro', file)}">`)
    .join('');
  fs.writeFileSync(path.join(folder, 'index.html'), `<!doctype html><html><head><meta charset="utf-8">${styles}</head><body><div id="root"></div><script src="board.js"></script></body></html>`);
  const browser = await chromium.launch({
    executablePath: process.env.SEEDBED_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--allow-file-access-from-files'],
  });
  try {
    const rounds: Array<{ rowsMs: number; paintMs: number; rows: number }> = [];
    for (let round = 0; round < 5; round += 1) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto(`file://${path.join(folder, 'index.html')}`);
      rounds.push(await page.evaluate(() => window.drawBoard()));
      await page.close();
    }
    return { rowsMs: spreadOf(rounds, (round) => round.rowsMs), paintMs: spreadOf(rounds, (round) => round.paintMs), rows: rounds[0]!.rows };
  } finally {
    await browser.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
