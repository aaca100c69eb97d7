/**
 * The end-to-end tests drive Debian's Chromium. When it is missing, install it with apt-get
 * if we are root; otherwise stop and say how.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.SEEDBED_CHROMIUM ?? '/usr/bin/chromium';

function main() {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const isRoot = process.getuid?.() === 0;
  const hasAptGet = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasAptGet) {
    process.stderr.write(
      `Chromium was not found at ${CHROMIUM_PATH}; the end-to-end tests need it.\nInstall it with \`sudo apt-get install -y chromium\`, or set SEEDBED_CHROMIUM to the path of a Chromium binary.\n`,
    );
    process.exit(1);
  }
  process.stdout.write("Chromium not found: installing Debian's chromium package…\n");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-q', 'chromium'], { stdio: 'inherit', env });
}

main();
