/**
 * `npm run test:budgets` (part of `npm test`): sizes of the built site, as a pass/fail check.
 * - Every console route loads at most 120 KB of JavaScript (gzip) on first load.
 * - No docs page loads search code (Pagefind, the search panel) before search is opened.
 * Sizes, not timings: the same build gives the same verdict on any machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { firstLoadJs } from '../tests/bench/bundle-size';
import { buildIfStale } from './build-if-stale';

export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

/** Every page of the build as its route: `dist/accession/list/index.html` → `/accession/list`. */
function routes(): string[] {
  return fs
    .readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => `/${path.relative(dist, entry.parentPath)}`.replace(/\/$/, '') || '/')
    .sort();
}

buildIfStale(root, dist);
const failures: string[] = [];
const all = routes();
const isDocs = (route: string) => /^\/(es\/)?docs(\/|$)/.test(route);
let largest = { route: '', gzipBytes: 0 };
for (const route of all.filter((candidate) => !isDocs(candidate))) {
  const { gzipBytes } = firstLoadJs(dist, route);
  if (gzipBytes > largest.gzipBytes) largest = { route, gzipBytes };
  if (gzipBytes > FIRST_LOAD_BUDGET_BYTES)
    failures.push(
      `${route} loads ${(gzipBytes / 1024).toFixed(1)} KB of JavaScript (gzip) on first load; the budget is ${FIRST_LOAD_BUDGET_BYTES / 1024} KB. Load the heavy part with import() when it is needed.`,
    );
}
for (const route of all.filter(isDocs)) {
  const searchFiles = firstLoadJs(dist, route).files.filter((file) => /search-panel|pagefind/.test(file));
  if (searchFiles.length > 0) failures.push(`${route} loads search code before search is opened: ${searchFiles.join(', ')}.`);
}
process.stdout.write(
  `Budgets: ${all.filter((route) => !isDocs(route)).length} console routes (largest ${largest.route}, ${(largest.gzipBytes / 1024).toFixed(1)} KB gzip of ${FIRST_LOAD_BUDGET_BYTES / 1024} KB), ${all.filter(isDocs).length} docs pages without search code.\n`,
);
if (failures.length > 0) {
  process.stderr.write(`${failures.join('\n')}\n`);
  process.exit(1);
}
