/**
 * `npm run test:budgets` (part of `npm test`): sizes of the built site, as a pass/fail check.
 * - Every console route loads at most 100 KB of JavaScript (gzip) on first load.
 * - No docs page loads search code (Pagefind, the search panel) before search is opened, nor the
 *   console's React or shell (a chunk shared by mistake would bring them).
 * Sizes, not timings: the same build gives the same verdict on any machine.
 */
import path from 'node:path';
import { builtRoutes, consoleFirstLoads, FIRST_LOAD_BUDGET_BYTES, firstLoadJs, isDocsRoute } from '../tests/bench/bundle-size';
import { buildIfStale } from './build-if-stale';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

buildIfStale(root, dist);
const failures: string[] = [];
const consoleRoutes = consoleFirstLoads(dist);
for (const { route, gzipBytes } of consoleRoutes) {
  if (gzipBytes > FIRST_LOAD_BUDGET_BYTES)
    failures.push(
      `${route} loads ${kb(gzipBytes)} KB of JavaScript (gzip) on first load; the budget is ${FIRST_LOAD_BUDGET_BYTES / 1024} KB. Load the heavy part with import() when it is needed (see LazyDataTable, or the lazy forms and boards).`,
    );
}
const docsRoutes = builtRoutes(dist).filter(isDocsRoute);
for (const route of docsRoutes) {
  const files = firstLoadJs(dist, route).files;
  const searchFiles = files.filter((file) => /search-panel|pagefind/.test(file));
  if (searchFiles.length > 0) failures.push(`${route} loads search code before search is opened: ${searchFiles.join(', ')}.`);
  const consoleFiles = files.filter((file) => /\/(react|console-shell)\.[\w-]+\.js$/.test(file));
  if (consoleFiles.length > 0)
    failures.push(
      `${route} loads the console's ${consoleFiles.join(', ')}: a chunk it shares with the console pulls them in. Give that module a chunk of its own (CONSOLE_CHUNKS in astro.config.mjs).`,
    );
}
const largest = consoleRoutes[0];
process.stdout.write(
  `Budgets: ${consoleRoutes.length} console routes (largest ${largest?.route}, ${kb(largest?.gzipBytes ?? 0)} KB gzip of ${FIRST_LOAD_BUDGET_BYTES / 1024} KB), ${docsRoutes.length} docs pages without search or console code.\n`,
);
if (failures.length > 0) {
  process.stderr.write(`${failures.join('\n')}\n`);
  process.exit(1);
}
