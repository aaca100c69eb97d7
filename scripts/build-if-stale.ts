import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Everything the static build reads. A change to any of these makes the build stale. */
const BUILD_INPUTS = ['src', 'public', 'pipelines', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];
const STAMP_FILE = '.seedbed-build-stamp';

function* files(entry: string): Generator<string> {
  if (!fs.existsSync(entry)) return;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) {
    yield entry;
    return;
  }
  for (const child of fs.readdirSync(entry).sort()) yield* files(path.join(entry, child));
}

/** A fingerprint of the build inputs (paths, sizes, modification times) and the build-time settings. */
export function buildFingerprint(root: string): string {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for (const file of files(path.join(root, input))) {
      const stat = fs.statSync(file);
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('PUBLIC_')) hash.update(`${name}=${value}\n`);
  }
  return hash.digest('hex');
}

/** Runs `astro build` when `outDir` is missing or was built from other inputs. */
export function buildIfStale(root: string, outDir: string): void {
  const fingerprint = buildFingerprint(root);
  const stampPath = path.join(outDir, STAMP_FILE);
  const current = fs.existsSync(stampPath) ? fs.readFileSync(stampPath, 'utf8') : null;
  if (current === fingerprint && fs.existsSync(path.join(outDir, 'index.html'))) return;

  process.stdout.write(current ? 'Sources changed since the last build; rebuilding the console…\n' : 'Building the console (first start)…\n');
  const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--outDir', outDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    process.stderr.write('The console build failed (see above). Fix the error and run npm start again.\n');
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stampPath, fingerprint);
}
