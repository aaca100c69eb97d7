import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEnv } from './env';

const root = path.resolve(import.meta.dirname, '../..');

/** The README's Configuration section, up to the next heading. */
function readmeConfiguration(): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Configuration');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('the README', () => {
  it('lists every variable Seedbed reads in its configuration table', () => {
    const table = readmeConfiguration();
    const missing = describeEnv()
      .map((variable) => variable.name)
      .filter((name) => !table.includes(`\`${name}\``));
    expect(missing, 'add a row to README.md → Configuration for each').toEqual([]);
  });

  it('names in its table only variables Seedbed reads', () => {
    const known = new Set(describeEnv().map((variable) => variable.name));
    const named = [...readmeConfiguration().matchAll(/`((?:SEEDBED_|DATABASE_URL|PORT|HOST)[A-Z0-9_]*)`/g)].map((match) => match[1] as string);
    // PUBLIC_API_BASE_URL is read by the console's build, not the server.
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
